import groovy.json.JsonSlurper
import java.nio.file.Files

def log = new File(basedir, 'build.log').text
def expectStatus = { String status, String recipe, String message ->
    assert log.contains(status.padRight(13) + 'recipes/' + recipe) : recipe
    assert log.contains(message) : message
}
// SQL that Flink rejects makes the recipe broken; everything else that stops a recipe is an error
def expectBroken = { String recipe, String message -> expectStatus('BROKEN', recipe, message) }
def expectError = { String recipe, String message -> expectStatus('ERROR', recipe, message) }
expectBroken('syntax-error.md', 'recipes/syntax-error.md:6: SELECT id FROM events WHER id = 1: Encountered "id" at line 6, column 6.')
expectBroken('unknown-column.md', "recipes/unknown-column.md:8: SELECT id, no_such_column FROM events: From line 8, column 3 to line 8, column 16: Column 'no_such_column' not found in any table")
expectBroken('unknown-function.md', "recipes/unknown-function.md:7: SELECT NO_SUCH_FUNCTION(id) FROM events: From line 7, column 8 to line 7, column 27: No match found for function signature NO_SUCH_FUNCTION")
expectError('missing-fixture.md', "recipes/missing-fixture.md:3: the fixture fixtures/nowhere.csv for table events does not exist; add the CSV file")
expectError('short-row.md', "recipes/short-row.md:3: fixtures/short-row.csv:2: has 2 fields but the table has 3 physical columns (id, sensor, ts)")
expectError('null-rowtime.md', "recipes/null-rowtime.md:3: fixtures/null-time.csv:2:5: the event-time column ts is empty")
// fixture mistakes at fixture:line:column, in one sentence with the fix, never Flink's parse error or permission text
expectError('not-a-number.md', "recipes/not-a-number.md:3: fixtures/not-a-number.csv:2:3: 'ten' in column reading (INT) is no number Flink's CSV format reads; write a whole number such as 42")
expectError('header-row.md', "recipes/header-row.md:3: fixtures/header-row.csv:1: 'id,reading,ts' is a header line, but fixtures have no header line (every line is a row, its fields in the table's column order); delete line 1")
expectError('missing-path.md', "recipes/missing-path.md:4: fixture file fixtures/clicks.csv of table clicks does not exist (a fixture has one row a line, in the table's column order, and no header line)")
assert log.contains('run mvn cookbook:fixtures -Dcookbook.generate=all -Dcookbook.recipe=recipes/missing-path.md to write fixtures/clicks.csv, then run mvn cookbook:verify -Dcookbook.recipe=recipes/missing-path.md')
assert !log.contains('For input string') && !log.contains('insufficient permissions')
expectError('unclosed-fence.md', "recipes/unclosed-fence.md:3: the ```sql code block opened here is never closed")
expectError('unclosed-string.md', "recipes/unclosed-string.md:4: SQL cannot be read: a quoted string is never closed")
expectError('corrupt-expected.md', "recipes/corrupt-expected.expected:3: this row has 1 values but the result has 2 columns")
expectError('empty.md', "recipes/empty.md:4: the ```sql blocks hold no SQL statement")
expectError('latin1.md', "recipes/latin1.md:3: is not UTF-8 text; save the file as UTF-8")
expectError('fixture-never-created.md', "recipes/fixture-never-created.md:3: refused before running: the fixture directive names table evnets, which the recipe never creates")
expectError('slow.md', "recipes/slow.md:5: SELECT COUNT(*) FROM slow: did not finish within 5 s (cookbook.timeout)")
assert log.contains('PASSED       recipes/good.md')
assert log.contains('17 recipes on flink: 1 passed, 0 failed, 13 errors, 3 broken')
// sentences, not stack traces
assert !log.contains('\tat org.') && !log.contains('    at org.apache.flink')
// GitHub annotations on the recipe lines, named relative to the Git work tree's top (GITHUB_WORKSPACE is unset)
def top = basedir.toPath().toAbsolutePath()
while (top != null && !Files.exists(top.resolve('.git'))) {
    top = top.parent
}
def inRepository = top == null ? '' : top.relativize(basedir.toPath().toAbsolutePath()).toString() + '/'
assert log.contains("::error file=${inRepository}recipes/unknown-column.md,line=8,title=cookbook broken::SELECT id, no_such_column FROM events: From line 8, column 3 to line 8, column 16: Column 'no_such_column' not found")
// JUnit XML, one file per recipe
def reports = new File(basedir, 'target/cookbook-reports')
assert new File(reports, 'TEST-cookbook.recipes_good.md.xml').text.contains('tests="1"')
def syntax = new File(reports, 'TEST-cookbook.recipes_syntax-error.md.xml').text
assert syntax.contains('errors="1"') && syntax.contains('recipes/syntax-error.md:6')
// the filter selected the good recipe alone, reported from the first build's pass; the skipped invocation wrote nothing
def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
assert report.recipes*.path == ['recipes/good.md']
assert log.contains('PASSED       recipes/good.md (cached: unchanged since it passed)')
assert log.contains('1 recipe on flink: 1 passed, 0 failed, 0 errors')
assert log.contains('Skipping the cookbook (cookbook.skip=true)')
assert log.contains('cookbook.recipe=goood matches none of the 17 recipes in recipes:')
assert log.contains('  recipes/good.md')
return true
