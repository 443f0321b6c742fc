import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.util.concurrent.TimeUnit

// The README's quick start as a new user runs it, on a copy of this checkout's tracked files (as a fresh clone has
// them) with a local repository of its own, filled from the outer build's through the invoker's settings: each
// command as the README writes it (ReadmeCommandsTest checks that this file holds them), then what pins the run
// here (-s, -Dmaven.repo.local; CI=true so that no warm engine stays).
def plugin = new File(pluginDirectory.toString())
def clone = new File(basedir, 'clone')
def tracked = new ProcessBuilder('git', '-C', plugin.path, 'ls-files', '-z').start().inputStream.text.split('\u0000')
tracked.findAll { it && new File(plugin, it).file }.each { path ->
    def copy = new File(clone, path)
    copy.parentFile.mkdirs()
    Files.copy(new File(plugin, path).toPath(), copy.toPath(), StandardCopyOption.COPY_ATTRIBUTES)
}
def settings = [basedir.parentFile, basedir.parentFile.parentFile]
        .collect { new File(it, 'interpolated-settings.xml') }
        .find { it.isFile() }
def pinned = ['-s', settings.path, "-Dmaven.repo.local=${new File(basedir, 'repo')}".toString()]

def start = { String readme, String name ->
    def builder = new ProcessBuilder(readme.split(' ').toList() + pinned).directory(clone).redirectErrorStream(true)
    builder.environment().put('CI', 'true')
    builder.redirectOutput(new File(basedir, name + '.log'))
    builder.start()
}
def run = { String readme, String name ->
    def process = start(readme, name)
    assert process.waitFor(1800, TimeUnit.SECONDS): "${readme} did not end; see ${name}.log"
    def output = new File(basedir, name + '.log').text
    assert process.exitValue() == 0: "${readme} failed; see ${new File(basedir, name + '.log')}"
    output
}

// Quick start: build the plugin, then verify the sample cookbook on Flink
run('./mvnw -B -ntp install -DskipTests -Dinvoker.skip=true', 'install')
def verified = run('./mvnw -B -ntp -f recipes/pom.xml cookbook:verify', 'quick-start')
assert verified.contains('BUILD SUCCESS')
assert verified =~ /\d+ recipes on flink: \d+ passed, 0 failed/

// Other Flink versions: the sample cookbook plans on all six the registry serves
def planned = run('./mvnw -B -ntp -f recipes/pom.xml cookbook:verify -Dcookbook.flinkVersions=1.19.3,1.20.3,2.0.0,2.1.1,2.2.0,2.3.0', 'versions')
['1.19.3', '1.20.3', '2.0.0', '2.1.1', '2.2.0', '2.3.0'].each { version ->
    assert planned =~ /Planned on Flink ${java.util.regex.Pattern.quote(version)} \(cookbook.flinkVersions\): \d+ plans, 0 fails/
}

// Watch mode on Flink: every recipe once, then q (a pipe: the letter, then Enter) ends it with BUILD SUCCESS
def watch = start('mvn -f recipes/pom.xml cookbook:watch'.replaceFirst('^mvn', './mvnw'), 'watch')
def watchLog = new File(basedir, 'watch.log')
long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(900)
while (!watchLog.text.contains('Watching ') && watch.isAlive() && System.nanoTime() < until) {
    Thread.sleep(200)
}
try {
    assert watchLog.text.contains('Watching '): "the watch did not start; see ${watchLog}"
    watch.outputStream.write('q\n'.getBytes('UTF-8'))
    watch.outputStream.flush()
    assert watch.waitFor(120, TimeUnit.SECONDS): 'q ends the watch'
    assert watch.exitValue() == 0 && watchLog.text.contains('BUILD SUCCESS'): "see ${watchLog}"
} finally {
    watch.destroyForcibly()
}
return true
