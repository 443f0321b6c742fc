package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run over a cookbook, with an engine that answers what each test tells it to. */
class CookbookRunnerTest {

    @TempDir
    Path project;

    private final Map<String, RecipeRun> answers = new HashMap<>();
    private final Map<String, RecipeRun> plans = new HashMap<>();
    private final List<String> output = new ArrayList<>();
    /** Why the engine cannot count late rows, as on a remote Flink cluster; null when it can. */
    private String lateRowsNotCounted;
    /** cookbook.threads */
    private int threads = 1;
    /** The engine's name: the simulator's is told to run simulate again. */
    private String engineName = "test";
    /** cookbook.recipe */
    private String filter = "";
    /** cookbook.failIfNoSpecifiedRecipes */
    private boolean failIfNoSpecifiedRecipes = true;
    /** cookbook.reportDirectory, relative to the project */
    private String reportDirectory = "target/cookbook";
    /** Maven's project.build.directory, relative to the project */
    private String buildDirectory = "target";
    /** how the user ran the plugin */
    private GoalCommand command = GoalCommand.PREFIX;
    /** Runs before the engine answers a recipe, on the thread that runs it. */
    private java.util.function.Consumer<String> beforeAnswer = path -> {};

    private final Engine engine = engine(recipe -> {
        beforeAnswer.accept(recipe.displayPath());
        return answers.get(recipe.displayPath());
    });
    /** The simulator that explains a Flink run's rows; null for none. */
    private Engine explainer;

    /** An engine that gives each recipe the run {@code runs} gives, plans what {@link #plans} holds. */
    private Engine engine(java.util.function.Function<Recipe, RecipeRun> runs) {
        return new Engine() {
            @Override
            public String name() {
                return engineName;
            }

            @Override
            public String flinkVersion() {
                return "2.3.0";
            }

            @Override
            public RecipeRun plan(Recipe recipe) {
                return plans.getOrDefault(recipe.displayPath(), RecipeRun.completed(List.of(), List.of()));
            }

            @Override
            public Optional<String> lateRowsNotCounted() {
                return Optional.ofNullable(lateRowsNotCounted);
            }

            @Override
            public RecipeRun run(Recipe recipe) {
                return runs.apply(recipe);
            }

            @Override
            public void close() {}
        };
    }

    private final Console console = new Console() {
        @Override
        public void info(String message) {
            output.add("INFO " + message);
        }

        @Override
        public void warn(String message) {
            output.add("WARN " + message);
        }

        @Override
        public void error(String message) {
            output.add("ERROR " + message);
        }

        @Override
        public void raw(String line) {
            output.add(line);
        }
    };

    @BeforeEach
    void fixtures() throws Exception {
        Files.createDirectories(project.resolve("fixtures"));
    }

    private void recipe(String path, String sql, RecipeRun answer) throws Exception {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# Recipe\n```sql\n" + sql + "\n```\n");
        answers.put(path, answer);
    }

    private static StatementResult windowed(Long lateRowsDropped) {
        return new StatementResult(
                3,
                "SELECT COUNT(*) AS n FROM t",
                null,
                List.of("n"),
                List.of(ResultRow.insert("3")),
                false,
                lateRowsDropped,
                RowExplanations.NONE,
                0);
    }

    private static StatementResult counted(String count) {
        return new StatementResult(
                3,
                "SELECT COUNT(*) AS n FROM t",
                null,
                List.of("n"),
                List.of(ResultRow.insert(count)),
                false,
                null,
                RowExplanations.NONE,
                0);
    }

    private RunSummary run(CookbookRunner.Mode mode, boolean requireExpected, Path annotationRoot) throws Exception {
        RunSettings settings = new RunSettings(
                project,
                project.resolve("recipes"),
                project.resolve("fixtures"),
                filter,
                requireExpected,
                project.resolve(reportDirectory),
                project.resolve("target/cookbook-reports"),
                project.resolve(buildDirectory),
                1000,
                Set.of(),
                annotationRoot,
                threads,
                failIfNoSpecifiedRecipes,
                command,
                null,
                null);
        return new CookbookRunner(settings, engine, explainer, console).run(mode);
    }

