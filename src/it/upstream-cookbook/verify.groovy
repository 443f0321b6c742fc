import groovy.json.JsonSlurper

def planned = [
    'aggregations-and-analytics/01_group_by_window/01_group_by_window.md',
    'aggregations-and-analytics/01_group_by_window/01_group_by_window_tvf.md',
    'aggregations-and-analytics/02_watermarks/02_watermarks.md',
    'aggregations-and-analytics/03_group_by_session_window/03_group_by_session_window.md',
    'aggregations-and-analytics/04_over/04_over.md',
    'aggregations-and-analytics/05_top_n/05_top_n.md',
    'aggregations-and-analytics/06_dedup/06_dedup.md',
    'aggregations-and-analytics/07_chained_windows/07_chained_windows.md',
    'aggregations-and-analytics/08_match_recognize/08_match_recognize.md',
    'aggregations-and-analytics/09_cdc_materialized_view/09_cdc_materialized_view.md',
    'aggregations-and-analytics/10_hopping_time_windows/10_hopping_time_windows.md',
    'aggregations-and-analytics/11_window_top_n/11_window_top_n.md',
    'aggregations-and-analytics/12_lag/12_lag.md',
    'foundations/01_create_table/01_create_table.md',
    'foundations/02_insert_into/02_insert_into.md',
    'foundations/03_temporary_table/03_temporary_table.md',
    'foundations/04_where/04_where.md',
    'foundations/05_group_by/05_group_by.md',
    'foundations/06_order_by/06_order_by.md',
    'foundations/07_views/07_views.md',
    'foundations/08_statement_sets/08_statement_sets.md',
    'foundations/09_convert_timezones/09_convert_timezones.md',
    'joins/01_regular_joins/01_regular_joins.md',
    'joins/02_interval_joins/02_interval_joins.md',
    'joins/03_kafka_join/03_kafka_join.md',
    'joins/06_lateral_join/06_lateral_join.md',
    'other-builtin-functions/01_date_time/01_date_time.md',
    'other-builtin-functions/02_union-all/02_union-all.md',
    'other-builtin-functions/03_current_watermark/03_current_watermark.md',
    'other-builtin-functions/04_override_table_options/04_override_table_options.md',
    'other-builtin-functions/05_expanding_arrays/05_expanding_arrays.md',
    'other-builtin-functions/06_split_strings_into_maps/06_split_strings_into_maps.md',
]
def expected = planned.collectEntries { [(it): 'planned'] } + [
    'joins/04_lookup_joins/04_lookup_joins.md': 'broken',
    'joins/05_star_schema/05_star_schema.md': 'broken',
    'udfs/01_python_udfs/01_python_udfs.md': 'not-runnable',
]

def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
def recipes = report.recipes.collectEntries { [(it.path): it] }
// README.md and LICENSE are not recipes: every Markdown file with a sql block is, and gets a status
assert recipes.keySet() == expected.keySet()
expected.each { path, status -> assert recipes[path].status == status: "${path}: ${recipes[path].status}, ${recipes[path].problem}" }

def lookup = recipes['joins/04_lookup_joins/04_lookup_joins.md'].problem
assert lookup.line == 39
assert lookup.message.contains("Flink doesn't support ENFORCED mode for PRIMARY KEY constraint")
def star = recipes['joins/05_star_schema/05_star_schema.md'].problem
assert star.line == 91
assert star.message.contains("the ';' on line 90 ends the statement before it too early")
def python = recipes['udfs/01_python_udfs/01_python_udfs.md'].problem
assert python.line == 45 && python.message.contains('PYTHON')
def cdc = recipes['aggregations-and-analytics/09_cdc_materialized_view/09_cdc_materialized_view.md'].problem
assert cdc.message.contains("accident_claims (line 34: connector 'postgres-cdc' is not available in this build)")
// fragments shown before or beside the script do not run
assert recipes['aggregations-and-analytics/05_top_n/05_top_n.md'].warnings.any { it.contains('05_top_n.md:15: this block is shown, not run') }
assert recipes['other-builtin-functions/04_override_table_options/04_override_table_options.md'].warnings.any { it.contains(':53: this block is shown, not run') }

def log = new File(basedir, 'build.log').text
assert log.contains('35 recipes on flink: 0 passed, 0 failed, 0 errors, 2 broken, 32 planned only, 1 not runnable here')
assert log.contains('BROKEN       joins/05_star_schema/05_star_schema.md')
assert log.contains('joins/04_lookup_joins/04_lookup_joins.md:39: CREATE TABLE users')
assert log.contains('NOT-RUNNABLE udfs/01_python_udfs/01_python_udfs.md')
assert !log.contains('INFO org.apache.flink')
// the summary ends with what fails the build, with its advice, collapses the planned recipes and names the report
def summary = log.substring(log.lastIndexOf('Cookbook summary (flink), report: target/cookbook/report.json'))
def rows = summary.readLines().drop(1).takeWhile { !it.contains(' recipes on flink') }
assert rows.any { it.contains('PLANNED      32 recipes read tables that have no data here') }
assert rows[-4].contains('BROKEN       joins/04_lookup_joins/04_lookup_joins.md:39') && rows[-3].contains('BROKEN       joins/05_star_schema')
assert rows[-2].contains('next: fix the recipe, then run mvn cookbook:verify -Dcookbook.recipe=joins/04_lookup_joins/04_lookup_joins.md,joins/05_star_schema/05_star_schema.md again')
assert rows[-1].contains("open ${new File(basedir, 'target/cookbook/index.html').absolutePath}")
assert rows.size() <= 12
return true
