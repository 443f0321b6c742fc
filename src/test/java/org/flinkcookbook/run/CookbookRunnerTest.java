package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run over a cookbook, with an engine that answers what each test tells it to. */
class CookbookRunnerTest {

    @TempDir Path project;
    private final Map<String, RecipeRun> answers = new HashMap<>();
    private final Map<String, RecipeRun> plans = new HashMap<>();
    private final List<String> output = new ArrayList<>();
    /** Why the engine cannot count late rows, as on a remote Flink cluster; null when it can. */
    private String lateRowsNotCounted;
    /** cookbook.threads */
    private int threads = 1;
    /** Runs before the engine answers a recipe, on the thread that runs it. */
    private java.util.function.Consumer<String> beforeAnswer = path -> {};
    private final Engine engine = new Engine() {
        @Override
        public String name() {
            return "test";
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
            beforeAnswer.accept(recipe.displayPath());
            return answers.get(recipe.displayPath());
        }

        @Override
        public void close() {}
    };
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
        return new StatementResult(3, "SELECT COUNT(*) AS n FROM t", null, List.of("n"), List.of(ResultRow.insert("3")), false, lateRowsDropped);
    }

    private static StatementResult counted(String count) {
        return new StatementResult(3, "SELECT COUNT(*) AS n FROM t", null, List.of("n"), List.of(ResultRow.insert(count)), false, null);
    }

    private RunSummary run(CookbookRunner.Mode mode, boolean requireExpected, Path annotationRoot) throws Exception {
        RunSettings settings = new RunSettings(project, project.resolve("recipes"), project.resolve("fixtures"), "", requireExpected,
                project.resolve("target/cookbook"), project.resolve("target/cookbook-reports"), 1000, Set.of(), annotationRoot, threads);
        return new CookbookRunner(settings, engine, null, console).run(mode);
    }

    @Test
    void writesExpectedValuesThenVerifiesAgainstThem() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));

        assertThat(run(CookbookRunner.Mode.WRITE_EXPECTED, false, null).outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.WRITTEN);
        assertThat(project.resolve("recipes/a.expected")).content().contains("+I | 3");
        assertThat(run(CookbookRunner.Mode.VERIFY, true, null).failsBuild()).isFalse();

        answers.put("recipes/a.md", RecipeRun.completed(List.of(counted("4")), List.of()));
        RunSummary changed = run(CookbookRunner.Mode.VERIFY, true, null);

        assertThat(changed.failsBuild()).isTrue();
        assertThat(output).contains("ERROR   recipes/a.md:3: SELECT COUNT(*) AS n FROM t: missing row: expected +I[3] but was nothing",
                "ERROR   run mvn cookbook:expected to accept the new values");
    }

    @Test
    void aRecipeWithoutExpectedValuesIsReportedOrFailedWhenTheyAreRequired() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));

        assertThat(run(CookbookRunner.Mode.VERIFY, false, null).outcomes().get(0).status()).isEqualTo(RecipeStatus.NO_EXPECTED);
        assertThat(run(CookbookRunner.Mode.VERIFY, true, null).outcomes().get(0).status()).isEqualTo(RecipeStatus.FAILED);
    }

    @Test
    void aFailingRecipeDoesNotStopTheOthersAndEveryRecipeGetsAJUnitReport() throws Exception {
        recipe("recipes/bad.md", "SELEC 1;", RecipeRun.stopped(List.of(), Problem.error(3, "SELEC 1: Non-query expression"), List.of()));
        recipe("recipes/good.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.ERROR, RecipeStatus.PASSED);
        assertThat(summary.line()).startsWith("2 recipes on test: 1 passed, 0 failed, 1 error");
        assertThat(output).contains("INFO   ERROR        recipes/bad.md:3: SELEC 1: Non-query expression");
        Path reports = project.resolve("target/cookbook-reports");
        assertThat(junitFile(reports, "recipes/bad.md")).content()
                .contains("<testsuite errors=\"1\" failures=\"0\"").contains("<error message=\"recipes/bad.md:3: SELEC 1: Non-query expression\"");
        assertThat(junitFile(reports, "recipes/good.md")).content()
                .contains("tests=\"1\"").contains("name=\"line 3: SELECT COUNT(*) AS n FROM t\"").doesNotContain("<failure");
    }

    @Test
    void anUntrustedRecipeIsRefusedBeforeTheEngineSeesIt() throws Exception {
        recipe("recipes/evil.md", "ADD JAR '/tmp/evil.jar';", null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes().get(0).status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(summary.outcomes().get(0).problem()).startsWith("refused before running: ADD JAR '/tmp/evil.jar': recipes may not load jars");
    }

    @Test
    void failuresBecomeGithubAnnotationsOnTheRecipeLines() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        run(CookbookRunner.Mode.WRITE_EXPECTED, false, null);
        answers.put("recipes/a.md", RecipeRun.completed(List.of(counted("4")), List.of()));

        run(CookbookRunner.Mode.VERIFY, false, project);

        assertThat(output).contains("::error file=recipes/a.md,line=3,title=cookbook error::SELECT COUNT(*) AS n FROM t: missing row: "
                + "expected +I[3] but was nothing. run mvn cookbook:expected to accept the new values");
    }

    @Test
    void runningTwiceGivesTheSameReportApartFromTimings() throws Exception {
        recipe("recipes/a.md", "SELECT COUNT(*) AS n FROM t;", RecipeRun.completed(List.of(counted("3")), List.of()));
        Path report = project.resolve("target/cookbook/report.json");

        run(CookbookRunner.Mode.VERIFY, false, null);
        String first = Files.readString(report).replaceAll("\"seconds\" : [0-9.E-]+", "");
        run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(Files.readString(report).replaceAll("\"seconds\" : [0-9.E-]+", "")).isEqualTo(first);
    }

    @Test
    void aRecipeFlinkRejectsWhilePlanningIsBrokenAndFailsTheBuildWithoutRunning() throws Exception {
        recipe("recipes/a.md", "SELECT nope FROM t;", null);
        plans.put("recipes/a.md", RecipeRun.stopped(List.of(), Problem.broken(3, "SELECT nope FROM t: Column 'nope' not found"), List.of()));

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.BROKEN);
        assertThat(summary.failsBuild()).isTrue();
        assertThat(summary.line()).startsWith("1 recipe on test: 0 passed, 0 failed, 0 error, 1 broken");
        assertThat(output).contains("ERROR   recipes/a.md:3: SELECT nope FROM t: Column 'nope' not found",
                "ERROR   fix the recipe, then run mvn cookbook:verify again");
    }

    @Test
    void aRecipeThatReadsAnEndlessSourceIsPlannedNotRunAndPasses() throws Exception {
        recipe("recipes/a.md", "CREATE TABLE t (n INT) WITH ('connector' = 'datagen');\nSELECT n FROM t;", null);

        RunSummary summary = run(CookbookRunner.Mode.VERIFY, false, null);

        assertThat(summary.outcomes()).extracting(o -> o.status()).containsExactly(RecipeStatus.PLANNED);
        assertThat(summary.outcomes().get(0).problemLine()).isEqualTo(4);
        assertThat(summary.outcomes().get(0).problem()).startsWith("planned, not run: SELECT n FROM t: reads t, which reads an unbounded source");
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
                .startsWith("has expected values but cannot run: SELECT n FROM t: reads t, which reads an unbounded source");
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
        assertThat(output).contains("WARN Late-row counts are not compared: the Flink cluster at host:8081 does not report late-row counts");
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

        assertThat(summary.outcomes()).extracting(outcome -> outcome.path() + " " + outcome.status())
                .containsExactly("recipes/a.md WRITTEN", "recipes/b.md WRITTEN", "recipes/c.md WRITTEN");
        assertThat(output).filteredOn(line -> line.contains("recipes/")).extracting(line -> line.replaceAll(".*(recipes/.\\.md).*", "$1"))
                .containsExactly("recipes/a.md", "recipes/b.md", "recipes/c.md");
    }

    /** The one JUnit file whose suite is the recipe. */
    private static Path junitFile(Path reports, String recipe) throws IOException {
        try (var files = Files.list(reports)) {
            List<Path> suites = files.filter(file -> {
                try {
                    return Files.readString(file).contains("<testsuite") && Files.readString(file).contains("name=\"" + recipe + "\"");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
            assertThat(suites).hasSize(1);
            return suites.get(0);
        }
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

        assertThat(summary.outcomes()).extracting(outcome -> outcome.path() + " " + outcome.status())
                .containsExactly("recipes/a.md NO_EXPECTED", "recipes/b.md ERROR");
        assertThat(summary.outcomes().get(1).problem()).contains("IllegalStateException: the cluster went away");
        assertThat(project.resolve("target/cookbook/report.json")).content().contains("the cluster went away");
    }
}
