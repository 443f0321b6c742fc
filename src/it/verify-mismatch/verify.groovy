import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// One fixture row moved behind a newer one: it is now late, and the first window is short.
assert log.contains('FAILED       recipes/tumble-and-hop.md')
assert log.contains('recipes/tumble-and-hop.md:20: SELECT window_start, window_end, COUNT(*) AS cnt, ...: late rows dropped: expected 3 but was 4')
assert log.contains('recipes/tumble-and-hop.md:20: SELECT window_start, window_end, COUNT(*) AS cnt, ...: window [2024-03-01 10:00:00.000, 2024-03-01 10:01:00.000): expected cnt=2, total=30 but was cnt=1, total=10')
assert log.contains('run mvn cookbook:expected -Dcookbook.recipe=recipes/tumble-and-hop.md to accept the new values')
// the simulator explains which fixture row went missing, on Flink's run and on its own
def explanation = 'fixtures/readings.csv:3: row with event time 2024-03-01 10:00:40.000 dropped as late: watermark 2024-03-01 10:01:00.000 had already closed window [2024-03-01 10:00:00.000, 2024-03-01 10:01:00.000)'
assert log.count('[window changed] ' + explanation) == 3 // verify, simulate, and simulate with cookbook.failureIgnore
assert log.contains('1 recipe on flink: 0 passed, 1 failed, 0 errors')
assert log.contains('1 recipe on simulator: 0 passed, 1 failed, 0 errors')
assert log.contains('BUILD FAILURE')
assert !log.contains('at org.flinkcookbook') // a sentence, not a stack trace
assert log.contains('(the build goes on: cookbook.failureIgnore=true). 1 failed: run mvn cookbook:expected -Dcookbook.recipe=recipes/tumble-and-hop.md to accept the new values')

def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
def recipe = report.recipes[0] // written by the last goal, the simulator without cookbook.failureIgnore
assert recipe.status == 'failed'
assert recipe.results[0].lateRowsDropped == 4
assert recipe.results[0].mismatches.find { it.detail == 'late rows dropped' }.expected == '3'
assert report.engine == 'simulator'
assert recipe.results[0].lateRows*.fixtureLine == [3, 4, 5, 10]
assert recipe.results[0].lateRows[0].windowEnd == '2024-03-01 10:01:00.000'

// index.html, beside it: the window whose count changed, expected beside actual with the counts highlighted,
// and the timeline's red marks on the dropped fixture lines
def html = new File(basedir, 'target/cookbook/index.html').text
assert html.contains('<tr class="changed"><td class="e">+I</td><td class="e">2024-03-01 10:00:00.000</td><td class="e">2024-03-01 10:01:00.000</td><td class="e changed">2</td><td class="e changed">30</td>')
def figure = html.substring(html.indexOf('<figure class="timeline" data-line="20">'))
figure = figure.substring(0, figure.indexOf('</figure>'))
assert (figure =~ /<circle class="late"[^>]* data-line="(\d+)"/).collect { it[1] as int } == [3, 4, 5, 10]
return true
