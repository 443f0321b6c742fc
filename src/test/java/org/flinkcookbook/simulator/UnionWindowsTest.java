package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Windows over a streaming UNION ALL. Flink's union has no operator: the window operator's input
 * watermark is the minimum of its inputs' (StatusWatermarkValve), an ended input counting as
 * MAX_WATERMARK, and the inputs' rows interleave as they arrive. So the watermark before a row of
 * one input lies anywhere between none (the other inputs did not start) and that input's own
 * watermark before it (the others ended first). A window result is the same on every run exactly
 * when no row's own input's watermark fired one of its windows (TimeWindowUtil#isWindowFired), the
 * aggregates do not depend on the order rows are added in, and every window fires with all its rows.
 * Expected values follow from that rule; adversarial recipes u7 and u8 run these shops' rows (shop b's
 * amounts there DECIMAL) on Flink and on the simulator and agree.
 */
class UnionWindowsTest {

    @TempDir
    Path directory;

    /** Shop a: rows at most 4 s out of order, watermark 5 s behind; shop b: 1 s out of order, 1 s behind. */
    private static final String SHOP_A = """
            a,1,2024-03-01 10:00:01
            b,2,2024-03-01 10:00:04
            a,3,2024-03-01 10:00:02
            a,4,2024-03-01 10:00:12
            b,5,2024-03-01 10:00:09
            a,6,2024-03-01 10:00:25
            b,7,2024-03-01 10:00:21
            """;

    private static final String SHOP_B = """
            x,10,2024-03-01 10:00:03
            y,20,2024-03-01 10:00:08
            x,30,2024-03-01 10:00:15
            y,40,2024-03-01 10:00:14
            x,50,2024-03-01 10:00:31
            """;

    private static final String TABLES = """
            CREATE TABLE shop_a (k STRING, v INT, d DOUBLE, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)
            WITH ('connector' = 'datagen');
            CREATE TABLE shop_b (k STRING, v INT, d DOUBLE, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
            WITH ('connector' = 'datagen');
            CREATE VIEW sales AS SELECT * FROM shop_a UNION ALL SELECT * FROM shop_b;
            """;

    private RecipeRun run(String shopA, String... sql) {
        return runAfter(shopA, "", TABLES, sql);
    }

