def log = new File(basedir, 'build.log').text
// runs 1 and 3 run the recipe, run 2 reports it from the cache
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (2 results, ') == 2
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (cached: unchanged since it passed)') == 1
assert log.count('PASSED       recipes/windows/watermarks.md (cached: unchanged since it passed)') == 1
assert log.count('2 recipes on flink: 2 passed, 0 failed, 0 errors') == 3

def passed = new File(basedir, 'target/cookbook/cache/passed.txt').readLines()
assert passed*.split(' ')*.getAt(1).sort() == ['recipes/windows/tumble-and-hop.md', 'recipes/windows/watermarks.md']
return true
