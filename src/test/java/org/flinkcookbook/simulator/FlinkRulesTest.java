package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per rule of Flink 2.3 the simulator copies where it once disagreed with Flink; each
 * names the Flink source it follows. Expected values are Flink's, measured on the Flink engine.
 */
class FlinkRulesTest {

    @TempDir
    Path directory;

    private RecipeRun run(String csv, String... sql) {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "events.csv", csv);
        return new SimulatorEngine(fixtures).run(Recipes.recipe(directory, "recipe", "<!-- cookbook:fixture events = events.csv -->",
                String.join("\n", sql)));
    }

    private static List<String> rows(StatementResult result) {
        return result.rows().stream().map(ResultRow::toString).toList();
    }

    @Test
    void aWindowEndingInAFallBackOverlapFiresAtTheLaterInstant() {
        // TimeWindowUtil#isWindowFired uses toEpochMillsForTimer(end - 1): 01:59:59.999 in New York on
        // 2024-11-03 exists twice, and the timer takes the later (EST) instant, so rows of the second
        // 01:xx hour still count in [01:00, 02:00)
        String csv = """
                1,1730610600000
                2,1730613599999
                4,1730614200000
                8,1730615400000
                16,1730617500000
                32,1730616600000
                64,1730608200000
                128,1730619000000
                """;
        RecipeRun run = run(csv, "SET 'table.local-time-zone' = 'America/New_York';",
                "CREATE TABLE events (v INT, epoch_ms BIGINT, ts AS TO_TIMESTAMP_LTZ(epoch_ms, 3), WATERMARK FOR ts AS ts) "
                        + "WITH ('connector' = 'datagen');",
                "SELECT window_start, window_end, COUNT(*) AS cnt, SUM(v) AS total "
                        + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end;");

        StatementResult result = run.results().get(0);
        assertThat(rows(result)).contains("+I[2024-11-03 01:00:00.000, 2024-11-03 02:00:00.000, 4, 15]");
        assertThat(result.lateRowsDropped()).isEqualTo(2);
    }

    @Test
    void aKeepLastWindowDeduplicationLetsALaterRowWithTheSameRowtimeReplaceTheKeptOne() {
        // RowTimeDeduplicateRecordsCombiner#isDuplicate, keep last: preRow.rowtime <= row.rowtime
        String csv = """
                1,2024-03-01 10:00:01
                2,2024-03-01 10:00:03
                3,2024-03-01 10:00:03
                """;
        String table = "CREATE TABLE events (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');";
        String inner = "(SELECT id, window_start, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY ts DESC) AS rn "
                + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)))";
        RecipeRun run = run(csv, table,
                "SELECT id, window_start FROM " + inner + " WHERE rn <= 1;",
                "SELECT id, rn FROM " + inner + " WHERE rn <= 1;");

        // without the row number selected it is a deduplication; with it, a window rank keeping the first of ties
        assertThat(rows(run.results().get(0))).containsExactly("+I[3, 2024-03-01 10:00:00.000]");
        assertThat(rows(run.results().get(1))).containsExactly("+I[2, 1]");
    }

    @Test
    void currentWatermarkInAnOverQueryIsComputedWhenTheRowArrives() {
        // Calcite's ProjectToWindowRule puts what does not use OVER results in a Calc before the OVER
        // operator, whose rows wait for the next watermark: there CURRENT_WATERMARK is the one before the row
        String csv = """
                1,2024-03-01 10:00:01
                2,2024-03-01 10:00:03
                """;
        RecipeRun run = run(csv, "SET 'pipeline.auto-watermark-interval' = '0';",
                "CREATE TABLE events (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');",
                "SELECT id, CURRENT_WATERMARK(ts) AS wm, COUNT(CURRENT_WATERMARK(ts)) OVER (ORDER BY ts) AS seen FROM events;");

        assertThat(rows(run.results().get(0))).containsExactly(
                "+I[1, <NULL>, 0]",
                "+I[2, 2024-03-01 10:00:01.000, 1]");
    }
}