    /** A recipe of {@code settings}, then {@code tables}, then {@code sql}, over the two shops. */
    private RecipeRun runAfter(String shopA, String settings, String tables, String... sql) {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "a.csv", withDoubles(shopA));
        Recipes.fixture(fixtures, "b.csv", withDoubles(SHOP_B));
        return new SimulatorEngine(fixtures)
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture shop_a = a.csv -->\n<!-- cookbook:fixture shop_b = b.csv -->",
                        settings + "\n" + tables + String.join("\n", sql)));
    }

    /** k,v,ts lines as k,v,v/10,ts. */
    private static String withDoubles(String csv) {
        return csv.replaceAll("(?m)^(\\w+),(\\d+),", "$1,$2,$2.1,");
    }

    private static List<String> rows(RecipeRun run, int statement) {
        return run.results().get(statement).rows().stream()
                .map(ResultRow::toString)
                .toList();
    }

    @Test
    void windowsOverAUnionWhoseRowsCannotBeLateGiveEveryRowItsWindows() {
        // no row of shop_a comes after shop_a's own watermark passed its window (10:00:09 after 10:00:07), nor of
        // shop_b: every interleaving counts every row, in TUMBLE, HOP and CUMULATE TVFs and group windows alike
        RecipeRun run = run(
                SHOP_A,
                "SELECT window_start, COUNT(*), SUM(v), MIN(k), MAX(v), AVG(v) FROM TABLE(TUMBLE(TABLE sales, "
                        + "DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;",
                "SELECT window_start, window_end, COUNT(*) FROM TABLE(HOP(TABLE sales, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end;",
                "SELECT window_end, COUNT(*) FROM TABLE(CUMULATE(TABLE sales, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND, INTERVAL '20' SECOND)) GROUP BY window_start, window_end;",
                "SELECT TUMBLE_START(ts, INTERVAL '10' SECOND), COUNT(*) FROM sales GROUP BY TUMBLE(ts, INTERVAL '10' SECOND);");

        assertThat(run.problem()).isNull();
        assertThat(rows(run, 0))
                .containsExactlyInAnyOrder(
                        "+I[2024-03-01 10:00:00.000, 6, 41, a, 20, 6]",
                        "+I[2024-03-01 10:00:10.000, 3, 74, a, 40, 24]",
                        "+I[2024-03-01 10:00:20.000, 2, 13, a, 7, 6]",
                        "+I[2024-03-01 10:00:30.000, 1, 50, x, 50, 50]");
        assertThat(run.results().get(0).lateRowsDropped()).isZero();
        assertThat(rows(run, 1)).hasSize(8);
        assertThat(rows(run, 2)).contains("+I[2024-03-01 10:00:20.000, 9]", "+I[2024-03-01 10:00:40.000, 3]");
        assertThat(rows(run, 3))
                .containsExactlyInAnyOrder(
                        "+I[2024-03-01 10:00:00.000, 6]",
                        "+I[2024-03-01 10:00:10.000, 3]",
                        "+I[2024-03-01 10:00:20.000, 2]",
                        "+I[2024-03-01 10:00:30.000, 1]");
    }

    @Test
    void aRowAfterItsOwnInputsWatermarkFiredItsWindowIsUnsupported() {
        // shop_a's 10:00:03 comes after shop_a's watermark 10:00:20: late when shop_b ended first, counted when
        // shop_b did not start yet (Flink dropped it in the run of adversarial/u3, another interleaving counts it)
        RecipeRun run = run(
                SHOP_A + "a,8,2024-03-01 10:00:03\n",
                "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' SECOND)) "
                        + "GROUP BY window_start, window_end;");

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(run.problem().message())
                .contains("fixture line 8 at 2024-03-01 10:00:03.000", "watermark 2024-03-01 10:00:20.000");
    }

    @Test
    void aRowWhoseFirstHopWindowMayHaveFiredIsUnsupportedToo() {
        // HOP: a row counts in every window that has not fired (WindowOperator#isWindowLate per window), so a
        // row whose first window its own input's watermark fired counts there in some interleavings only;
        // 10:00:17 after shop_a's 10:00:20 still has [10:00:15, 10:00:25) open, not [10:00:10, 10:00:20)
        String hop = "SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE sales, DESCRIPTOR(ts), INTERVAL '5' SECOND, "
                + "INTERVAL '10' SECOND)) GROUP BY window_start, window_end;";
        RecipeRun run = run(SHOP_A + "a,8,2024-03-01 10:00:17\n", hop);

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(run.problem().message()).contains("[2024-03-01 10:00:10.000, 2024-03-01 10:00:20.000)");
        // the same row in a 10-second TUMBLE is on time in every interleaving
        assertThat(run(
                                SHOP_A + "a,8,2024-03-01 10:00:27\n",
                                "SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' SECOND)) "
                                        + "GROUP BY window_start, window_end;")
                        .problem())
                .isNull();
    }

    @Test
    void floatingPointSumsAndExtremaOverAUnionAreUnsupportedCountsAreNot() {
        // SumAggFunction/MinAggFunction add and compare in arrival order: DOUBLE sums round differently, MIN keeps
        // the first of -0.0 and 0.0; COUNT of a DOUBLE does not depend on it
        String window = " FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' SECOND)) "
                + "GROUP BY window_start, window_end;";
        for (String aggregate : List.of("SUM(d)", "AVG(d)", "MIN(d)", "MAX(d)")) {
            RecipeRun run = run(SHOP_A, "SELECT " + aggregate + window);
            assertThat(run.problem().status()).as(aggregate).isEqualTo(RecipeStatus.UNSUPPORTED);
            assertThat(run.problem().message()).as(aggregate).contains("DOUBLE over UNION ALL");
        }
        assertThat(run(SHOP_A, "SELECT COUNT(d), COUNT(DISTINCT d)" + window).problem())
                .isNull();
    }

    @Test
    void whatReadsTheInterleavedOrderOrWatermarkAfterAUnionStaysUnsupported() {
        String tumble = "TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' SECOND))";
        List<String> orderDependent = List.of(
                // the window aggregation's rows reach the next operator in the order its timers fire, and its
                // watermark is the interleaving's
                "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY c DESC) "
                        + "AS rn FROM (SELECT window_start, window_end, k, COUNT(*) AS c FROM " + tumble
                        + " GROUP BY window_start, window_end, k)) WHERE rn <= 1;",
                "SELECT c FROM (SELECT window_time AS t, COUNT(*) AS c FROM " + tumble
                        + " GROUP BY window_start, window_end, window_time) WHERE CURRENT_WATERMARK(t) IS NULL;",
                // a session merges rows of both inputs in the order they arrive
                "SELECT k, COUNT(*) FROM sales GROUP BY k, SESSION(ts, INTERVAL '5' SECOND);",
                "SELECT k, COUNT(*) FROM TABLE(SESSION(TABLE sales PARTITION BY k, DESCRIPTOR(ts), INTERVAL '5' SECOND)) "
                        + "GROUP BY k, window_start, window_end;",
                "SELECT k, SUM(v) OVER (PARTITION BY k ORDER BY ts) FROM sales;");
        for (String query : orderDependent) {
            RecipeRun run = run(SHOP_A, query);
            assertThat(run.problem()).as(query).isNotNull();
            assertThat(run.problem().status()).as(query).isEqualTo(RecipeStatus.UNSUPPORTED);
            assertThat(run.problem().message()).as(query).contains("UNION ALL");
        }
        // Flink's planner pushes a CURRENT_WATERMARK filter below the union (FilterSetOpTransposeRule), where each
        // input's calc reads its own input's watermark: the same on every run (measured on the Flink engine)
        RecipeRun pushedBelow = run(
                SHOP_A,
                "SELECT k, COUNT(*) FROM sales WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts) "
                        + "GROUP BY k, TUMBLE(ts, INTERVAL '10' SECOND);");
        assertThat(pushedBelow.problem()).isNull();
        assertThat(rows(pushedBelow, 0))
                .containsExactlyInAnyOrder(
                        "+I[a, 2]",
                        "+I[b, 2]",
                        "+I[x, 1]",
                        "+I[y, 1]",
                        "+I[a, 1]",
                        "+I[x, 1]",
                        "+I[a, 1]",
                        "+I[b, 1]",
                        "+I[x, 1]");
    }

    @Test
    void aWindowOverWindowsOfAUnionSeesEachRowBeforeTheWatermarkThatFiredItsWindow() {
        // a window fires on the first watermark >= its timer and emits its rows before forwarding it, so the
        // watermark before those rows is below the timer in every interleaving and a window of their window_time
        // has not fired (measured in adversarial/u8)
        RecipeRun run = run(
                SHOP_A,
                "CREATE VIEW per_ten AS SELECT window_time AS t, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE sales, "
                        + "DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end, window_time;",
                "SELECT window_start, SUM(c) FROM TABLE(TUMBLE(TABLE per_ten, DESCRIPTOR(t), INTERVAL '1' MINUTE)) "
                        + "GROUP BY window_start, window_end;");

        assertThat(run.problem()).isNull();
        assertThat(rows(run, 0)).containsExactly("+I[2024-03-01 10:00:00.000, 12]");
    }

    @Test
    void windowTvfsOffTheBufferFlushGridOrOverLocalTimesWithDaylightSavingAreUnsupportedOverAUnion() {
        // AbstractWindowAggProcessor#advanceProgress flushes the window buffer on a UTC-aligned grid
        // (TimeWindowUtil#getNextTriggerWatermarkWithOffset): an hourly window in Asia/Kolkata ends off it, and
        // whether it fires with its rows depends on the watermarks the interleaving delivers
        String ltzTables = TABLES.replace(
                "ts TIMESTAMP(3), WATERMARK FOR ts",
                "t TIMESTAMP(3), ts AS CAST(t AS " + "TIMESTAMP_LTZ(3)), WATERMARK FOR ts");
        String hourly =
                "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '1' HOUR)) "
                        + "GROUP BY window_start, window_end;";
        RecipeRun kolkata = runAfter(SHOP_A, "SET 'table.local-time-zone' = 'Asia/Kolkata';", ltzTables, hourly);
        assertThat(kolkata.problem().message()).contains("off the UTC-aligned grid");
        // ten-second windows are on the grid there, and a group window has no buffer
        RecipeRun onGrid = runAfter(
                SHOP_A,
                "SET 'table.local-time-zone' = 'Asia/Kolkata';",
                ltzTables,
                "SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' SECOND)) "
                        + "GROUP BY window_start, window_end;",
                "SELECT COUNT(*) FROM sales GROUP BY TUMBLE(ts, INTERVAL '1' HOUR);");
        assertThat(onGrid.problem()).isNull();
        assertThat(onGrid.results().get(1).rows()).hasSize(1);
        RecipeRun berlin = runAfter(SHOP_A, "SET 'table.local-time-zone' = 'Europe/Berlin';", ltzTables, hourly);
        assertThat(berlin.problem().message()).contains("daylight saving");
    }
}
