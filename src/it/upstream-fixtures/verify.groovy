import groovy.json.JsonSlurper
import java.nio.file.Files

// Every recipe Flink 2.3 accepts that needs no Python passes on generated fixtures, except the one whose
// join condition is computed from RAND() and CURRENT_TIMESTAMP: its rows differ from run to run, so it is planned only.
def notPassed = [
    'joins/02_interval_joins/02_interval_joins.md': 'planned',
    'joins/04_lookup_joins/04_lookup_joins.md': 'broken',
    'joins/05_star_schema/05_star_schema.md': 'broken',
    'udfs/01_python_udfs/01_python_udfs.md': 'not-runnable',
]
def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
def recipes = report.recipes.collectEntries { [(it.path): it] }
assert recipes.size() == 35
recipes.each { path, recipe ->
    def status = notPassed.getOrDefault(path, 'passed')
    assert recipe.status == status: "${path}: ${recipe.status}, ${recipe.problem}"
}
assert recipes['joins/04_lookup_joins/04_lookup_joins.md'].problem.line == 39
assert recipes['joins/02_interval_joins/02_interval_joins.md'].problem.line == 48
assert recipes['joins/02_interval_joins/02_interval_joins.md'].problem.message.contains('so its rows differ from run to run')
assert recipes['joins/05_star_schema/05_star_schema.md'].problem.line == 91

// Windows drop late rows and CURRENT_WATERMARK filters them exactly as far as the live faker connector's rows
// are late (docs/upstream-compatibility.md, "Which rows are late"): fixtures and Flink's rules are deterministic
def results = { path -> recipes[path].results }
def late = { path -> results(path).collect { it.lateRowsDropped ?: 0 }.sum() }
// 30 s of date.past against a 5 s watermark delay: rows timed before 12:00:00 that arrive after the watermark passed it
assert late('aggregations-and-analytics/11_window_top_n/11_window_top_n.md') == 345
// as late, but a 1-minute HOP window sliding by 30 s stays open 30 s longer than any row is late: none dropped
assert late('aggregations-and-analytics/10_hopping_time_windows/10_hopping_time_windows.md') == 0
// 10 to 45 s of date.past against a 15 s watermark delay: rows more than about 25 s behind are filtered as late
def watermark = results('other-builtin-functions/03_current_watermark/03_current_watermark.md')
assert watermark.find { it.sink == 'late_usage_events' }.rows.size() == 565
assert late('other-builtin-functions/03_current_watermark/03_current_watermark.md') == 0
// delays that spread no further than the watermark delay: no row is ever late, live or here
[
    'aggregations-and-analytics/02_watermarks/02_watermarks.md',
    'aggregations-and-analytics/03_group_by_session_window/03_group_by_session_window.md',
    'aggregations-and-analytics/04_over/04_over.md',
    'aggregations-and-analytics/07_chained_windows/07_chained_windows.md',
    'foundations/06_order_by/06_order_by.md',
    'foundations/08_statement_sets/08_statement_sets.md',
].each { path -> assert late(path) == 0: path }
// processing-time windows never fire in a bounded job
assert results('aggregations-and-analytics/01_group_by_window/01_group_by_window.md')[0].rows.isEmpty()

// Changelog sources read their generated changelogs: the CDC claims and the upsert-kafka rates
assert new File(basedir, 'fixtures/aggregations-and-analytics/09_cdc_materialized_view/09_cdc_materialized_view/accident_claims.csv')
        .readLines().collect { it.substring(0, 2) }.toSet() == ['+I', '-U', '+U', '-D'] as Set
assert new File(basedir, 'fixtures/joins/03_kafka_join/03_kafka_join/currency_rates.csv')
        .readLines().collect { it.substring(0, 2) }.toSet() == ['+I', '+U', '-D'] as Set

// A second run of cookbook:fixtures, into again/, wrote the same files with the same bytes
def tree = { File root ->
    def files = [:]
    root.eachFileRecurse(groovy.io.FileType.FILES) { files[root.toPath().relativize(it.toPath()).toString()] = it.bytes }
    files
}
def first = tree(new File(basedir, 'fixtures'))
def again = tree(new File(basedir, 'again'))
assert first.size() >= 40
assert first.keySet() == again.keySet()
first.each { path, bytes -> assert Arrays.equals(bytes, again[path]): "${path} differs between two runs" }
assert first.containsKey('aggregations-and-analytics/02_watermarks/02_watermarks/doctor_sightings.csv')
assert first.containsKey('joins/03_kafka_join/03_kafka_join/currency_rates.csv')
return true
