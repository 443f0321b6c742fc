package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.WatermarkCheck;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-computed expectations from Flink's operator rules; each test names the rule it checks. */
class SimulatorEngineTest {

    private static final String EVENTS =
            "CREATE TABLE events (id INT, k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS %s) "
                    + "WITH ('connector' = 'datagen');";
    /** Row 3 arrives after row 2 pushed the watermark to the last millisecond of [10:00:00, 10:00:05). */
    private static final String LATE_AFTER_WINDOW_CLOSED = """
            1,a,10,2024-03-01 10:00:01
            2,a,20,2024-03-01 10:00:04.999
            3,a,30,2024-03-01 10:00:03
            4,a,40,2024-03-01 10:00:06
            """;

    private static final String TUMBLE_COUNTS = "SELECT window_start, window_end, COUNT(*) AS cnt, SUM(v) AS total "
            + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;";

    @TempDir
    Path directory;

    private RecipeRun run(String csv, String... sql) {
        return run(false, csv, sql);
    }

    private RecipeRun run(boolean strict, String csv, String... sql) {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "events.csv", csv);
        return new SimulatorEngine(fixtures, strict, true)
                .run(Recipes.recipe(
                        directory, "recipe", "<!-- cookbook:fixture events = events.csv -->", String.join("\n", sql)));
    }

    private static String events(String watermark) {
        return String.format(EVENTS, watermark);
    }

    /** The recipe's one statement (line 4) warned that Flink's outcome for this fixture row, and only it, depends on timing. */
    private static void assertTimingDependent(RecipeRun run, String fixtureRow) {
        assertThat(run.warnings())
                .singleElement()
                .asString()
                .startsWith("recipe.md:4: Flink's result may depend on processing time")
                .containsOnlyOnce("fixtures/events.csv:")
                .contains(fixtureRow);
    }

    private static List<String> rows(StatementResult result) {
        return result.rows().stream().map(ResultRow::toString).toList();
    }

    @Test
    void dropsARowWhoseWindowAWatermarkOfItsEndMinusOneHasFired() {
        // interval 0: the assigner emits every advance; [0 s, 5 s) fires at watermark 4.999 (isWindowFired: end - 1 <=
        // watermark)
        RecipeRun run = run(
                LATE_AFTER_WINDOW_CLOSED, "SET 'pipeline.auto-watermark-interval' = '0';", events("ts"), TUMBLE_COUNTS);

        StatementResult result = run.results().get(0);
        assertThat(run.problem()).isNull();
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:05.000, 2, 30]",
                        "+I[2024-03-01 10:00:05.000, 2024-03-01 10:00:10.000, 1, 40]");
        assertThat(result.lateRowsDropped()).isEqualTo(1);
        assertThat(result.explanations().lateRows())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("at")
                .containsExactly(new LateRow(
                        "fixtures/events.csv",
                        3,
                        "2024-03-01 10:00:03.000",
                        "2024-03-01 10:00:04.999",
                        "2024-03-01 10:00:00.000",
                        "2024-03-01 10:00:05.000",
                        null));
    }

    @Test
    void eachResultCarriesTheTimeItsStatementTook() {
        RecipeRun run = run(LATE_AFTER_WINDOW_CLOSED, events("ts"), TUMBLE_COUNTS, TUMBLE_COUNTS);

        assertThat(run.results())
                .hasSize(2)
                .allSatisfy(result -> assertThat(result.seconds()).isPositive());
    }

    @Test
    void aLongWatermarkIntervalHoldsTheWatermarkBackSoNothingIsLate() {
        // WatermarkAssignerOperator starts from 0: row 1 advances it by far more than 1 h and is emitted;
        // row 2 advances it by 3.999 s < 1 h, so the window never fires before row 3 arrives
        RecipeRun run = run(
                LATE_AFTER_WINDOW_CLOSED,
                "SET 'pipeline.auto-watermark-interval' = '1 h';",
                events("ts"),
                TUMBLE_COUNTS);

        StatementResult result = run.results().get(0);
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:05.000, 3, 60]",
                        "+I[2024-03-01 10:00:05.000, 2024-03-01 10:00:10.000, 1, 40]");
        assertThat(result.lateRowsDropped()).isZero();
        assertThat(run.warnings()).isEmpty();
    }

    @Test
    void aLateHopRowStillCountsInTheWindowsThatHaveNotFired() {
        // SlicingWindowProcessor: a row whose slice fired is dropped only when its last window fired too
        String csv = """
                1,a,1,2024-03-01 10:00:01
                2,a,1,2024-03-01 10:00:07
                3,a,1,2024-03-01 10:00:02
                4,a,1,2024-03-01 10:00:12
                5,a,1,2024-03-01 10:00:03
                """;
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts"),
                "SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(HOP(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end;");

        StatementResult result = run.results().get(0);
        // row 3 misses [09:59:55, 10:00:05), fired at watermark 7, but counts in [10:00:00, 10:00:10);
        // row 5 arrives after watermark 12 fired that one too and is dropped
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 09:59:55.000, 2024-03-01 10:00:05.000, 1]",
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:10.000, 3]",
                        "+I[2024-03-01 10:00:05.000, 2024-03-01 10:00:15.000, 2]",
                        "+I[2024-03-01 10:00:10.000, 2024-03-01 10:00:20.000, 1]");
        assertThat(result.lateRowsDropped()).isEqualTo(1);
        assertThat(result.explanations().lateRows())
                .extracting(LateRow::fixtureLine, LateRow::windowStart)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(5, "2024-03-01 10:00:00.000"));
    }

    @Test
    void cumulativeWindowsEmitEveryStepAndALateRowJoinsTheStepsStillOpen() {
        // CumulativeSliceAssigner: windows [0, 2), [0, 4), [0, 6) share the cycle's state
        String csv = """
                1,a,1,2024-03-01 10:00:01
                2,a,1,2024-03-01 10:00:03
                3,a,1,2024-03-01 10:00:00.500
                4,a,1,2024-03-01 10:00:05
                """;
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts"),
                "SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(CUMULATE(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '2' SECOND, INTERVAL '6' SECOND)) GROUP BY window_start, window_end;");

        assertThat(rows(run.results().get(0)))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:02.000, 1]",
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:04.000, 3]",
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:06.000, 4]");
        assertThat(run.results().get(0).lateRowsDropped()).isZero();
    }

    @Test
    void groupWindowsDropLikeWindowTvfsAndShowTheRowtimeAsEndMinusOneMillisecond() {
        // WindowOperator#isWindowLate: cleanup time end - 1 + allowed lateness 0 <= watermark
        RecipeRun run = run(
                LATE_AFTER_WINDOW_CLOSED,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts"),
                "SELECT TUMBLE_START(ts, INTERVAL '5' SECOND) AS ws, TUMBLE_ROWTIME(ts, INTERVAL '5' SECOND) AS wt, COUNT(*) AS cnt "
                        + "FROM events GROUP BY TUMBLE(ts, INTERVAL '5' SECOND);");

        StatementResult result = run.results().get(0);
        assertThat(result.columns()).containsExactly("ws", "wt", "cnt");
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:04.999, 2]",
                        "+I[2024-03-01 10:00:05.000, 2024-03-01 10:00:09.999, 1]");
        assertThat(result.lateRowsDropped()).isEqualTo(1);
    }

    @Test
    void ltzRowtimesAreWindowedInTheSessionTimeZone() {
        // SliceAssigners shift TIMESTAMP_LTZ rowtimes into the session zone: days start at midnight in Kolkata
        // (UTC+5:30)
        String csv = """
                1,a,1,1709323200000
                2,a,1,1709316000000
                """; // 2024-03-01 20:00 UTC = 03-02 01:30 IST, then 2024-03-01 18:00 UTC = 03-01 23:30 IST
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                "SET 'table.local-time-zone' = 'Asia/Kolkata';",
                "CREATE TABLE events (id INT, k STRING, v INT, ms BIGINT, ts AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');",
                "SELECT window_start, window_time, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' DAY)) "
                        + "GROUP BY window_start, window_end, window_time;");

        StatementResult result = run.results().get(0);
        // row 2 belongs to the Kolkata day 03-01, which closed at 18:29:59.999 UTC, before the watermark 20:00 UTC
        assertThat(rows(result)).containsExactly("+I[2024-03-02 00:00:00.000, 2024-03-02 23:59:59.999, 1]");
        assertThat(result.explanations().lateRows()).singleElement().satisfies(late -> {
            assertThat(late.eventTime()).isEqualTo("2024-03-01 23:30:00.000");
            assertThat(late.watermark()).isEqualTo("2024-03-02 01:30:00.000");
            assertThat(late.windowStart()).isEqualTo("2024-03-01 00:00:00.000");
        });
    }

    @Test
    void currentWatermarkIsTheLastWatermarkTheFilterReceivedAndNullBeforeTheFirst() {
        // The assigner forwards a row before emitting the watermark it produced, so row 1 sees NULL
        String csv = """
                1,a,1,2024-03-01 10:00:05
                2,a,1,2024-03-01 10:00:02
                3,a,1,2024-03-01 10:00:04
                """;
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts - INTERVAL '2' SECOND"),
                "SELECT id, CURRENT_WATERMARK(ts) AS wm FROM events WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts);");

        StatementResult result = run.results().get(0);
        assertThat(rows(result)).containsExactly("+I[1, <NULL>]", "+I[3, 2024-03-01 10:00:03.000]");
        assertThat(result.lateRowsDropped()).isNull();
        assertThat(result.explanations().watermarkChecks())
                .containsExactly(
                        new WatermarkCheck("fixtures/events.csv", 1, "2024-03-01 10:00:05.000", null, true),
                        new WatermarkCheck(
                                "fixtures/events.csv", 2, "2024-03-01 10:00:02.000", "2024-03-01 10:00:03.000", false),
                        new WatermarkCheck(
                                "fixtures/events.csv", 3, "2024-03-01 10:00:04.000", "2024-03-01 10:00:03.000", true));
    }

    @Test
    void warnsWhenAPeriodicWatermarkCouldChangeWhichRowsPass() {
        // Default interval 200 ms: row 2 advances the watermark by only 100 ms, which the assigner holds back;
        // its processing-time timer could emit it before row 3, which would then be filtered out
        String csv = """
                1,a,1,2024-03-01 10:00:01.000
                2,a,1,2024-03-01 10:00:01.100
                3,a,1,2024-03-01 10:00:01.050
                """;
        RecipeRun run = run(
                csv,
                events("ts"),
                "SELECT id FROM events WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts);");

        assertThat(rows(run.results().get(0))).containsExactly("+I[1]", "+I[2]", "+I[3]");
        assertTimingDependent(run, "fixtures/events.csv:3");
    }

    @Test
    void warnsWhenAPeriodicWatermarkCouldFireAWindowTopNBeforeItsRowArrives() {
        // Row 2 advances the watermark by 100 ms, held back; a periodic emission of it before row 3 fires
        // [10:00:00, 10:00:05) in the WindowRankOperator, which then drops row 3 as late
        String csv = """
                1,a,1,2024-03-01 10:00:04.900
                2,a,2,2024-03-01 10:00:05.000
                3,a,3,2024-03-01 10:00:04.950
                """;
        RecipeRun run = run(
                csv,
                events("ts"),
                "SELECT window_start, id, rownum FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end "
                        + "ORDER BY v DESC) AS rownum FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND))) "
                        + "WHERE rownum <= 2;");

        StatementResult result = run.results().get(0);
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 3, 1]",
                        "+I[2024-03-01 10:00:00.000, 1, 2]",
                        "+I[2024-03-01 10:00:05.000, 2, 1]");
        assertThat(result.lateRowsDropped()).isZero();
        assertTimingDependent(run, "fixtures/events.csv:3");
    }

    @Test
    void warnsWhenAPeriodicWatermarkCouldHoldBackALaterOneThatClosesAWindow() {
        // Row 2 advances the watermark by 150 ms, held back. Without a periodic emission row 3 advances it by 300 ms
        // since the last emitted one, so 10:00:05 is emitted and row 4 is late. Had the timer emitted 10:00:04.850
        // before row 3, row 3's advance would be 150 ms, held back too, and row 4 would count in [10:00:00, 10:00:05)
        String csv = """
                1,a,1,2024-03-01 10:00:04.700
                2,a,1,2024-03-01 10:00:04.850
                3,a,1,2024-03-01 10:00:05.000
                4,a,1,2024-03-01 10:00:04.900
                """;
        RecipeRun run = run(csv, events("ts"), TUMBLE_COUNTS);

        StatementResult result = run.results().get(0);
        assertThat(result.lateRowsDropped()).isEqualTo(1);
        assertTimingDependent(run, "fixtures/events.csv:4");
    }

    @Test
    void batchModeHasNoLateRowsAndNoLateRowCount() {
        RecipeRun run =
                run(LATE_AFTER_WINDOW_CLOSED, "SET 'execution.runtime-mode' = 'batch';", events("ts"), TUMBLE_COUNTS);

        StatementResult result = run.results().get(0);
        assertThat(rows(result))
                .containsExactlyInAnyOrder(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:05.000, 3, 60]",
                        "+I[2024-03-01 10:00:05.000, 2024-03-01 10:00:10.000, 1, 40]");
        assertThat(result.lateRowsDropped()).isNull();
    }

    @Test
    void aggregatesHaveFlinksTypes() {
        // AVG of INT is an INT computed as long sum / count (IntegralAvgAggFunction): 7 / 2 = 3
        String csv = """
                1,a,3,2024-03-01 10:00:01
                2,a,4,2024-03-01 10:00:02
                3,b,,2024-03-01 10:00:03
                """.replace(",,", ",5,");
        RecipeRun run = run(
                csv,
                "SET 'execution.runtime-mode' = 'batch';",
                events("ts"),
                "SELECT k, COUNT(*) AS c, SUM(v) AS s, AVG(v) AS a, MIN(ts) AS first_seen, COUNT(DISTINCT k) AS kinds FROM events GROUP BY k ORDER BY k;");

        StatementResult result = run.results().get(0);
        assertThat(result.ordered()).isTrue();
        assertThat(rows(result))
                .containsExactly(
                        "+I[a, 2, 7, 3, 2024-03-01 10:00:01.000, 1]", "+I[b, 1, 5, 5, 2024-03-01 10:00:03.000, 1]");
    }

    @Test
    void anInsertGivesTheSinkColumnsCastToTheirTypesOnePerStatementSetMember() {
        RecipeRun run = run(
                LATE_AFTER_WINDOW_CLOSED,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts"),
                "CREATE TABLE counts (window_start TIMESTAMP(3), cnt BIGINT, note STRING) WITH ('connector' = 'blackhole');",
                "EXECUTE STATEMENT SET BEGIN",
                "INSERT INTO counts (window_start, cnt) SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;",
                "INSERT INTO counts SELECT ts, v, k FROM events WHERE id = 1;",
                "END;");

        assertThat(run.problem()).isNull();
        assertThat(run.results())
                .extracting(StatementResult::sink, StatementResult::columns, StatementResult::line)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("counts", List.of("window_start", "cnt", "note"), 7),
                        org.assertj.core.groups.Tuple.tuple("counts", List.of("window_start", "cnt", "note"), 8));
        assertThat(rows(run.results().get(0)))
                .containsExactly("+I[2024-03-01 10:00:00.000, 2, <NULL>]", "+I[2024-03-01 10:00:05.000, 1, <NULL>]");
        assertThat(run.results().get(0).lateRowsDropped()).isEqualTo(1);
        assertThat(rows(run.results().get(1))).containsExactly("+I[2024-03-01 10:00:01.000, 10, a]");
    }

    @Test
    void aConstructItDoesNotModelStopsTheRecipeAsUnsupportedOrInStrictModeAsAnError() {
        String window = "SELECT * FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND))";
        String[] sql = {
            events("ts"),
            "SELECT e.id FROM (" + window + ") e JOIN (" + window + ") f ON e.id = f.id "
                    + "AND e.window_start = f.window_start AND e.window_end = f.window_end;"
        };

        RecipeRun lenient = run(LATE_AFTER_WINDOW_CLOSED, sql);
        RecipeRun strict = run(true, LATE_AFTER_WINDOW_CLOSED, sql);

        // the construct as Flink's plan names it: the window join's ExecNode
        assertThat(lenient.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(lenient.problem().line()).isEqualTo(4);
        assertThat(lenient.problem().message())
                .startsWith("unsupported by the simulator: the plan node stream-exec-window-join_1 (WindowJoin(");
        assertThat(strict.problem().status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(strict.problem().line()).isEqualTo(4);
    }

    @Test
    void aChangelogSourceIsUnsupportedNotReadAsInserts() {
        RecipeRun run = run(
                "+I,1,a,10,2024-03-01 10:00:01\n",
                events("ts").replace("'connector' = 'datagen'", "'connector' = 'postgres-cdc'"),
                "SELECT id FROM events;");

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(run.problem().message())
                .isEqualTo(
                        "unsupported by the simulator: a changelog source (postgres-cdc, its fixture's rows +I/-U/+U/-D)");
    }

    @Test
    void aBrokenFixtureIsAnErrorNamingItsLine() {
        RecipeRun run = run(
                "1,a,10,2024-03-01 10:00:01\n2,a,ten,2024-03-01 10:00:02\n", events("ts"), "SELECT id FROM events;");

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.ERROR);
        // the fixture check both engines share (csv.FixtureCheck) names it at its line and column, with the column's
        // type
        assertThat(run.problem().message())
                .startsWith("fixtures/events.csv:2:5: 'ten' in column v (INT) is no number Flink's CSV format reads");
    }

    @Test
    void describeShowsTheRowtimeAttributeAndTheWatermarkAsFlinkPrintsThem() {
        RecipeRun run = run(
                LATE_AFTER_WINDOW_CLOSED,
                "CREATE TABLE events (id INT NOT NULL, k VARCHAR(3), v INT, ts TIMESTAMP(3), doubled AS v * 2, "
                        + "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'datagen');",
                "DESCRIBE events;");

        StatementResult result = run.results().get(0);
        assertThat(result.columns()).containsExactly("name", "type", "null", "key", "extras", "watermark");
        assertThat(rows(result))
                .containsExactly(
                        "+I[id, INT, FALSE, PRI(id), <NULL>, <NULL>]",
                        "+I[k, VARCHAR(3), TRUE, <NULL>, <NULL>, <NULL>]",
                        "+I[v, INT, TRUE, <NULL>, <NULL>, <NULL>]",
                        "+I[ts, TIMESTAMP(3) *ROWTIME*, TRUE, <NULL>, <NULL>, `ts` - INTERVAL '5' SECOND]",
                        "+I[doubled, INT, TRUE, <NULL>, AS `v` * 2, <NULL>]");
    }

    @Test
    void readsUtcTimestampLtzFixtureColumnsAndRoundsHalfUp() {
        // Flink's CSV format reads TIMESTAMP_LTZ as 'yyyy-MM-dd HH:mm:ss[.SSS]Z'; ROUND is SqlFunctionUtils#sround
        // (half up)
        String csv = "1,a,2.345,2024-03-01 10:00:01Z\n2,a,2.5,2024-03-01 10:00:02.5Z\n";
        RecipeRun run = run(
                csv,
                "SET 'table.local-time-zone' = 'Europe/Berlin';",
                "CREATE TABLE events (id INT, k STRING, d DOUBLE, ts TIMESTAMP_LTZ(3)) WITH ('connector' = 'datagen');",
                "SELECT id, ts, ROUND(d, 2) AS d2, ROUND(d) AS d0 FROM events;");

        assertThat(rows(run.results().get(0)))
                .containsExactly(
                        "+I[1, 2024-03-01 11:00:01.000, 2.35, 2.0]", "+I[2, 2024-03-01 11:00:02.500, 2.5, 3.0]");
    }

    @Test
    void aSessionRowMergesBeforeItsLatenessIsChecked() {
        // MergingWindowProcessFunction#assignStateNamespace merges [ts, ts + gap) into the open sessions it
        // intersects (touching counts) and only then drops it if the merged window is late
        String csv = """
                1,a,1,2024-03-01 10:00:00
                2,a,1,2024-03-01 10:00:03
                3,a,1,2024-03-01 10:00:20
                4,a,1,2024-03-01 10:00:06
                5,a,1,2024-03-01 10:00:15
                """;
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts"),
                "SELECT SESSION_START(ts, INTERVAL '5' SECOND) AS ws, SESSION_ROWTIME(ts, INTERVAL '5' SECOND) AS wt, COUNT(*) AS cnt "
                        + "FROM events GROUP BY SESSION(ts, INTERVAL '5' SECOND);");

        StatementResult result = run.results().get(0);
        // row 3 moves the watermark to 10:00:20, closing [10:00:00, 10:00:08); row 4's [06, 11) reaches no open
        // session and is late; row 5's [15, 20) would be late alone but touches [20, 25) and counts
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, 2024-03-01 10:00:07.999, 2]",
                        "+I[2024-03-01 10:00:15.000, 2024-03-01 10:00:24.999, 2]");
        assertThat(result.lateRowsDropped()).isEqualTo(1);
        assertThat(result.explanations().lateRows())
                .extracting(LateRow::fixtureLine)
                .containsExactly(4);
    }

    @Test
    void anOverAggregationDropsRowsAtOrBelowTheWatermarkAndAddsUpRowsOfOneRowtimeTogether() {
        // AbstractRowTimeUnboundedPrecedingOver: late when rowtime <= watermark; RANGE adds all rows of a
        // rowtime before emitting them (RowTimeRangeUnboundedPrecedingFunction)
        String csv = """
                1,a,1,2024-03-01 10:00:01
                2,a,2,2024-03-01 10:00:03
                3,a,4,2024-03-01 10:00:03
                4,a,8,2024-03-01 10:00:02
                """;
        RecipeRun run = run(
                csv,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                events("ts - INTERVAL '1' SECOND"),
                "SELECT id, SUM(v) OVER (ORDER BY ts) AS total, LAG(v) OVER (ORDER BY ts) AS prev_v FROM events;");

        assertThat(run.problem()).isNull();
        StatementResult result = run.results().get(0);
        // row 4 (10:00:02) arrives after row 2 set the watermark to 10:00:02; rows 2 and 3 share 10:00:03 and
        // both see 1 + 2 + 4, and LAG gives the value before the last one added, 2
        assertThat(rows(result)).containsExactly("+I[1, 1, <NULL>]", "+I[2, 7, 2]", "+I[3, 7, 2]");
        assertThat(result.lateRowsDropped()).isEqualTo(1);
        assertThat(result.explanations().lateRows())
                .singleElement()
                .asString()
                .isEqualTo("fixtures/events.csv:4: row with event time 2024-03-01 10:00:02.000 dropped as late: "
                        + "watermark 2024-03-01 10:00:02.000 had already passed it");
    }

    @Test
    void aWindowTopNRanksEachWindowWhenItFires() {
        // WindowRankOperator: per window, rows sorted by the ORDER BY, the first N with their row number
        String csv = """
                1,a,10,2024-03-01 10:00:01
                2,b,5,2024-03-01 10:00:02
                3,c,30,2024-03-01 10:00:03
                4,a,20,2024-03-01 10:00:04
                5,a,1,2024-03-01 10:00:06
                """;
        RecipeRun run = run(
                csv,
                events("ts"),
                "SELECT window_start, k, total, rownum FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end "
                        + "ORDER BY total DESC, k) AS rownum FROM (SELECT window_start, window_end, k, SUM(v) AS total "
                        + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end, k)) "
                        + "WHERE rownum <= 2;");

        StatementResult result = run.results().get(0);
        assertThat(result.columns()).containsExactly("window_start", "k", "total", "rownum");
        // a and c tie at 30 in the first window; k breaks the tie
        assertThat(rows(result))
                .containsExactly(
                        "+I[2024-03-01 10:00:00.000, a, 30, 1]",
                        "+I[2024-03-01 10:00:00.000, c, 30, 2]",
                        "+I[2024-03-01 10:00:05.000, a, 1, 1]");
        assertThat(result.lateRowsDropped()).isZero();
    }

    @Test
    void aMissingFileOfTheFixturesDirectoryIsNamedAtItsCreateTableAsOnFlink() {
        String sql = "CREATE TABLE clicks (page STRING)\n"
                + "WITH ('connector' = 'filesystem', 'path' = '${fixtures}/no-such-clicks.csv', 'format' = 'csv');\n"
                + "SELECT page FROM clicks;";
        RecipeRun run = new SimulatorEngine(directory.resolve("fixtures")).run(Recipes.sql(directory, sql));

        // FlinkEngineTest.aMissingFileOfTheFixturesDirectoryIsNamedAtItsCreateTableWithTheFix: the same sentence
        assertThat(run.problem())
                .isEqualTo(Problem.inFixture(
                        3,
                        "fixture file fixtures/no-such-clicks.csv of table clicks does not exist (a fixture has one row"
                                + " a line, in the table's column order, and no header line)",
                        new Problem.FixtureFault("fixtures/no-such-clicks.csv", Problem.Fix.GENERATE)));
    }

    @Test
    void aMissingFixtureIsAnErrorAtItsDirective() {
        Path fixtures = directory.resolve("fixtures");
        RecipeRun run = new SimulatorEngine(fixtures)
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture events = gone.csv -->",
                        events("ts") + "\nSELECT id FROM events;"));

        // the directive follows the block: fence at line 2, two SQL lines, closing fence at 5
        assertThat(run.problem())
                .isEqualTo(Problem.inFixture(
                        6,
                        "the fixture fixtures/gone.csv for table events does not exist; add the CSV file or fix the path",
                        new Problem.FixtureFault("fixtures/gone.csv", Problem.Fix.ADD)));
    }

    @Test
    void readsNoFileOutsideTheProjectByTheSameRuleAsFlink(@TempDir Path root) throws Exception {
        Path project = Files.createDirectories(root.resolve("project"));
        Path fixtures = Files.createDirectories(project.resolve("fixtures"));
        Files.writeString(root.resolve("canary.csv"), "1,CANARY7f3a\n");
        Files.createSymbolicLink(fixtures.resolve("link.csv"), root.resolve("canary.csv"));
        try (FileAccess.Allowance allowance = FileAccess.allow(project, fixtures, List.of())) {
            for (String path : new String[] {
                "file:../canary.csv", "../canary.csv", "${fixtures}/../../canary.csv", "${fixtures}/link.csv"
            }) {
                RecipeRun run = new SimulatorEngine(fixtures)
                        .run(Recipes.recipe(
                                project,
                                "recipe",
                                "",
                                "CREATE TABLE t (id BIGINT, name STRING) WITH ('connector' = 'filesystem', 'path' = '"
                                        + path + "', 'format' = 'csv');\n" + "SELECT name FROM t;"));

                assertThat(run.problem()).as(path).isNotNull();
                // where Flink refuses it: the fixture check of a CSV table at its CREATE, else the query
                assertThat(run.problem().line()).isIn(3, 4);
                assertThat(run.problem().message())
                        .as(path)
                        .containsAnyOf(
                                "may only read files under the project",
                                "is not a path",
                                "Relative path in absolute URI")
                        .doesNotContain("CANARY");
            }
        }
    }

    @Test
    void aStatementSimulatedLongerThanTheTimeoutIsStoppedAtItsLine() {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "events.csv", LATE_AFTER_WINDOW_CLOSED);
        RecipeRun run = new SimulatorEngine(fixtures, false, false, Duration.ofNanos(1))
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture events = events.csv -->",
                        events("ts") + "\n" + TUMBLE_COUNTS));

        assertThat(run.problem().message())
                .startsWith("stopped: simulating this statement took longer than 0 s (cookbook.timeout)");
        assertThat(run.problem().line()).isBetween(1, 6);
    }
}
