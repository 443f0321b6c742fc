def log = new File(basedir, 'build.log').text
assert log.contains('NO-EXPECTED  recipes/tumble-and-hop.md')
assert log.contains('FAILED       recipes/tumble-and-hop.md')
assert log.contains('recipes/tumble-and-hop.md:1: has no expected values (recipes/tumble-and-hop.expected)')
assert log.contains('run mvn cookbook:expected -Dcookbook.recipe=recipes/tumble-and-hop.md to record its values')
assert log.contains('PASSED       recipes/second.md')
assert log.contains('2 recipes on flink: 1 passed, 1 failed, 0 errors')
return true
