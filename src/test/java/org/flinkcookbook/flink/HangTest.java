package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A regular expression that backtracks for ever ({@code ^(.*?,){25}P} on sixty numbers) hangs
 * Flink's planner when its arguments are constants, and a task when they come from rows; neither
 * answers an interrupt. Planning is stopped after the statement timeout, and the next recipe runs.
 * The running task that ignores its cancellation, in an engine JVM as {@code verify} runs it, is
 * the IT {@code hostile-recipes}' {@code hangs/regex-running.md} under {@code verify} and {@code simulate}.
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
}
