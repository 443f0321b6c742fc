def expected = new File(basedir, 'recipes/tumble-and-hop.expected').text
// the values Flink computes replace the obsolete ones
assert expected.contains('late rows dropped: 3')
assert expected.contains('+I | 2024-03-01 10:00:00.000 | 2024-03-01 10:01:00.000 | 2 | 30')
assert !expected.contains('99')
assert !expected.contains('a statement that was removed')
assert expected.contains('== line 28: SELECT window_start, window_end, sensor, COUNT(*) AS cnt ...')
// the author's comment above a result survives
assert expected.contains('# Rows 4, 5 and 10 arrive behind the watermark.\n== line 20:')
// the Markdown is never touched, and no temporary file is left behind
assert new File(basedir, 'recipes/tumble-and-hop.md').bytes.digest('SHA-256') == new File(basedir, 'markdown.sha').text
assert new File(basedir, 'recipes').list().sort() == ['tumble-and-hop.expected', 'tumble-and-hop.md']

// cookbook.daemon=true: one warm engine served both builds, and cookbook:stop ended it
def log = new File(basedir, 'build.log').text
assert log.contains('WRITTEN      recipes/tumble-and-hop.md')
assert log.contains('PASSED       recipes/tumble-and-hop.md (2 results')
def started = (log =~ /Started a warm engine for this project \(process (\d+)\)/)
assert started.size() == 1: 'the second build reuses the warm engine the first started'
def pid = started[0][1] as long
assert log.contains("Stopped the warm engine of ${basedir.canonicalPath} (process ${pid})")
def daemon = ProcessHandle.of(pid)
if (daemon.isPresent()) {
    // it closes Flink before it exits: on a loaded machine (load average 35) that took longer than 30 s
    daemon.get().onExit().get(120, java.util.concurrent.TimeUnit.SECONDS)
}
assert !ProcessHandle.of(pid).map { it.isAlive() }.orElse(false): "the warm engine ${pid} still runs after cookbook:stop"
return true
