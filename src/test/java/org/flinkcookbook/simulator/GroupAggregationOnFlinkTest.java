package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.testing.Recipes;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The regular (non-windowed) streaming aggregation, one test per rule of Flink 2.3's
 * GroupAggFunction / GroupAggHelper the simulator copies: each recipe runs on Flink and on the
 * simulator, and both must give the changelog written here, row for row in Flink's order (parallelism
 * 1, one source), with row kinds. The last tests are the simulator's refusals.
 */
@ExtendWith(SharedFlink.class)
class GroupAggregationOnFlinkTest {

    private static final String TABLE =
            "CREATE TABLE events (k STRING, v INT, d DOUBLE, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
                    + "WITH ('connector' = 'datagen');";

    @TempDir
    Path directory;

    private final AtomicInteger recipes = new AtomicInteger();

    private Recipe recipe(String csv, String... sql) {
        String name = "recipe" + recipes.incrementAndGet();
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, name + ".csv", csv);
        return Recipes.recipe(
                directory,
                name,
                "<!-- cookbook:fixture events = " + fixtures.resolve(name + ".csv") + " -->",
                String.join("\n", sql));
    }

    private RecipeRun simulate(String csv, String... sql) {
        return new SimulatorEngine(directory.resolve("fixtures")).run(recipe(csv, sql));
    }

    /** Asserts that Flink and the simulator both give {@code changelog} for the last statement, in this order. */
    private void bothGive(FlinkEngine flink, String csv, String query, String... changelog) {
        Recipe recipe = recipe(csv, TABLE, query);
        List<RecipeRun> runs =
                List.of(flink.run(recipe), new SimulatorEngine(directory.resolve("fixtures")).run(recipe));
        for (RecipeRun run : runs) {
            assertThat(run.problem()).isNull();
            assertThat(run.results().get(0).rows().stream().map(ResultRow::toString))
                    .containsExactly(changelog);
        }
        assertThat(runs.get(1).results().get(0).lateRowsDropped())
                .isEqualTo(runs.get(0).results().get(0).lateRowsDropped());
    }

    @Test
    void aGroupsFirstRowInsertsAndEachLaterRowRetractsTheOldResultAndAddsTheNew(FlinkEngine flink) {
        // GroupAggHelper#processElement: firstRow emits INSERT; else UPDATE_BEFORE of prevAggValue (the collect sink's
        // ChangelogMode takes it, so generateUpdateBefore) and UPDATE_AFTER of newAggValue, [key..., aggregates...]
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\nb,2,2.0,2024-03-01 10:00:02\na,3,3.0,2024-03-01 10:00:03\n",
                "SELECT k, COUNT(*) AS n, SUM(v) AS s FROM events GROUP BY k;",
                "+I[a, 1, 1]",
                "+I[b, 1, 2]",
                "-U[a, 1, 1]",
                "+U[a, 2, 4]");
    }

    @Test
    void aRowThatLeavesTheAggregatesAsTheyWereEmitsNothing(FlinkEngine flink) {
        // GroupAggHelper: "newRow is the same as before and state cleaning is not enabled" (no state TTL): the
        // equaliser compares the aggregate values only; an integer AVG of 3 and 4 is 3 (AvgAggFunction divides the
        // long sum), COUNT(DISTINCT) ignores a value it has seen (its MapView)
        bothGive(
                flink,
                "a,5,1.0,2024-03-01 10:00:01\na,3,1.0,2024-03-01 10:00:02\na,4,1.0,2024-03-01 10:00:03\n"
                        + "a,5,2.0,2024-03-01 10:00:04\n",
                "SELECT k, MAX(v) AS mx, AVG(v) AS av, COUNT(DISTINCT d) AS ds FROM events GROUP BY k;",
                "+I[a, 5, 5, 1]",
                "-U[a, 5, 5, 1]",
                "+U[a, 5, 4, 1]",
                "-U[a, 5, 4, 1]",
                "+U[a, 5, 4, 2]");
    }

    @Test
    void aNanNeverEqualsItselfAndMinusZeroEqualsZero(FlinkEngine flink) {
        // EqualiserCodeGenerator: getValue builds a GenericRowData, whose primitive DOUBLE fields compare with ==,
        // so a NaN sum updates on every row and MIN going from 0.0 to -0.0 (or staying) does not
        bothGive(
                flink,
                "a,1,NaN,2024-03-01 10:00:01\na,2,1.0,2024-03-01 10:00:02\nb,3,0.0,2024-03-01 10:00:03\n"
                        + "b,4,-0.0,2024-03-01 10:00:04\n",
                "SELECT k, SUM(d) AS s, MIN(d) AS mn FROM events GROUP BY k;",
                "+I[a, NaN, NaN]",
                "-U[a, NaN, NaN]",
                "+U[a, NaN, NaN]",
                "+I[b, 0.0, 0.0]");
    }

    @Test
    void anAvgOfAGroupByKeyIsTheKeyWhereThePlannerRewritesTheCalls(FlinkEngine flink) {
        // AggregateReduceFunctionsRule#canReduceAggCallByGrouping: AVG of a GROUP BY key is the key, not a SUM / COUNT
        // that wraps in the key's type (found by RecipeFuzzTest, seed 1304)
        bothGive(
                flink,
                "a,100,1.0,2024-03-01 10:00:01\na,100,2.0,2024-03-01 10:00:02\n",
                "SELECT k, v, COUNT(*) AS n, AVG(CAST(v AS TINYINT)) AS mean FROM events GROUP BY k, CAST(v AS TINYINT), v;",
                "+I[a, 100, 1, 100]",
                "-U[a, 100, 1, 100]",
                "+U[a, 100, 2, 100]");
    }

    @Test
    void havingFiltersEachChangeOnItsOwn(FlinkEngine flink) {
        // HAVING is a Calc after the GroupAggregate: it filters every changelog row alone, keeping its kind, so the
        // first +U comes without its -U
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\na,2,1.0,2024-03-01 10:00:02\na,3,1.0,2024-03-01 10:00:03\n",
                "SELECT k, COUNT(*) AS n FROM events WHERE v > 0 GROUP BY k HAVING COUNT(*) > 1;",
                "+U[a, 2]",
                "-U[a, 2]",
                "+U[a, 3]");
    }

    @Test
    void anAggregationWithoutKeysStartsWithItsFirstRow(FlinkEngine flink) {
        // without GROUP BY keys the operator keys by the empty row: no row before the first input (unlike batch)
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\nb,2,2.0,2024-03-01 10:00:02\n",
                "SELECT COUNT(*) AS n, MAX(k) AS mk FROM events WHERE v > 1;",
                "+I[1, b]");
    }

    @Test
    void selectDistinctIsAnAggregationWithoutCallsThatInsertsEachNewRowOnce(FlinkEngine flink) {
        // Calcite converts SELECT DISTINCT to an Aggregate grouped by every item: GroupAggFunction with no calls, whose
        // empty aggregate values never change
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\nb,2,1.0,2024-03-01 10:00:02\na,3,1.0,2024-03-01 10:00:03\n",
                "SELECT DISTINCT k, d AS dd FROM events;",
                "+I[a, 1.0]",
                "+I[b, 1.0]");
    }

    @Test
    void aSessionTvfGroupedByOtherKeysFeedsARegularAggregationWhenEachSessionFires(FlinkEngine flink) {
        // Flink fuses a SESSION TVF into a window aggregation only when GROUP BY names its PARTITION BY columns;
        // otherwise UnalignedWindowTableFunctionOperator emits each session's rows when its timer fires (timers in
        // time order) and GroupAggFunction aggregates them as a changelog
        String csv = """
                a,1,1.0,2024-03-01 10:00:01
                b,2,1.0,2024-03-01 10:00:02
                a,4,1.0,2024-03-01 10:00:03
                a,8,1.0,2024-03-01 10:00:30
                """;
        bothGive(
                flink,
                csv,
                "SELECT k, window_start, COUNT(*) AS n, SUM(v) AS s FROM TABLE(SESSION(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;",
                "+I[a, 2024-03-01 10:00:01.000, 1, 1]",
                "+I[b, 2024-03-01 10:00:01.000, 1, 2]",
                "-U[a, 2024-03-01 10:00:01.000, 1, 1]",
                "+U[a, 2024-03-01 10:00:01.000, 2, 5]",
                "+I[a, 2024-03-01 10:00:30.000, 1, 8]");
    }

    @Test
    void aWhereOverTheSessionTvfFiltersItsRowsAfterTheSessionsFormed(FlinkEngine flink) {
        // the Calc of the WHERE stays after the unfused TVF (no rule pushes a filter below a window TVF), so the
        // filtered row at 10:00:05 still joins the two sessions into [01, 14)
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\na,-1,1.0,2024-03-01 10:00:05\na,2,1.0,2024-03-01 10:00:09\n",
                "SELECT k, window_start, window_end, SUM(v) AS s FROM TABLE(SESSION(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND)) WHERE v > 0 GROUP BY k, window_start, window_end;",
                "+I[a, 2024-03-01 10:00:01.000, 2024-03-01 10:00:14.000, 1]",
                "-U[a, 2024-03-01 10:00:01.000, 2024-03-01 10:00:14.000, 1]",
                "+U[a, 2024-03-01 10:00:01.000, 2024-03-01 10:00:14.000, 3]");
    }

    @Test
    void aFilterOnTheWindowColumnsBelowAWindowAggregationDropsTheLateRowsTheFusedOneDrops(FlinkEngine flink) {
        // Flink's planner pushes the filter between the TUMBLE TVF and its aggregation, whose strategy is then
        // WindowAttached (SliceAssigners#windowed: each row's window is its window_end, late when that window fired):
        // the row at 10:00:02 after the watermark 10:00:12 is late in [00, 05), the window the filter keeps
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\nb,2,1.0,2024-03-01 10:00:12\na,3,1.0,2024-03-01 10:00:02\n"
                        + "a,4,1.0,2024-03-01 10:00:13\n",
                "SELECT * FROM (SELECT k, window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end) "
                        + "WHERE window_start < TIMESTAMP '2024-03-01 10:00:10';",
                "+I[a, 2024-03-01 10:00:00.000, 1]");
        // a HOP TVF's rows come once per window and are late per window: the row at 10:00:07 after the watermark
        // 10:00:12 is late in [00, 10), the only one of its windows the filter keeps
        bothGive(
                flink,
                "a,1,1.0,2024-03-01 10:00:01\nb,2,1.0,2024-03-01 10:00:12\na,3,1.0,2024-03-01 10:00:07\n",
                "SELECT * FROM (SELECT k, window_start, COUNT(*) AS n FROM TABLE(HOP(TABLE events, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end) "
                        + "WHERE window_start < TIMESTAMP '2024-03-01 10:00:05';",
                "+I[a, 2024-03-01 09:59:55.000, 1]",
                "+I[a, 2024-03-01 10:00:00.000, 1]");
    }

    @Test
    void miniBatchAndStateTtlSettingsMakeTheAggregationUnsupported() {
        // MiniBatchGroupAggFunction and a state TTL (which emits updates even where nothing changed) are not modelled
        RecipeRun run = simulate(
                "a,1,1.0,2024-03-01 10:00:01\n",
                TABLE,
                "SET 'table.exec.mini-batch.enabled' = 'true';",
                "SELECT k, COUNT(*) AS n FROM events GROUP BY k;");
        // Flink's planner refuses mini-batch without a latency (measured on the Flink engine), as the simulator does
        assertThat(run.problem().status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(run.problem().message()).contains("MiniBatch Latency must be greater than 0 ms");
        RecipeRun miniBatch = simulate(
                "a,1,1.0,2024-03-01 10:00:01\n",
                TABLE,
                "SET 'table.exec.mini-batch.enabled' = 'true';",
                "SET 'table.exec.mini-batch.allow-latency' = '1 s';",
                "SET 'table.exec.mini-batch.size' = '1000';",
                "SELECT k, COUNT(*) AS n FROM events GROUP BY k;");
        assertThat(miniBatch.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(miniBatch.problem().message()).contains("table.exec.mini-batch.");

        RecipeRun reset = simulate(
                "a,1,1.0,2024-03-01 10:00:01\n",
                TABLE,
                "SET 'table.exec.state.ttl' = '1 h';",
                "RESET 'table.exec.state.ttl';",
                "SELECT k, COUNT(*) AS n FROM events GROUP BY k;");
        assertThat(reset.problem()).isNull();
    }

    @Test
    void anInsertOfAChangelogIsCapturedAndAnAggregationOverOneIsUnsupported() {
        // whether an INSERT is accepted depends on the sink's changelog mode; an aggregation of updates retracts
        String csv = "a,1,1.0,2024-03-01 10:00:01\na,2,1.0,2024-03-01 10:00:02\n";
        RecipeRun insert = simulate(
                csv,
                TABLE,
                "CREATE TABLE counts (k STRING, n BIGINT) WITH ('connector' = 'blackhole');",
                "INSERT INTO counts SELECT k, COUNT(*) FROM events GROUP BY k;");
        // the blackhole sink takes every change: Flink's planner accepts the INSERT, and the simulator gives the
        // changelog Flink's captured INSERT gives (measured on the Flink engine)
        assertThat(insert.problem()).isNull();
        assertThat(insert.results().get(0).rows().stream().map(Object::toString))
                .containsExactly("+I[a, 1]", "-U[a, 1]", "+U[a, 2]");

        RecipeRun nested = simulate(
                csv,
                TABLE,
                "SELECT n, COUNT(*) AS c FROM (SELECT k, COUNT(*) AS n FROM events GROUP BY k) GROUP BY n;");
        assertThat(nested.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(nested.problem().message()).contains("updates retract");
    }

    @Test
    void anAggregationOverRowsAWindowEmitsIsUnsupported() {
        // WindowAggOperator fires the windows of every key at one watermark, in the order of its timer heap
        String csv = "a,1,1.0,2024-03-01 10:00:01\nb,2,1.0,2024-03-01 10:00:02\nc,3,1.0,2024-03-01 10:00:30\n";
        RecipeRun run = simulate(
                csv,
                TABLE,
                "CREATE VIEW counts AS SELECT k, window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE events, "
                        + "DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;",
                "SELECT window_start, SUM(n) AS total FROM counts GROUP BY window_start;");
        assertThat(run.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(run.problem().message()).contains("timer heap");
    }

    @Test
    void sessionsOfDifferentKeysFiringTogetherIntoOneGroupAreUnsupported() {
        // timers of one time fire in the order of Flink's timer heap (key groups), not modelled
        String csv = "a,1,1.0,2024-03-01 10:00:01\nb,2,1.0,2024-03-01 10:00:01\nc,3,1.0,2024-03-01 10:00:30\n";
        RecipeRun run = simulate(
                csv,
                TABLE,
                "SELECT window_start, SUM(v) AS s FROM TABLE(SESSION(TABLE events PARTITION BY k, DESCRIPTOR(ts), "
                        + "INTERVAL '5' SECOND)) GROUP BY window_start, window_end;");
        assertThat(run.problem().status()).isEqualTo(RecipeStatus.UNSUPPORTED);
        assertThat(run.problem().message()).contains("timer heap");
    }
}
