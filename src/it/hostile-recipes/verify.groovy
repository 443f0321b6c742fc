def log = new File(basedir, 'build.log').text
def stopped = { String status, String recipe, String message ->
    assert log.contains(status.padRight(13) + 'recipes/' + recipe) : recipe
    assert log.contains('recipes/' + recipe + ':') && log.contains(message) : message
}
// code and settings from outside the build: refused, the build fails
def refused = { String recipe, String message -> stopped('ERROR', recipe, 'refused before running: ' + message) }
// data from outside the project: never read, only planned with Flink, and said so
def plannedOnly = { String recipe, String message -> stopped('PLANNED', recipe, message) }
plannedOnly('etc.md', 'planned, not run: SELECT * FROM t: reads t, which is read from /etc/hostname, outside the project and fixtures directories')
plannedOnly('dotdot.md', 'hostile-outside/secret.csv, outside the project and fixtures directories')
plannedOnly('link.md', 'link.csv, outside the project and fixtures directories')
refused('jar.md', "ADD JAR '/tmp/evil.jar': recipes may not load jars")
refused('function-jar.md', "CREATE FUNCTION evil AS 'com.example.Evil' USING JAR ...: recipes may not load function code with USING JAR")
refused('function-class.md', "CREATE TEMPORARY FUNCTION evil AS 'java.lang.Runtime': the function class java.lang.Runtime is not allowed")
refused('settings.md', "SET 'pipeline.jars' = 'file:///tmp/evil.jar': recipes may not set 'pipeline.jars'")
refused('module.md', "LOAD MODULE hive WITH ('hive-version' = '3.1.3'): recipes may not load modules other than core")
refused('catalog.md', "CREATE CATALOG pg WITH ('type' = 'jdbc', 'base-url' = ...: recipes may only create in-memory catalogs")
plannedOnly('kafka.md', "planned with stand-ins, not run: it reads orders (line 4: connector 'kafka' is not available in this build)")
plannedOnly('endless.md', "planned, not run: SELECT * FROM endless: reads endless, which reads an unbounded source (connector 'datagen'); bind a fixture with <!-- cookbook:fixture TABLE = file.csv -->")
assert log.contains('PASSED       recipes/captured-sink.md')
assert log.contains('12 recipes on flink: 1 passed, 0 failed, 6 error, 5 planned only')

// nothing outside the project was read or written
def outside = new File(basedir, '../hostile-outside')
assert outside.list().sort() == ['secret.csv', 'sink']
assert new File(outside, 'sink').list().length == 0
assert new File(outside, 'secret.csv').text == '42,secret\n'
assert !log.contains('42,secret') && !log.contains('secret |')
return true
