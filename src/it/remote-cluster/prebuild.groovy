// Starts a Flink session cluster in its own JVM from the plugin's Flink jars and points the build
// at its REST endpoint through test.properties. verify.groovy stops it; if that never runs, the
// cluster stops when this Maven JVM exits and closes its standard input.
import java.util.concurrent.TimeUnit

def portFile = new File(basedir, 'target/cluster.port')
portFile.parentFile.mkdirs()
def java = new File(System.getProperty('java.home'), 'bin/java').path
def classpath = [flinkClusterClasspath, flinkClusterLoggingClasspath].collect { new File(it).text.trim() }.join(File.pathSeparator)
def process = new ProcessBuilder(java, '-Xmx512m', '-XX:TieredStopAtLevel=1', '-cp', classpath, 'cluster/SessionCluster.java', portFile.path)
        .directory(basedir)
        .redirectErrorStream(true)
        .redirectOutput(new File(basedir, 'cluster.log'))
        .start()
context.put('flinkCluster', process)

long deadline = System.currentTimeMillis() + TimeUnit.MINUTES.toMillis(2)
while (!portFile.exists()) {
    if (!process.alive || System.currentTimeMillis() > deadline) {
        process.destroyForcibly()
        throw new IllegalStateException('the Flink session cluster did not start: ' + new File(basedir, 'cluster.log').text)
    }
    Thread.sleep(200)
}
def address = "127.0.0.1:${portFile.text.trim()}"
context.put('flinkAddress', address)
new File(basedir, 'test.properties').text = "cookbook.flink.address=${address}\n"
return true
