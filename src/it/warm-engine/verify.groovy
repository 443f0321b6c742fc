// cookbook.daemon=true: one warm engine served both builds, and cookbook:stop ended it
def log = new File(basedir, 'build.log').text
def started = (log =~ /Started a warm engine for this project \(process (\d+)\)/)
assert started.size() == 1: 'the second build reuses the warm engine the first started'
def pid = started[0][1] as long
assert log.count('PASSED       recipes/windows/tumble-and-hop.md') == 2
assert log.contains("Stopped the warm engine of ${basedir.canonicalPath} (process ${pid})") || log.contains("(process ${pid})")
def daemon = ProcessHandle.of(pid)
if (daemon.isPresent()) {
    // it closes Flink before it exits: on a loaded machine (load average 35) that took longer than 30 s
    daemon.get().onExit().get(120, java.util.concurrent.TimeUnit.SECONDS)
}
assert !ProcessHandle.of(pid).map { it.isAlive() }.orElse(false): "the warm engine ${pid} still runs after cookbook:stop"
return true
