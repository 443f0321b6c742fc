// Flink 1.20.3 rejects PRINTF; marked <!-- cookbook:flink >= 2.0 -->, the recipe needs Flink 2.0 there
def checks = evaluate(new File(pluginDirectory, 'src/it/flink-versions.groovy'))
def labels = checks(
        basedir,
        '1.20.3',
        "unmarked/labels.md:13: on Flink 1.20.3: SELECT PRINTF('%s-%d', customer, id) AS label FROM orders: "
                + 'From line 13, column 8 to line 13, column 36: No match found for function signature PRINTF(',
        'marked/labels.md',
        [status: 'needs-newer-flink', line: 12, message: 'needs Flink 2.0'])
assert labels.worksSince == null

def log = new File(basedir, 'build.log').text
assert log.contains('FLINK 1.20.3 unmarked/labels.md:13: on Flink 1.20.3: SELECT PRINTF')
assert log.contains('1 failing on a listed Flink version (cookbook.flinkVersions): mark the recipe <!-- cookbook:flink >= VERSION --> with the oldest Flink after 1.20.3 that plans it')
// the plugin's own Flink plans it all the same
assert log.contains('PLANNED      unmarked/labels.md')
return true
