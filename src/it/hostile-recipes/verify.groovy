import groovy.json.JsonSlurper
import java.nio.file.Files
import java.nio.file.LinkOption
import javax.xml.parsers.DocumentBuilderFactory

// build.log holds all three runs: verify, simulate, expected
def log = new File(basedir, 'build.log').text
def outside = new File(basedir, '../hostile-outside')

// the canary never shows: not in the output, not in any report, not in any file written here
assert !log.contains('CANARY7f3a')
Files.walk(basedir.toPath()).withCloseable { files ->
    files.filter { Files.isRegularFile(it, LinkOption.NOFOLLOW_LINKS) && !it.fileName.toString().endsWith('.groovy') }.each {
        assert !it.toFile().text.contains('CANARY7f3a') : it.toString()
    }
}
// nothing outside the project was written
assert outside.list().sort() == ['recipe.md', 'secret.csv', 'sink']
assert new File(outside, 'sink').list().length == 0
assert new File(outside, 'secret.csv').text == '42,CANARY7f3a\n'
// the recipe linked from outside is not read at all
assert !log.contains('outside-link.md')

// no line of the output starts a workflow command but the plugin's own annotations, whose paths are
// relative to the Git work tree's top (GITHUB_WORKSPACE is unset)
def top = basedir.toPath().toAbsolutePath()
while (top != null && !java.nio.file.Files.exists(top.resolve('.git'))) {
    top = top.parent
}
def inTop = top == null ? '' : top.relativize(basedir.toPath().toAbsolutePath()).toString()
def inRepository = inTop.isEmpty() ? '' : inTop + '/'
def annotation = ~('::(error|warning) file=' + java.util.regex.Pattern.quote(inRepository)
        + 'recipes/[^,:]*,line=\\d+,title=cookbook [a-z-]+::.*')
log.eachLine { line ->
    if (line.trim().startsWith('::') || line.trim().startsWith('##[')) {
        // the file name is escaped: no ':' or ',' before the message, whatever the recipe is called
        assert annotation.matcher(line).matches() : line
    }
}
// Flink's stack traces stay out of the build output
assert !log.contains('\tat org.apache.flink')
assert !log.contains('Exception in thread')

// every run wrote its reports, and every JUnit file parses
def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
assert report.recipes.size() > 20
new File(basedir, 'target/cookbook-reports').eachFileMatch(~/TEST-.*\.xml/) {
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(it)
}

def verifyLine = { String status, String recipe ->
    assert log.contains(status.padRight(13) + 'recipes/' + recipe) : status + ' ' + recipe
}
def says = { String recipe, String message ->
    assert log.contains('recipes/' + recipe + ':') && log.contains(message) : recipe + ': ' + message
}
// reads outside the project, however they are written: refused by Flink's file system
// (Flink itself refuses a relative file: URI; the simulator reads none of these)
['alter-path.md', 'redefined.md', 'hint.md', 'renamed.md', 'link-dir.md', 'relative.md'].each {
    assert log =~ /(ERROR|BROKEN) +recipes\/${it}/ : it
}
['alter-path.md', 'redefined.md', 'hint.md', 'renamed.md', 'link-dir.md'].each {
    says(it, 'recipes may only read files under the project and fixtures directories')
}
// code, settings and writes: refused before anything runs
def refused = { String recipe, String message -> verifyLine('ERROR', recipe); says(recipe, 'refused before running: '); says(recipe, message) }
refused('jar.md', "ADD JAR '/tmp/evil.jar': recipes may not load jars")
refused('function-jar.md', "recipes may not load function code with USING JAR")
refused('function-class.md', "the function class java.lang.Runtime is not allowed")
refused('alter-function.md', "the function class java.lang.Runtime is not allowed")
refused('settings.md', "recipes may not set 'pipeline.jars'")
refused('module.md', "recipes may not load modules other than core")
refused('catalog.md', "recipes may only create in-memory catalogs")
refused('compile-plan.md', "COMPILE PLAN writes a plan file")
refused('replace-table-as.md', "REPLACE TABLE ... AS SELECT writes through the table's connector")
refused('datagen-huge.md', "is not a row count from 0 to 1000000")
// hangs are stopped, and the recipe after them passes
says('hangs/regex-planning.md', 'stopped: planning this statement took longer than 3 s (cookbook.timeout)')
verifyLine('ERROR', 'hangs/regex-running.md')
// a task that ignores its cancellation, in the engine JVM of verify (expected runs in the same one, on the
// other recipes): stopped, and the recipes after it run on a sound cluster (zz-after passes)
says('hangs/regex-running.md', 'stopped: running this statement took longer than 3 s (cookbook.timeout)')
says('hangs/regex-running.md', 'stopped: simulating this statement took longer than 5 s (cookbook.timeout)')
// a stopped thread leaves no class failing for the recipes after it (a stop inside a static initializer would)
assert !log.contains('the plugin could not run this recipe')
// under every goal, the well-behaved recipe after them all still ends in time
assert log.count('PASSED       recipes/zz-after.md') == 2 && log.contains('WRITTEN      recipes/zz-after.md')
verifyLine('PASSED', 'captured-sink.md')
// an expected file that links outside is never followed
says('expected-link.md', 'expected-link.expected is a symbolic link')
// a missing fixture is one sentence
verifyLine('ERROR', 'missing-fixture.md')

