import groovy.json.JsonSlurper
import java.util.concurrent.TimeUnit

def cluster = context.get('flinkCluster')
def address = context.get('flinkAddress')
try {
    def log = new File(basedir, 'build.log').text
    assert log.contains('PASSED       recipes/windows/tumble-and-hop.md')
    assert log.contains('1 recipe on flink: 1 passed, 0 failed, 0 errors')
    // expected late-row counts cannot be checked there, and the build says so
    assert log.contains("[WARNING] Late-row counts are not compared: the Flink cluster at ${address} (cookbook.flink.address)")

    def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
    assert report.flinkVersion == '2.3.0'
    def tumble = report.recipes[0]
    assert tumble.results*.lateRowsDropped == [null, null]
    assert tumble.results[0].rows.contains(['+I', '2024-03-01 10:00:00.000', '2024-03-01 10:01:00.000', '2', '30'])

    // both queries ran as jobs on the session cluster, not in the build's JVM
    def jobs = new JsonSlurper().parse(new URL("http://${address}/jobs/overview"))
    assert jobs.jobs*.state == ['FINISHED', 'FINISHED']
} finally {
    cluster.outputStream.close()
    if (!cluster.waitFor(30, TimeUnit.SECONDS)) {
        cluster.destroyForcibly()
    }
}
assert new File(basedir, 'cluster.log').text.contains('Stopping')
return true
