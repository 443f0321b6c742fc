import groovy.json.JsonSlurper
import java.security.MessageDigest

def log = new File(basedir, 'build.log').text
assert log.contains('PASSED       recipes/windows/tumble-and-hop.md')
assert log.contains('PASSED       recipes/windows/watermarks.md')
assert log.contains('2 recipes on simulator: 2 passed, 0 failed, 0 errors')
// the simulator and verify run 1 run the recipe, verify run 2 reports it from the cache
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (2 results, ') == 2
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (cached: unchanged since it passed)') == 1
assert log.count('PASSED       recipes/windows/watermarks.md (cached: unchanged since it passed)') == 1
assert log.count('2 recipes on flink: 2 passed, 0 failed, 0 errors') == 2
// the cached run wrote its reports where it was told, not over the first run's
assert new JsonSlurper().parse(new File(basedir, 'target/cookbook-cached/report.json')).recipes*.status == ['passed', 'passed']

// the passes are kept outside the project, one signed file per recipe, in a directory of this user's only
assert !new File(basedir, 'target/cookbook/cache').exists()
def project = basedir.toPath().toRealPath().toString()
def hash = MessageDigest.getInstance('SHA-256').digest(project.getBytes('UTF-8')).encodeHex().toString().substring(0, 32)
def passes = new File(localRepositoryPath, ".cache/cookbook-maven-plugin/passes/${hash}")
def stored = passes.listFiles().findAll { it.name.endsWith('.json') }*.text
assert stored.size() == 2
assert stored.every { it =~ /^[0-9a-f]{64}\n\{/ }
assert stored.any { it.contains('"recipe":"recipes/windows/tumble-and-hop.md"') }
assert stored.any { it.contains('"recipe":"recipes/windows/watermarks.md"') }
assert java.nio.file.Files.getPosixFilePermissions(passes.toPath()) == java.nio.file.attribute.PosixFilePermissions.fromString('rwx------')
// Flink's own logging stays out of the build output
assert !log.contains('INFO org.apache.flink')
assert !log.contains('org.apache.flink.runtime')

def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
assert report.engine == 'flink'
assert report.flinkVersion == '2.3.0'
def recipes = report.recipes.collectEntries { [(it.path): it] }
def tumble = recipes['recipes/windows/tumble-and-hop.md']
assert tumble.status == 'passed'
assert tumble.results.size() == 2 // the skipped block does not run
assert tumble.results[0].line == 20
assert tumble.results[0].columns == ['window_start', 'window_end', 'cnt', 'total']
assert tumble.results[0].lateRowsDropped == 3
assert tumble.results[0].rows.contains(['+I', '2024-03-01 10:00:00.000', '2024-03-01 10:01:00.000', '2', '30'])
def watermarks = recipes['recipes/windows/watermarks.md']
def sinks = watermarks.results.findAll { it.sink != null }
assert sinks*.sink == ['late_rows', 'on_time']
assert sinks*.rows*.size() == [5, 5]
assert watermarks.results.find { it.line == 18 }.lateRowsDropped == null
assert watermarks.results.find { it.line == 26 }.lateRowsDropped == 5
assert watermarks.results.find { it.line == 30 }.lateRowsDropped == 0
// Surefire's report reads the JUnit XML: the recipe's directories as the package, its name as the class,
// the statements as test names
def surefireHtml = new File(basedir, 'target').listFiles().findAll { it.directory }.collectMany { dir ->
    dir.listFiles().findAll { it.name.startsWith('surefire') && it.name.endsWith('.html') }
}
assert surefireHtml.size() == 1: "no Surefire report under target: ${new File(basedir, 'target').list()}"
def page = surefireHtml[0].text
assert page.contains('recipes.windows')
assert page.contains('tumble-and-hop') && page.contains('watermarks')
assert page.contains('SELECT window_start, window_end, COUNT(*) AS cnt, ...')
assert !page.contains('>md<')

// index.html beside report.json: verify explains passing results too, so the windowed ones have timelines
// whose red marks are the dropped fixture lines of report.json
def html = new File(basedir, 'target/cookbook/index.html').text
def figureStart = html.indexOf('<figure class="timeline" data-line="20">')
assert figureStart >= 0
def figure = html.substring(figureStart, html.indexOf('</figure>', figureStart))
assert tumble.results[0].lateRows.size() == 3
assert (figure =~ /<circle class="late"[^>]* data-line="(\d+)"/).collect { it[1] as int } == tumble.results[0].lateRows*.fixtureLine
return true