// secrets and the build's files inside the project are refused at their line, on every goal, and
// the token reaches no output, report, JUnit file or fixture
assert !log.contains('TOKEN5e1b7')
Files.walk(new File(basedir, 'target').toPath()).withCloseable { files ->
    files.filter { Files.isRegularFile(it, LinkOption.NOFOLLOW_LINKS) && it.fileName.toString() != 'secret.txt' }.each {
        assert !it.toFile().text.contains('TOKEN5e1b7') : it.toString()
    }
}
refused('git-config.md', "'path' = '.git/config' may not be read: it lies in a Git directory (.git)")
refused('git-nested.md', "may not be read: it lies in a Git directory (.git)")
refused('build-dir.md', "'path' = 'target/secret.txt' may not be read: it lies in")
refused('fifo.md', "may not be read: it is not a regular file")
refused('git-fixture.md', "the fixture vendored/.git/config may not be read: it lies in a Git directory (.git)")
// no raw control character of a value (injected.md's bell) reaches the output, annotations included
assert !(log =~ /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\u0085\u2028\u2029]/)

// cookbook:fixtures: Datafaker runs only its data providers and pattern methods, within limits
says('faker-url.md', "cannot generate a fixture for t: the expression #{addUrl 'en','http://127.0.0.1:9/x.yml'} is not allowed in a fixture")
says('faker-reflect.md', "cannot generate a fixture for t: the expression #{Name.getClass} is not allowed in a fixture")
says('faker-regex.md', "cannot generate a fixture for t: #{regexify '(a{1000}){1000}'} makes values of up to 1000000 characters")
says('datagen-huge.md', "cannot generate a fixture for numbers: the fixture would be larger than 64 MiB")
['faker-url', 'faker-reflect', 'faker-regex', 'datagen-huge'].each {
    def directory = new File(basedir, "fixtures/${it}")
    assert !directory.exists() || directory.list().length == 0 : it // no fixture, no temporary file
}

// the cache: what the work tree holds under target/ forges no pass and redirects nothing; passes
// are kept outside the checkout, in a directory of this user's only (made 0700)
verifyLine('FAILED', 'forged-cache.md')
assert !log.contains('recipes/forged-cache.md (cached')
def elsewhere = new File(basedir, '../hostile-outside-cache')
assert elsewhere.list().sort() == ['keep.json', 'reports']
assert new File(elsewhere, 'keep.json').text == '{"mine": true}'
assert new File(elsewhere, 'reports').list().length == 0
assert new File(basedir, 'target/cookbook/cache/passed.txt').text.startsWith('0000')
def passes = new File(localRepositoryPath, '.cache/cookbook-maven-plugin/passes').toPath()
assert Files.isDirectory(passes, LinkOption.NOFOLLOW_LINKS)
assert java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(passes)) == 'rwx------'
// a linked JUnit directory is refused with a sentence
assert log.contains(new File(basedir, 'target/linked-reports').toPath().toAbsolutePath().normalize().toString()
        + ' is a symbolic link, and reports, expected files and the cache are never written or read through one')
// paths in prose are neither read nor hashed (no hang on /proc), and a path the old pattern missed is read
verifyLine('PASSED', 'prose-proc.md')
verifyLine('PASSED', 'commented-path.md')
// a git reference that starts with '-' is refused, and git writes nothing
assert log.contains('cookbook.changedSince=--output=target/written-by-git.txt is not a git revision')
assert !new File(basedir, 'target/written-by-git.txt').exists()
assert !new File(basedir, '--output=target/written-by-git.txt').exists()
return true
