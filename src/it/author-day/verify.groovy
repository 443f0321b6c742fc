import java.util.concurrent.TimeUnit

def log = new File(basedir, 'build.log').text

// 1. expected: the broken recipe is listed last, and the build succeeds
assert new File(basedir, 'recipes/totals.expected').file
assert !new File(basedir, 'recipes/broken.expected').exists()
assert log.contains("BROKEN       recipes/broken.md:15: SELECT no_such_column FROM readings: From line 15, column 8 to line 15, column 21: Column 'no_such_column' not found in any table")
assert log.contains('(2 broken recipes have no values to write, so this goal goes on; cookbook:verify fails on them)')
// 8. after expected, the goal to run again is expected, for the two broken recipes alone
assert log.contains('fix the recipe, then run mvn cookbook:expected -Dcookbook.recipe=recipes/broken.md,recipes/typo.md again')
// 5. a typo and a reserved word: the token, its line and column, and what to do
assert log.contains('recipes/typo.md:16: SELEC page, COUNT(*) AS views FROM clicks GROUP BY page: "SELEC" at line 16, column 1 starts no statement')
// 6. fixtures: the recipe it cannot read fails the build, at its line
assert log.contains('recipes/typo.md:16: SELEC page, COUNT(*) AS views FROM clicks GROUP BY page: "SELEC" at line 16, column 1 starts no statement (a statement starts with SELECT, INSERT INTO, CREATE, SET, ...): is it mistyped? (Flink: Non-query expression encountered in illegal context) (the tables it reads get no fixture)')
assert log.contains('1 recipe that could not be read: their tables may have no data. Fix recipes/typo.md:16:')
assert log.contains('then run mvn cookbook:fixtures again')
// the orphaned expected file is reported by each goal, and fails the build under requireExpected
assert log.contains('ORPHANED     recipes/renamed.expected')
assert log.contains('recipes/renamed.expected:1: has no recipe: recipes/renamed.md is gone (renamed or deleted)')
assert log.contains('FAILED       recipes/renamed.expected')
// 8. the orphan is told to go, not to be accepted into a recipe filter beside the failed recipe
assert log.contains('  next: run mvn cookbook:expected -Dcookbook.fixtures=edited/fixtures -Dcookbook.recipe=recipes/totals.md to accept the new values')
assert log.contains('  next: rename it with its recipe, or delete it with mvn cookbook:expected -Dcookbook.unreferenced=delete -Dcookbook.fixtures=edited/fixtures -Dcookbook.recipe=recipes/renamed.expected')
assert !log.contains('recipes/totals.md,recipes/renamed.expected')
// and that command deletes it, running no recipe
assert log.contains('Deleted recipes/renamed.expected: its recipe is gone (cookbook.unreferenced=delete)')
assert log.contains('cookbook.recipe=recipes/renamed.expected selects no recipe, only the expected files deleted: nothing to write')
assert !new File(basedir, 'recipes/renamed.expected').exists()
// 7. the expected file names the late rows; after a fixture edit, the failure lists the 3 rows whose lateness
// changed (newly dropped, no longer dropped), not every late row, and marks no window changed
assert new File(basedir, 'recipes/totals.expected').text
        .contains('late rows dropped: 3\nlate rows: fixtures/readings.csv lines 4-5, 10\n')
assert log.contains('recipes/totals.md:16: SELECT window_start, window_end, COUNT(*) AS cnt, ...: late rows dropped: expected 3 but was 4')
assert log.contains('recipes/totals.md:16: 4 rows dropped as late (the expected file names 3); the 3 whose lateness changed:')
assert log.contains('    [newly dropped] fixtures/readings.csv:7: row with event time 2024-03-01 10:00:50.000 dropped as late: watermark 2024-03-01 10:01:50.000 had already closed window [2024-03-01 10:00:00.000, 2024-03-01 10:01:00.000)')
assert log.contains('    [newly dropped] fixtures/readings.csv:8: row with event time 2024-03-01 10:00:30.000 dropped as late')
assert log.contains('    [no longer dropped] fixtures/readings.csv:5: dropped as late before, not now')
assert log.contains('    the other 2 were dropped as late before too (target/cookbook/report.json lists every one)')
assert !log.contains('[window changed]')
// the README's command for a cluster of one's own, where nothing answers: one sentence and what to do
assert log.contains('cannot reach the Flink cluster at flink-jobmanager:8081 (cookbook.flink.address): the host flink-jobmanager is unknown; start the session cluster, or set -Dcookbook.flink.address to its REST endpoint')
// 11. a mistyped recipes directory: one sentence, no engine started
assert log.contains("the recipes directory ${new File(basedir, 'recipe').absolutePath} does not exist; set cookbook.recipes to the directory that holds the recipes")
assert log.contains("Skipping the cookbook's verification (skipTests=true, as Failsafe skips tests)")
assert log.contains("Skipping the cookbook's verification (maven.test.skip=true, as Failsafe skips tests)")
assert log.contains("cookbook.engine is 'typo', which names no engine: run with -Dcookbook.engine=")
assert log.contains("cookbook.engine is 'flink', but this goal always runs on simulator: run mvn cookbook:verify for flink, or leave cookbook.engine out")
// 9. the summary names index.html by a path that opens from where Maven ran
assert log.contains("  open ${new File(basedir, 'target/cookbook/index.html').absolutePath} for every recipe's results")

// 1. without a POM, as the README runs the plugin on a cookbook of one's own: target/ of the directory Maven runs in
def noPom = new File(basedir, 'nopom')
def settings = new File(noPom, 'settings.xml')
settings.text = new File(pluginDirectory, 'src/it/settings.xml').text
        .replace('@localRepositoryUrl@', (localRepositoryPath as File).toURI().toString())
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
// the README's command, as written (ReadmeCommandsTest checks that this line holds it), for this build of the plugin
def readme = 'org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:verify -Dcookbook.recipes=. -Dcookbook.fixtures=fixtures'
assert readme.startsWith("${pluginCoordinates}:verify ")
def command = [mvn, '-B', '-ntp', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}".toString()] +
        readme.split(' ').toList()
def builder = new ProcessBuilder(command).directory(noPom).redirectErrorStream(true)
builder.environment().put('CI', 'true') // no warm engine left behind, as on CI
def process = builder.start()
def output = process.inputStream.text
assert process.waitFor(300, TimeUnit.SECONDS)
new File(basedir, 'nopom.log').text = output
assert process.exitValue() == 0: output
assert !new File(noPom, '${project.basedir}').exists()
assert new File(noPom, 'target/cookbook/report.json').file
assert new File(noPom, 'target/cookbook-reports').directory
assert !output.contains('${project.basedir}')
assert output.contains('Cookbook summary (flink), report: target/cookbook/report.json')
assert output.contains("  open ${new File(noPom, 'target/cookbook/index.html').absolutePath} for every recipe's results")
return true
