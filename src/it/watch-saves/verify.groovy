import java.util.concurrent.TimeUnit

// cookbook:watch (on the simulator, a tumbling window) with its keys typed into a pipe (no terminal: watch.LineKeyboard reads lines):
// its first run passes the recipe as committed; then a fixture saved while it runs: the save runs the recipe again, which fails; u writes its new values,
// which verifies it again, passing; a second save fails it again, and q ends the watch with BUILD SUCCESS.
def settings = [basedir.parentFile, basedir.parentFile.parentFile]
        .collect { new File(it, 'interpolated-settings.xml') }
        .find { it.isFile() }
def command = [new File(System.getProperty('maven.home'), 'bin/mvn').path, '-B', '-o',
               "-Dmaven.repo.local=${localRepositoryPath}".toString()]
if (settings != null) {
    command += ['-s', settings.path]
}
// the README's command, as written, on a cookbook laid out as the sample is: recipes/pom.xml (the sample's own) and
// fixtures/ beside recipes/ (ReadmeCommandsTest checks that this line holds it)
new File(basedir, 'recipes/pom.xml').text = new File(pluginDirectory, 'recipes/pom.xml').text
command += '-f recipes/pom.xml cookbook:watch -Dcookbook.engine=simulator'.split(' ').toList()
def builder = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true)
builder.environment().put('MAVEN_OPTS', '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC')
def watch = builder.start()
def lines = Collections.synchronizedList([])
def log = new File(basedir, 'watch.log')
Thread.start {
    watch.inputStream.eachLine('UTF-8') { line ->
        lines << line
        log << line + '\n'
    }
}
def waitFor = { String text, int after ->
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180)
    while (System.nanoTime() < until) {
        synchronized (lines) {
            if (lines.drop(after).any { it.contains(text) }) {
                return lines.size()
            }
        }
        if (!watch.isAlive()) {
            break
        }
        Thread.sleep(100)
    }
    watch.destroyForcibly()
    assert false: "the watch did not print '${text}'; its output is in ${log}"
}
def type = { String key ->
    watch.outputStream.write((key + '\n').getBytes('UTF-8'))
    watch.outputStream.flush()
}
try {
    int seen = waitFor('Watching 1 recipes on simulator', 0)
    synchronized (lines) { // the first run, before the prompt: the recipe passes as committed
        assert lines.take(seen).any { it.contains('PASSED') && it.contains('tumble.md') }: "see ${log}"
    }
    // the first row's reading 10 becomes 11: the first minute's total is 31, not 30
    def fixture = new File(basedir, 'fixtures/readings.csv')
    fixture.text = fixture.text.replaceFirst('1,s1,10,', '1,s1,11,')
    seen = waitFor('FAILED', seen)
    waitFor('window [2024-03-01 10:00:00.000, 2024-03-01 10:01:00.000): expected total=30 but was total=31', 0)
    type('u')
    seen = waitFor('PASSED', seen)
    // a save that fails again, and q while it fails: the watch ends cleanly, each run said what failed
    fixture.text = fixture.text.replaceFirst('1,s1,11,', '1,s1,12,')
    int saved = seen
    seen = waitFor(': 1 failed', seen)
    waitFor('expected total=31 but was total=32', saved)
    waitFor('to accept', saved)
    synchronized (lines) { // as many rows late as expected: an on-time row's new value changed the window, no late row
        assert lines.drop(saved).any { it.contains('3 rows dropped as late:') }
        assert !lines.drop(saved).any { it.contains('[window changed]') }: "see ${log}"
    }
    type('q')
    assert watch.waitFor(120, TimeUnit.SECONDS): 'q ends the watch'
    waitFor('Stopped watching', 0)
    assert watch.exitValue() == 0: "q during a failure ends the watch with BUILD SUCCESS; its output is in ${log}"
    waitFor('BUILD SUCCESS', 0)
    synchronized (lines) {
        assert !lines.any { it.contains('BUILD FAILURE') || it.contains('[Help 1]') }: "see ${log}"
    }
} finally {
    watch.destroyForcibly()
}
assert new File(basedir, 'recipes/windows/tumble.expected').text
        .contains('+I | 2024-03-01 10:00:00.000 | 2024-03-01 10:01:00.000 | 2 | 31')
return true
