package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.process.EngineJvm;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineChoice;
import org.flinkcookbook.run.EngineKind;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunVerdict;
import org.flinkcookbook.testing.ConsoleLines;
import org.flinkcookbook.testing.ProjectSettings;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A regular expression that backtracks for ever ({@code ^(.*?,){25}P} on sixty numbers) hangs
 * Flink's planner when its arguments are constants, and a task when they come from rows; neither
 * answers an interrupt. Both are stopped after the statement timeout, and the next recipe runs.
 */
class HangTest {

    private static final String SIXTY =
            IntStream.rangeClosed(1, 60).mapToObj(Integer::toString).collect(Collectors.joining(",")) + ",";
    private static final String CATASTROPHIC = "'^(.*?,){25}P'";

    @TempDir
    Path directory;

    @BeforeAll
    static void warmUp(@TempDir Path directory) {
        // a cold JVM takes seconds to load Flink's planner, which is not what these tests time
        try (FlinkEngine patient = new FlinkEngine(new FlinkSettings(directory, Duration.ofSeconds(120), false))) {
            assertThat(patient.plan(Recipes.sql(directory, "SELECT REGEXP('a', 'a');"))
                            .problem())
                    .isNull();
        }
    }

    @Test
    void aStatementThatHangsPlanningIsStoppedAndTheNextRecipeRuns() {
        try (FlinkEngine engine = new FlinkEngine(new FlinkSettings(directory, Duration.ofSeconds(5), false))) {
            long start = System.nanoTime();
            RecipeRun plan = engine.plan(
                    Recipes.sql(directory, "SELECT 1;\nSELECT REGEXP('" + SIXTY + "', " + CATASTROPHIC + ");"));

            assertThat(plan.problem().line()).isEqualTo(4);
            assertThat(plan.problem().message())
                    .startsWith("stopped: planning this statement took longer than 5 s (cookbook.timeout)");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
            assertThat(engine.run(Recipes.sql(directory, "SELECT 1 + 1 AS two;"))
                            .results()
                            .get(0)
                            .rows()
                            .get(0)
                            .values())
                    .containsExactly("2");
        }
    }

    /**
     * In an engine JVM of its own, as {@code verify} runs it: the task thread that ignores its
     * cancellation keeps a core busy until its JVM exits, which would be the rest of this test JVM's
     * classes. The engine JVM runs the recipes on one Flink engine and exits after its verdict.
     */
    @Test
    void aJobThatIgnoresCancellationIsStoppedAndTheNextRecipeRunsOnASoundCluster() throws Exception {
        Path project = directory.resolve("project");
        String table =
                "CREATE TABLE numbers (v STRING) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/numbers.csv', 'format' = 'csv');\n";
        // a cold JVM takes seconds to start Flink, which is not what this test times: a first recipe warms it up
        Recipes.recipe(project.resolve("recipes"), "0-warms-up", "", "SELECT 1 AS one;");
        Recipes.recipe(
                project.resolve("recipes"),
                "1-hangs",
                "",
                table + "SELECT REGEXP(v, " + CATASTROPHIC + ") FROM numbers;");
        Recipes.recipe(project.resolve("recipes"), "2-next", "", table + "SELECT CHAR_LENGTH(v) AS n FROM numbers;");
        Recipes.fixture(project.resolve("fixtures"), "numbers.csv", "\"" + SIXTY + "\"\n");
        EngineChoice flink = new EngineChoice(
                EngineKind.FLINK, false, project.resolve("fixtures").toString(), 5, false, null, false, false);
        GoalRequest request =
                new GoalRequest(CookbookRunner.Mode.VERIFY, ProjectSettings.of(project, "recipes", null, flink, null));
        List<Path> classPath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .toList();
        RunVerdict verdict = EngineJvm.run(request, classPath, null, new ConsoleLines());

        assertThat(verdict.failsBuild()).isTrue();
        JsonNode recipes = new ObjectMapper()
                .readTree(project.resolve("target/cookbook/report.json").toFile())
                .get("recipes");
        JsonNode hangs = recipes.get(1);
        assertThat(hangs.get("path").asText()).isEqualTo("recipes/1-hangs.md");
        assertThat(hangs.get("problem").get("line").asInt()).isEqualTo(4);
        assertThat(hangs.get("problem").get("message").asText())
                .containsAnyOf("stopped: running this statement", "did not finish within 5 s");
        assertThat(hangs.get("seconds").asDouble()).isLessThan(40);
        JsonNode next = recipes.get(2);
        assertThat(next.get("path").asText()).isEqualTo("recipes/2-next.md");
        // it ran (it has no expected file to pass against)
        assertThat(next.get("status").asText()).as(next.toString()).isEqualTo("no-expected");
        assertThat(next.get("results").get(0).get("rows").get(0).get(1).asText())
                .isEqualTo(String.valueOf(SIXTY.length()));
    }
}
