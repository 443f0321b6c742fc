import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// without the marker: Flink 1.20.3 rejects PRINTF, named with its version, line and Flink's sentence; the build fails
assert log.contains('Planned on Flink 1.20.3 (cookbook.flinkVersions): 1 plans, 1 fails')
assert log.contains("unmarked/labels.md:13: on Flink 1.20.3: SELECT PRINTF('%s-%d', customer, id) AS label FROM orders: "
        + 'From line 13, column 8 to line 13, column 36: No match found for function signature PRINTF(')
assert log.contains('FLINK 1.20.3 unmarked/labels.md:13: on Flink 1.20.3: SELECT PRINTF')
assert log.contains('1 failing on a listed Flink version (cookbook.flinkVersions): mark the recipe <!-- cookbook:flink >= VERSION --> with the oldest Flink after 1.20.3 that plans it')
assert log.contains('BUILD FAILURE')
// the plugin's own Flink plans it all the same
assert log.contains('PLANNED      unmarked/labels.md')

// with the marker: it needs Flink 2.0, so 1.20.3 does not plan it, and the build passes
assert log.contains('Planned on Flink 1.20.3 (cookbook.flinkVersions): 1 plans, 0 fails, 1 needs-newer-flink')
assert log.contains('BUILD SUCCESS')
def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
def labels = report.recipes.find { it.path == 'marked/labels.md' }
assert labels.flinkVersions['1.20.3'] == [status: 'needs-newer-flink', line: 12, message: 'needs Flink 2.0']
assert labels.worksSince == null
def orders = report.recipes.find { it.path == 'marked/orders.md' }
assert orders.flinkVersions['1.20.3'] == [status: 'plans']
assert orders.worksSince == '1.20.3'
return true