    @Test
    void writesExpectedValuesThenVerifiesAgainstThem() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));

        assertThat(run(CookbookRunner.Mode.WRITE_EXPECTED, false, null).outcomes())
                .extracting(o -> o.status())
                .containsExactly(RecipeStatus.WRITTEN);
        assertThat(project.resolve("recipes/a.expected")).content().contains("+I | 3");
        assertThat(run(CookbookRunner.Mode.VERIFY, true, null).failsBuild()).isFalse();

        answers.put("recipes/a.md", RecipeRun.completed(List.of(counted("4")), List.of()));
        RunSummary changed = run(CookbookRunner.Mode.VERIFY, true, null);

        assertThat(changed.failsBuild()).isTrue();
        assertThat(output)
                .contains(
                        "ERROR   recipes/a.md:3: SELECT COUNT(*) AS n FROM t: missing row: expected +I[3] but was nothing",
                        "ERROR   run mvn cookbook:expected -Dcookbook.recipe=recipes/a.md to accept the new values");
    }

    @Test
    void aRecipeWithoutExpectedValuesIsReportedOrFailedWhenTheyAreRequired() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));

        assertThat(run(CookbookRunner.Mode.VERIFY, false, null)
                        .outcomes()
                        .get(0)
                        .status())
                .isEqualTo(RecipeStatus.NO_EXPECTED);
        RecipeOutcome required =
                run(CookbookRunner.Mode.VERIFY, true, null).outcomes().get(0);
        assertThat(required.status()).isEqualTo(RecipeStatus.FAILED);
        // there are no values to accept: they are to be recorded
        assertThat(required.remedy(command))
                .isEqualTo("run mvn cookbook:expected -Dcookbook.recipe=recipes/a.md to record its values");
    }

    @Test
    void aFailingRecipeDoesNotStopTheOthersAndEveryRecipeGetsAJUnitReport() throws Exception {
        recipe(
                "recipes/bad.md",
                "SELEC 1;",
                RecipeRun.stopped(List.of(), Problem.error(3, "SELEC 1: Non-query expression"), List.of()));
        recipe(
                "recipes/good.md",
                "SELECT COUNT(*) AS n FROM t;",
                RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes())
                .extracting(o -> o.status())
                .containsExactly(RecipeStatus.ERROR, RecipeStatus.PASSED);
        assertThat(summary.line()).startsWith("2 recipes on test: 1 passed, 0 failed, 1 error");
        assertThat(output).contains("INFO   ERROR        recipes/bad.md:3: SELEC 1: Non-query expression");
        Path reports = project.resolve("target/cookbook-reports");
        assertThat(reports.resolve("TEST-cookbook.recipes_bad.md.xml"))
                .content()
                .contains("<testsuite errors=\"1\" failures=\"0\"")
                .contains("<error message=\"recipes/bad.md:3: SELEC 1: Non-query expression\"");
        assertThat(reports.resolve("TEST-cookbook.recipes_good.md.xml"))
                .content()
                .contains("tests=\"1\"")
                .contains("<testcase classname=\"recipes.good\" name=\"SELECT COUNT(*) AS n FROM t\"")
                .doesNotContain("<failure");
    }

    @Test
    void aFailedChangelogWithANullCellIsReportedAndDrawnInTheHtmlReport() throws Exception {
        String sql = "SELECT k, SUM(v) AS total FROM t GROUP BY k;";
        recipe("recipes/a.md", sql, RecipeRun.completed(List.of(changelog(sql, "5", null)), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put("recipes/a.md", RecipeRun.completed(List.of(changelog(sql, "5", "12")), List.of()));

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, true, null);

        assertThat(summary.outcomes().get(0).status()).isEqualTo(RecipeStatus.FAILED);
        assertThat(project.resolve("target/cookbook/index.html"))
                .content()
                .contains("<tr class=\"changed\">")
                .contains("<td class=\"e changed\"></td>")
                .contains("<td class=\"a changed\">12</td>");
    }

    /** A group's changelog: its first sum, then the update to the second (a NULL when the sum overflowed). */
    private static StatementResult changelog(String sql, String first, String second) {
        List<String> updated = new ArrayList<>(List.of("a"));
        updated.add(second);
        return new StatementResult(
                3,
                sql,
                null,
                List.of("k", "total"),
                List.of(
                        ResultRow.insert("a", first),
                        new ResultRow(RowKind.UPDATE_BEFORE, List.of("a", first)),
                        new ResultRow(RowKind.UPDATE_AFTER, updated)),
                false,
                null,
                RowExplanations.NONE,
                0);
    }

    @Test
    void anUntrustedRecipeIsRefusedBeforeTheEngineSeesIt() throws Exception {
        recipe("recipes/evil.md", "ADD JAR '/tmp/evil.jar';", null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes().get(0).status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(summary.outcomes().get(0).problem())
                .startsWith("refused before running: ADD JAR '/tmp/evil.jar': recipes may not load jars");
    }

    @Test
    void aConfiguredBuildDirectoryIsRefusedAsTargetIs() throws Exception {
        buildDirectory = "out";
        Files.createDirectories(project.resolve("out/classes"));
        Files.writeString(project.resolve("out/classes/application.properties"), "password=FAKE-SECRET\n");
        recipe(
                "recipes/reads-build.md",
                "CREATE TABLE t (line STRING) WITH ('connector' = 'filesystem',"
                        + " 'path' = 'out/classes/application.properties', 'format' = 'raw');\nSELECT * FROM t;",
                null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes().get(0).status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(summary.outcomes().get(0).problem())
                .contains(
                        "may not be read: it lies in " + project.resolve("out").toRealPath())
                .contains("which the build writes")
                .doesNotContain("FAKE-SECRET");
    }

    @Test
    void failuresBecomeGithubAnnotationsOnTheRecipeLines() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put("recipes/a.md", RecipeRun.completed(List.of(counted("4")), List.of()));

        run(CookbookRunner.Mode.VERIFY, false, project);

        assertThat(output)
                .contains(
                        "::error file=recipes/a.md,line=3,title=cookbook failed::SELECT COUNT(*) AS n FROM t: missing row: "
                                + "expected +I[3] but was nothing. run mvn cookbook:expected -Dcookbook.recipe=recipes/a.md to accept the new values");
    }

    @Test
    void aValuesControlCharactersReachNoAnnotationOfItsMismatch() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put(
                "recipes/a.md",
                RecipeRun.completed(List.of(counted("4\u0007\u001b[2J\u009b0m\u0085\u2028\r\n::error::x")), List.of()));

        run(CookbookRunner.Mode.VERIFY, false, project);

        List<String> annotations =
                output.stream().filter(line -> line.startsWith("::error")).toList();
        assertThat(annotations)
                .anySatisfy(line -> assertThat(line).contains("but was +I[4??[2J?0m??%0D%0A::error::x]"))
                .allSatisfy(line -> assertThat(line).doesNotContainPattern("[\\p{Cc}\u2028\u2029]"));
    }

    @Test
    void runningTwiceGivesTheSameReportApartFromTimings() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        Path report = project.resolve("target/cookbook/report.json");

        run(CookbookRunner.Mode.VERIFY, false, null);
        String first = Files.readString(report).replaceAll("\"seconds\" : [0-9.E-]+", "");
        run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(Files.readString(report).replaceAll("\"seconds\" : [0-9.E-]+", ""))
                .isEqualTo(first);
    }

    @Test
    void aRecipeFlinkRejectsWhilePlanningIsBrokenAndFailsTheBuildWithoutRunning() throws Exception {
        recipe("recipes/a.md", "SELECT nope FROM t;", null);
        plans.put(
                "recipes/a.md",
                RecipeRun.stopped(
                        List.of(), Problem.broken(3, "SELECT nope FROM t: Column 'nope' not found"), List.of()));

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.BROKEN);
        assertThat(summary.failsBuild()).isTrue();
        assertThat(summary.line()).startsWith("1 recipe on test: 0 passed, 0 failed, 0 errors, 1 broken");
        assertThat(output)
                .contains(
                        "ERROR   recipes/a.md:3: SELECT nope FROM t: Column 'nope' not found",
                        "ERROR   fix the recipe, then run mvn cookbook:verify -Dcookbook.recipe=recipes/a.md again");
    }

    @Test
    void aRecipeThatReadsAnEndlessSourceIsPlannedNotRunAndPasses() throws Exception {
        recipe("recipes/a.md", "CREATE TABLE t (n INT) WITH ('connector' = 'datagen');\nSELECT n FROM t;", null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.PLANNED);
        assertThat(summary.outcomes().get(0).problemLine()).isEqualTo(4);
        assertThat(summary.outcomes().get(0).problem())
                .startsWith("planned, not run: SELECT n FROM t: reads t, which reads an unbounded source");
        assertThat(summary.failsBuild()).isFalse();
        assertThat(project.resolve("target/cookbook/report.json")).content().contains("\"status\" : \"planned\"");
    }

    @Test
    void aPythonFunctionMakesARecipeNotRunnableHereWithoutFailingTheBuild() throws Exception {
        recipe("recipes/a.md", "CREATE FUNCTION f AS 'udfs.f' LANGUAGE PYTHON;\nSELECT f(1);", null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.NOT_RUNNABLE);
        assertThat(summary.outcomes().get(0).problem()).contains("functions in PYTHON cannot run in the build");
        assertThat(summary.failsBuild()).isFalse();
        assertThat(summary.line()).contains("1 not runnable here");
    }

    @Test
    void aRecipeWithExpectedValuesThatCanOnlyBePlannedIsAnError() throws Exception {
        recipe("recipes/a.md", "CREATE TABLE t (n INT) WITH ('connector' = 'datagen');\nSELECT n FROM t;", null);
        Files.writeString(project.resolve("recipes/a.expected"), "# values of a fixture the recipe no longer binds\n");

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.ERROR);
        assertThat(summary.outcomes().get(0).problem())
                .startsWith(
                        "has expected values but cannot run: SELECT n FROM t: reads t, which reads an unbounded source");
        assertThat(summary.failsBuild()).isTrue();
    }

    @Test
    void anEngineThatCannotCountLateRowsLeavesExpectedCountsUncheckedAndSaysSo() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(windowed(2L)), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put("recipes/a.md", RecipeRun.completed(List.of(windowed(null)), List.of()));
        lateRowsNotCounted = "the Flink cluster at host:8081 does not report late-row counts";

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, true, null);

        assertThat(summary.outcomes().get(0).status()).isEqualTo(RecipeStatus.PASSED);
        assertThat(output)
                .contains(
                        "WARN Late-row counts are not compared: the Flink cluster at host:8081 does not report late-row counts");
    }

    @Test
    void expectedValuesAreNotWrittenWithoutLateRowCounts() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(windowed(null)), List.of()));
        lateRowsNotCounted = "the Flink cluster at host:8081 does not report late-row counts";

        assertThatThrownBy(() -> run(CookbookRunner.Mode.WRITE_EXPECTED, false, null))
                .isInstanceOf(CookbookException.class)
                .hasMessageContaining("write expected values on the embedded cluster");
        assertThat(project.resolve("recipes/a.expected")).doesNotExist();
    }

    @Test
    void withTwoThreadsRecipesRunSideBySideAndAreReportedInPathOrder() throws Exception {
        recipe("recipes/a.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        recipe("recipes/b.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        recipe("recipes/c.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        threads = 2;
        java.util.concurrent.CyclicBarrier bothRunning = new java.util.concurrent.CyclicBarrier(2);
        java.util.concurrent.CountDownLatch bFinished = new java.util.concurrent.CountDownLatch(1);
        beforeAnswer = path -> {
            try {
                if (!path.endsWith("c.md")) {
                    bothRunning.await(20, java.util.concurrent.TimeUnit.SECONDS); // a and b at once, or this times out
                }
                if (path.endsWith("a.md")) {
                    bFinished.await(20, java.util.concurrent.TimeUnit.SECONDS); // a finishes after b
                }
            } catch (Exception e) {
                throw new IllegalStateException("the recipes did not run side by side", e);
            }
            if (path.endsWith("b.md")) {
                bFinished.countDown();
            }
        };

        RunSummary summary = run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);

        assertThat(summary.outcomes())
                .extracting(outcome -> outcome.path() + " " + outcome.status())
                .containsExactly("recipes/a.md WRITTEN", "recipes/b.md WRITTEN", "recipes/c.md WRITTEN");
        assertThat(output)
                .filteredOn(line -> line.contains("recipes/"))
                .extracting(line -> line.replaceAll(".*(recipes/.\\.md).*", "$1"))
                .containsExactly("recipes/a.md", "recipes/b.md", "recipes/c.md");
    }

    @Test
    void aRecipeThatBreaksTheEngineIsThatRecipesErrorAndTheRunGoesOnWhateverTheThreads() throws Exception {
        recipe("recipes/a.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        recipe("recipes/b.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        threads = 2;
        beforeAnswer = path -> {
            if (path.endsWith("b.md")) {
                throw new IllegalStateException("the cluster went away");
            }
        };

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes())
                .extracting(outcome -> outcome.path() + " " + outcome.status())
                .containsExactly("recipes/a.md NO_EXPECTED", "recipes/b.md ERROR");
        assertThat(summary.outcomes().get(1).problem()).contains("IllegalStateException: the cluster went away");
        assertThat(project.resolve("target/cookbook/report.json")).content().contains("the cluster went away");
    }

    @Test
    void aFilterThatMatchesNoRecipeStopsTheRunAndListsTheRecipesThereAre() throws Exception {
        recipe("recipes/late-data-lab.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        recipe("recipes/windows/tumble.md", "SELECT 1;", RecipeRun.completed(List.of(counted("1")), List.of()));
        filter = "late-dat-lab";

        assertThatThrownBy(() -> run(CookbookRunner.Mode.VERIFY, false, null))
                .isInstanceOf(CookbookException.class)
                .hasMessageContaining("cookbook.recipe=late-dat-lab matches none of the 2 recipes in recipes:\n"
                        + "  recipes/late-data-lab.md\n  recipes/windows/tumble.md\n")
                .hasMessageContaining("-Dcookbook.failIfNoSpecifiedRecipes=false");

        failIfNoSpecifiedRecipes = false;
        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).isEmpty();
        assertThat(output)
                .anyMatch(line -> line.startsWith("WARN cookbook.recipe=late-dat-lab matches none of the 2 recipes"));
    }

    @Test
    void theSummaryEndsWithWhatFailsTheBuildCollapsesPlannedRecipesAndNamesTheReports() throws Exception {
        for (int i = 0; i < 25; i++) {
            // one reads a kafka table, which only -Dcookbook.generate=all gives data
            recipe(
                    String.format("recipes/a%02d.md", i),
                    "CREATE TABLE t (id INT) WITH ('connector' = '" + (i == 7 ? "kafka" : "faker") + "');\n"
                            + "SELECT id FROM t;",
                    null);
            plans.put(
                    String.format("recipes/a%02d.md", i),
                    RecipeRun.plannedOnly(new PlannedOnly(3, "planned", "reads faker table t"), List.of()));
        }
        recipe("recipes/z.md", "SELECT nope FROM t;", null);
        plans.put(
                "recipes/z.md",
                RecipeRun.stopped(
                        List.of(), Problem.broken(3, "SELECT nope FROM t: Column 'nope' not found"), List.of()));
        reportDirectory = "build/reports";

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);
        List<String> screen = summary.screen();

        assertThat(screen).hasSizeLessThanOrEqualTo(8);
        assertThat(screen.get(1)).isEqualTo("Cookbook summary (test), report: build/reports/report.json");
        assertThat(screen.subList(2, 7))
                .containsExactly(
                        "  PLANNED      25 recipes read tables that have no data here; each is listed in build/reports/report.json",
                        "  next: run mvn cookbook:fixtures -Dcookbook.generate=all to generate their data, each table's at the"
                                + " place its recipe looks for it",
                        "  BROKEN       recipes/z.md:3: SELECT nope FROM t: Column 'nope' not found",
                        "  next: fix the recipe, then run mvn cookbook:verify -Dcookbook.recipe=recipes/z.md again",
                        "  open " + project.resolve("build/reports/index.html") + " for every recipe's results");
        assertThat(screen).noneMatch(line -> line.contains("agrees") || line.contains("target/cookbook"));
        assertThat(summary.line())
                .startsWith("26 recipes on test: 0 passed, 0 failed, 0 errors, 1 broken, 25 planned only");
    }

    @Test
    void anErrorIsToldToFixWhatIsAtFaultThenRunTheGoalThatRanAndTheSummaryJoinsOnlyLikeRemedies() throws Exception {
        RecipeRun unknownColumn = RecipeRun.stopped(
                List.of(), Problem.error(3, "SELECT nope FROM t: Column 'nope' not found"), List.of());
        recipe("recipes/a.md", "SELECT nope FROM t;", unknownColumn);
        recipe("recipes/b.md", "SELECT nope FROM t;", unknownColumn);
        recipe(
                "recipes/c.md",
                "SELECT n FROM t;",
                RecipeRun.stopped(
                        List.of(),
                        Problem.inFixture(
                                3,
                                "fixtures/c.csv:2:6: 'ten' in column n (INT) is no number",
                                new Problem.FixtureFault("fixtures/c.csv", Problem.Fix.EDIT)),
                        List.of()));
        recipe(
                "recipes/d.md",
                "SELECT n FROM t;",
                RecipeRun.stopped(
                        List.of(),
                        Problem.inFixture(
                                3,
                                "fixture file fixtures/nope.csv of table t does not exist",
                                new Problem.FixtureFault("fixtures/nope.csv", Problem.Fix.GENERATE)),
                        List.of()));

        // writing expected values: the command to run again is expected's, not verify's
        RunSummary written = run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);

        String fixRecipes =
                "fix the recipe, then run mvn cookbook:expected -Dcookbook.recipe=recipes/a.md,recipes/b.md again";
        String fixFixture = "fix fixtures/c.csv, then run mvn cookbook:expected -Dcookbook.recipe=recipes/c.md again";
        String generate = "run mvn cookbook:fixtures -Dcookbook.generate=all -Dcookbook.recipe=recipes/d.md to write"
                + " fixtures/nope.csv, then run mvn cookbook:expected -Dcookbook.recipe=recipes/d.md";
        assertThat(output)
                .contains(
                        "ERROR   fix the recipe, then run mvn cookbook:expected -Dcookbook.recipe=recipes/a.md again",
                        "ERROR   " + fixFixture,
                        "ERROR   " + generate)
                .noneMatch(line -> line.contains("cookbook:verify"));
        assertThat(written.screen())
                .containsSubsequence("  next: " + fixRecipes, "  next: " + fixFixture, "  next: " + generate);
        assertThat(written.failureAdvice()).isEqualTo("4 errors: " + fixRecipes + "; " + fixFixture + "; " + generate);

        // after simulate, it is simulate to run again, for the recipes of one remedy alone
        engineName = "simulator";
        assertThat(run(CookbookRunner.Mode.VERIFY, false, null).screen())
                .contains(
                        "  next: fix the recipe, then run mvn cookbook:simulate -Dcookbook.recipe=recipes/a.md,recipes/b.md again")
                .noneMatch(line -> line.contains("cookbook:verify"));
    }

    @Test
    void aPlannedRecipeIsToldHowToGetDataOrWhyNoDataHelps() throws Exception {
        recipe(
                "recipes/joins/faker.md",
                "CREATE TABLE clicks (id INT) WITH ('connector' = 'faker');\n"
                        + "CREATE TABLE counted (id INT) WITH ('connector' = 'blackhole');\n"
                        + "INSERT INTO counted SELECT id FROM clicks;",
                null);
        plans.put(
                "recipes/joins/faker.md",
                RecipeRun.plannedOnly(new PlannedOnly(3, "planned", "reads faker table t"), List.of()));
        recipe(
                "recipes/random.md",
                "CREATE TABLE t (id INT) WITH ('connector' = 'filesystem', 'path' = 'fixtures/t.csv', 'format' = 'csv');\n"
                        + "SELECT id FROM t WHERE RAND() < 0.5;",
                null);

        run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(output)
                .contains(
                        // one thing to do: the goal for this recipe alone, and where it writes the table it looked for
                        "INFO   run mvn cookbook:fixtures -Dcookbook.recipe=recipes/joins/faker.md to write "
                                + "fixtures/joins/faker/clicks.csv, where this recipe looks for the rows of clicks",
                        "INFO   no fixture makes rows kept or dropped by a random value repeatable: make that condition "
                                + "deterministic, or mark the block <!-- cookbook:skip -->, then run mvn cookbook:verify "
                                + "-Dcookbook.recipe=recipes/random.md")
                .noneMatch(line -> line.contains("random.md") && line.contains("cookbook:fixtures"))
                .noneMatch(line -> line.contains("TABLE") || line.contains("counted.csv"));
    }

    @Test
    void aRunOfSomeRecipesWritesItsPageBesideTheFullIndexAndDeletesNoJUnitFile() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        recipe("recipes/b.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.VERIFY, false, null);
        String full = Files.readString(project.resolve("target/cookbook/index.html"));

        filter = "a.md";
        RunSummary some = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(project.resolve("target/cookbook/index.html")).content().isEqualTo(full);
        assertThat(project.resolve("target/cookbook/selected.html")).content().contains("recipes/a.md");
        assertThat(some.screen())
                .last()
                .asString()
                .endsWith("target/cookbook/selected.html for the results of the recipes this run selected");
        assertThat(project.resolve("target/cookbook-reports/TEST-cookbook.recipes_b.md.xml"))
                .exists();

        filter = "";
        Files.delete(project.resolve("recipes/b.md"));
        run(CookbookRunner.Mode.VERIFY, false, null);
        assertThat(project.resolve("target/cookbook-reports/TEST-cookbook.recipes_b.md.xml"))
                .doesNotExist();
    }

    @Test
    void writingExpectedValuesReportsBrokenRecipesWithoutFailingTheBuild() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        recipe("recipes/z.md", "SELECT nope FROM t;", null);
        plans.put(
                "recipes/z.md",
                RecipeRun.stopped(
                        List.of(), Problem.broken(3, "SELECT nope FROM t: Column 'nope' not found"), List.of()));

        RunSummary written = run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);

        assertThat(written.outcomes())
                .extracting(o -> o.status())
                .containsExactly(RecipeStatus.WRITTEN, RecipeStatus.BROKEN);
        assertThat(written.failsBuild()).isFalse();
        assertThat(project.resolve("recipes/a.expected")).exists();
        assertThat(written.screen())
                .contains(
                        "  BROKEN       recipes/z.md:3: SELECT nope FROM t: Column 'nope' not found",
                        "  (1 broken recipe has no values to write, so this goal goes on; cookbook:verify fails on it)");
        assertThat(run(CookbookRunner.Mode.VERIFY, false, null).failsBuild()).isTrue();
    }

    @Test
    void anExpectedFileWhoseRecipeIsGoneIsReportedAndFailsTheBuildUnderRequireExpected() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        Files.move(project.resolve("recipes/a.md"), project.resolve("recipes/b.md"));
        answers.put("recipes/b.md", RecipeRun.completed(List.of(counted("3")), List.of()));
        output.clear();

        RunSummary renamed = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(renamed.outcomes())
                .extracting(o -> o.path() + " " + o.status().word())
                .containsExactly("recipes/b.md no-expected", "recipes/a.expected orphaned");
        assertThat(renamed.failsBuild()).isFalse();
        assertThat(output)
                .contains(
                        "WARN   recipes/a.expected:1: has no recipe: recipes/a.md is gone (renamed or deleted), so these "
                                + "expected values are compared with nothing",
                        "WARN   rename it with its recipe, or delete it with mvn cookbook:expected"
                                + " -Dcookbook.unreferenced=delete -Dcookbook.recipe=recipes/a.expected");
        assertThat(project.resolve("target/cookbook/report.json")).content().contains("\"status\" : \"orphaned\"");

        // under requireExpected both fail, each told its own way: the orphan is never "accepted"
        RunSummary required = run(CookbookRunner.Mode.VERIFY, true, null);
        assertThat(required.failsBuild()).isTrue();
        assertThat(required.screen())
                .contains(
                        "  next: run mvn cookbook:expected -Dcookbook.recipe=recipes/b.md to record its values",
                        "  next: rename it with its recipe, or delete it with mvn cookbook:expected"
                                + " -Dcookbook.unreferenced=delete -Dcookbook.recipe=recipes/a.expected")
                .noneMatch(line -> line.contains("recipes/b.md,recipes/a.expected"));
        assertThat(required.failureAdvice())
                .isEqualTo("2 failed: run mvn cookbook:expected -Dcookbook.recipe=recipes/b.md to record its values;"
                        + " rename it with its recipe, or delete it with mvn cookbook:expected"
                        + " -Dcookbook.unreferenced=delete -Dcookbook.recipe=recipes/a.expected");

        assertThat(CookbookRunner.deleteUnreferencedExpected(project, project.resolve("recipes"), ""))
                .containsExactly("recipes/a.expected");
        assertThat(project.resolve("recipes/a.expected")).doesNotExist();
    }

    @Test
    void afterWritingExpectedValuesTheSummarySaysSoAndClaimsNoAgreement() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));

        assertThat(run(CookbookRunner.Mode.WRITE_EXPECTED, false, null).screen())
                .contains("  wrote the expected values of 1 recipe")
                .noneMatch(line -> line.contains("agrees"));
        assertThat(run(CookbookRunner.Mode.VERIFY, false, null).screen())
                .contains("  every recipe agrees with its expected values");
    }

    @Test
    void jUnitReportsNameTestsAsSurefireDoesWithTheTimeOfEachResult() throws Exception {
        StatementResult slow = counted("3").withSeconds(1.25);
        StatementResult again = counted("3").withSeconds(0.5);
        recipe(
                "recipes/windows/late-data.md",
                "SELECT COUNT(*) AS n FROM t;",
                RecipeRun.completed(List.of(slow, again), List.of()));

        run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(project.resolve("target/cookbook-reports/TEST-cookbook.recipes_windows_late-data.md.xml"))
                .content()
                .contains("<testsuite errors=\"0\" failures=\"0\" name=\"recipes.windows.late-data\"")
                .contains(
                        "<testcase classname=\"recipes.windows.late-data\" name=\"SELECT COUNT(*) AS n FROM t\" time=\"1.250\"")
                .contains(
                        "<testcase classname=\"recipes.windows.late-data\" name=\"SELECT COUNT(*) AS n FROM t #2\" time=\"0.500\"")
                .doesNotContain("line 3");
    }

    @Test
    void theCommandsInMessagesRunTheGoalsTheWayThePluginWasRun() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put("recipes/a.md", RecipeRun.completed(List.of(counted("4")), List.of()));
        command = GoalCommand.invoked(
                List.of("org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:verify"),
                "org.flinkcookbook:cookbook-maven-plugin",
                null,
                Map.of("cookbook.recipes", ".", "cookbook.fixtures", "fixtures"));

        run(CookbookRunner.Mode.VERIFY, false, project);

        String expected =
                "run mvn org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:expected -Dcookbook.recipes=. "
                        + "-Dcookbook.fixtures=fixtures -Dcookbook.recipe=recipes/a.md to accept the new values";
        assertThat(output)
                .contains("ERROR   " + expected, "INFO   next: " + expected)
                .anyMatch(line -> line.startsWith("::error file=recipes/a.md") && line.endsWith(expected));
        assertThat(project.resolve("target/cookbook-reports/TEST-cookbook.recipes_a.md.xml"))
                .content()
                .contains(expected);
    }

    @Test
    void aBrokenExpectedFileNamesItsLineAndTheCommandThatWritesItAgainAsThePluginWasRun() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        Files.writeString(project.resolve("recipes/a.expected"), "== line 3: SELECT\ncolumns: n\n+I | 1 | 2\n");
        command = GoalCommand.invoked(
                List.of("cookbook:verify"), "org.flinkcookbook:cookbook-maven-plugin", "recipes/pom.xml", Map.of());

        RecipeOutcome outcome =
                run(CookbookRunner.Mode.VERIFY, false, null).outcomes().get(0);

        assertThat(outcome.status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(outcome.problem()).startsWith("recipes/a.expected:3: ");
        assertThat(outcome.remedy(command))
                .isEqualTo("repair that line, or delete the file and run mvn cookbook:expected -f recipes/pom.xml"
                        + " -Dcookbook.recipe=recipes/a.md to write it again");
    }

    @Test
    void anExpectedFileThatIsASymbolicLinkIsNeitherReadNorWritten(@TempDir Path outside) throws Exception {
        recipe(
                "recipes/linked.md",
                "SELECT COUNT(*) AS n FROM t;",
                RecipeRun.completed(List.of(counted("3")), List.of()));
        Path canary = Files.writeString(outside.resolve("canary.expected"), "== line 3: CANARY7f3a\n");
        Files.createSymbolicLink(project.resolve("recipes/linked.expected"), canary);

        for (CookbookRunner.Mode mode : CookbookRunner.Mode.values()) {
            RecipeOutcome outcome = run(mode, false, null).outcomes().get(0);
            assertThat(outcome.status()).as(mode.name()).isEqualTo(RecipeStatus.ERROR);
            assertThat(outcome.problem())
                    .contains("recipes/linked.expected is a symbolic link")
                    .doesNotContain("CANARY");
        }
        assertThat(output).noneMatch(line -> line.contains("CANARY"));
        assertThat(canary).hasContent("== line 3: CANARY7f3a");
        assertThat(Files.isSymbolicLink(project.resolve("recipes/linked.expected")))
                .isTrue();
    }

    @Test
    void anExpectedFileThatIsAHardLinkIsNeitherReadNorWritten(@TempDir Path outside) throws Exception {
        recipe(
                "recipes/linked.md",
                "SELECT COUNT(*) AS n FROM t;",
                RecipeRun.completed(List.of(counted("3")), List.of()));
        Path canary = Files.writeString(outside.resolve("config"), "[http]\n\textraheader = TOKEN7e1f\n");
        Files.createLink(project.resolve("recipes/linked.expected"), canary); // as .git/config could be

        for (CookbookRunner.Mode mode : CookbookRunner.Mode.values()) {
            RecipeOutcome outcome = run(mode, false, null).outcomes().get(0);
            assertThat(outcome.status()).as(mode.name()).isEqualTo(RecipeStatus.ERROR);
            assertThat(outcome.problem())
                    .contains("recipes/linked.expected has other names (hard links)")
                    .doesNotContain("TOKEN7e1f");
        }
        assertThat(output).noneMatch(line -> line.contains("TOKEN7e1f") || line.contains("extraheader"));
        assertThat(canary).hasContent("[http]\n\textraheader = TOKEN7e1f");
    }

    @Test
    void onFlinkTheExpectedFileNamesTheLateRowsTheSimulatorExplainsAndVerifyComparesThem() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(windowed(2L)), List.of()));
        explainer = explaining(4, 5);
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        assertThat(Files.readString(project.resolve("recipes/a.expected")))
                .contains("late rows dropped: 2\nlate rows: fixtures/t.csv lines 4-5\n");

        explainer = explaining(4, 9); // as many rows late, other ones: the simulator explains before the comparison
        assertThat(run(CookbookRunner.Mode.VERIFY, false, null).outcomes())
                .extracting(RecipeOutcome::status)
                .containsExactly(RecipeStatus.FAILED);
        assertThat(output)
                .contains(
                        "ERROR   recipes/a.md:3: SELECT COUNT(*) AS n FROM t: which rows were dropped as late (as many as"
                                + " expected, other ones): expected fixtures/t.csv line 5 but was fixtures/t.csv line 9");
    }

    /** A simulator that computes the windowed result as Flink did, its late rows those of these lines of t.csv. */
    private Engine explaining(int... lines) {
        List<LateRow> late = java.util.Arrays.stream(lines)
                .mapToObj(line -> new LateRow("fixtures/t.csv", line, "10:00:30", "10:01:00", "10:00", "10:01", null))
                .toList();
        return engine(recipe -> RecipeRun.completed(
                List.of(windowed((long) lines.length).withExplanations(new RowExplanations(late, List.of()))),
                List.of()));
    }
}
