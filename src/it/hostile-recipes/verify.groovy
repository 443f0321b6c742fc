def log = new File(basedir, 'build.log').text
def refused = { String recipe, String message ->
    assert log.contains('ERROR        recipes/' + recipe) : recipe
    assert log.contains('recipes/' + recipe + ':') && log.contains(message) : message
}
refused('etc.md', 'reads t, which is read from /etc/hostname, outside the project and fixtures directories')
refused('dotdot.md', 'hostile-outside/secret.csv, outside the project and fixtures directories')
refused('link.md', 'link.csv, outside the project and fixtures directories')
refused('jar.md', 'recipes may not load jars')
refused('function-jar.md', 'recipes may not load function code with USING JAR')
refused('function-class.md', 'the function class java.lang.Runtime is not allowed')
refused('settings.md', "recipes may not set 'pipeline.jars'")
refused('module.md', 'recipes may not load modules other than core')
refused('catalog.md', 'recipes may only create in-memory catalogs')
refused('kafka.md', "would open a network connection (connector 'kafka')")
refused('endless.md', "reads an unbounded source (connector 'datagen'); bind a fixture with <!-- cookbook:fixture TABLE = file.csv -->")
assert log.contains('PASSED       recipes/captured-sink.md')
assert log.contains('12 recipes on flink: 1 passed, 0 failed, 11 error')

// nothing outside the project was read or written
def outside = new File(basedir, '../hostile-outside')
assert outside.list().sort() == ['secret.csv', 'sink']
assert new File(outside, 'sink').list().length == 0
assert new File(outside, 'secret.csv').text == '42,secret\n'
assert !log.contains('42,secret') && !log.contains('secret |')
return true
