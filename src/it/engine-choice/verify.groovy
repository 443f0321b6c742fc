// cookbook.fork=false ran Flink in Maven's JVM; the engine choice is checked before anything runs
def log = new File(basedir, 'build.log').text
assert log.contains('PASSED       recipes/windows/tumble-and-hop.md')
assert log.contains('1 recipe on flink: 1 passed, 0 failed, 0 error')
assert !log.contains('warm engine')
assert log.contains("cookbook.engine is 'simulater', which names no engine: run with -Dcookbook.engine=flink or -Dcookbook.engine=simulator")
assert log.contains('cookbook.engine=simulator runs no Flink, yet cookbook.fork=false is set, which only Flink takes: run without it, or with -Dcookbook.engine=flink')
// neither refused goal wrote an expected file
assert new File(basedir, 'recipes/windows/tumble-and-hop.expected').text == new File(pluginDirectory, 'src/it/engine-choice/recipes/windows/tumble-and-hop.expected').text
return true
