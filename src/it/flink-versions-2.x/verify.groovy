import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// without the marker: Flink 2.0.0 has no PARSE_JSON, named with its version, line and Flink's sentence; the build fails
assert log.contains('Planned on Flink 2.0.0 (cookbook.flinkVersions): 1 plans, 1 fails')
assert log.contains('unmarked/events.md:11: on Flink 2.0.0: SELECT id, PARSE_JSON(payload) AS doc FROM events: '
        + 'From line 11, column 12 to line 11, column 30: No match found for function signature PARSE_JSON(')
assert log.contains('BUILD FAILURE')

// with the marker on the recipe: it needs Flink 2.1, so 2.0.0 does not plan it, and the build passes
assert log.contains('Planned on Flink 2.0.0 (cookbook.flinkVersions): 1 plans, 0 fails, 1 needs-newer-flink')
assert log.contains('BUILD SUCCESS')
def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
def events = report.recipes.find { it.path == 'marked/events.md' }
assert events.flinkVersions['2.0.0'] == [status: 'needs-newer-flink', line: 3, message: 'needs Flink 2.1']
def orders = report.recipes.find { it.path == 'marked/orders.md' }
assert orders.flinkVersions['2.0.0'] == [status: 'plans']
assert orders.worksSince == '2.0.0'
return true
