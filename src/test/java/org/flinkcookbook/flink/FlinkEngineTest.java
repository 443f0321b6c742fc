package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.testing.Recipes;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Flink engine on real Flink. The fixture events.csv arrives out of order: with a 5-second
 * delay the watermark reaches 10:01:05 when row 3 (10:01:10) arrives, so rows 4 (10:00:50) and 5
 * (10:00:20) find their one-minute window closed and are dropped.
 */
@ExtendWith(SharedFlink.class)
class FlinkEngineTest {

    private static final String EVENTS = """
            CREATE TABLE events (id BIGINT, sensor STRING, reading INT, ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            ) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');
            """;
    private static final String PER_MINUTE = """
            SELECT window_start, window_end, COUNT(*) AS cnt, SUM(reading) AS total
            FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
            GROUP BY window_start, window_end;
            """;

    @TempDir
    Path directory;

    private RecipeRun run(FlinkEngine engine, String sql) {
        RecipeRun run = engine.run(Recipes.sql(directory, sql));
        assertThat(run.problem()).as("problem").isNull();
        return run;
    }

    @Test
    void countsTheRowsAWindowDropsAsLateAndPrintsValuesAsTheSqlClientDoes(FlinkEngine engine) {
        StatementResult result = run(engine, EVENTS + PER_MINUTE).results().get(0);

        assertThat(result.line()).isEqualTo(6);
        assertThat(result.columns()).containsExactly("window_start", "window_end", "cnt", "total");
        assertThat(result.lateRowsDropped()).isEqualTo(2L);
        assertThat(result.rows())
                .containsExactlyInAnyOrder(
                        ResultRow.insert("2024-03-01 10:00:00.000", "2024-03-01 10:01:00.000", "2", "30"),
                        ResultRow.insert("2024-03-01 10:01:00.000", "2024-03-01 10:02:00.000", "2", "7"),
                        ResultRow.insert("2024-03-01 10:02:00.000", "2024-03-01 10:03:00.000", "1", "3"));
    }

    @Test
    void aResultLargerThanTheCollectSinksBufferIsFetchedWhileTheJobRuns(FlinkEngine engine) {
        // about 6 MB of rows: the sink blocks until they are fetched, so the job cannot finish first
        StatementResult result = run(engine, """
                CREATE TABLE numbers (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '100000',
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100000');
                SELECT id, REPEAT('x', 50) AS padding FROM numbers;
                """).results().get(0);

        assertThat(result.rows()).hasSize(100_000);
        assertThat(result.rows())
                .extracting(row -> Long.parseLong(row.values().get(0)))
                .doesNotHaveDuplicates()
                .allMatch(id -> id >= 1 && id <= 100_000);
    }

    @Test
    void recipesRunningAtOnceOnTheSharedClusterEachCountTheirOwnLateRows(FlinkEngine engine, @TempDir Path other)
            throws Exception {
        // cookbook.threads: two sessions side by side, each job's late rows its own
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<RecipeRun> first =
                    threads.submit(() -> engine.run(Recipes.sql(directory, EVENTS + PER_MINUTE)));
            java.util.concurrent.Future<RecipeRun> second =
                    threads.submit(() -> engine.run(Recipes.sql(other, EVENTS + PER_MINUTE + PER_MINUTE)));
            RecipeRun one = first.get();
            RecipeRun two = second.get();

            assertThat(one.problem()).isNull();
            assertThat(two.problem()).isNull();
            assertThat(List.of(
                            one.results().get(0),
                            two.results().get(0),
                            two.results().get(1)))
                    .allSatisfy(result -> {
                        assertThat(result.lateRowsDropped()).isEqualTo(2L);
                        assertThat(result.rows()).hasSize(3);
                    });
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void batchModeBuildsANewEnvironmentWithTheSessionsTablesAndDropsNothing(FlinkEngine engine) {
        RecipeRun run = run(
                engine,
                EVENTS + "SET 'execution.runtime-mode' = 'batch';\n" + PER_MINUTE
                        + "SET 'execution.runtime-mode' = 'streaming';\n" + PER_MINUTE);

        StatementResult batch = run.results().get(0);
        assertThat(batch.lateRowsDropped()).isNull();
        assertThat(batch.rows()).extracting(row -> row.values().get(2)).containsExactlyInAnyOrder("4", "2", "1");
        assertThat(run.results().get(1).lateRowsDropped()).isEqualTo(2L);
    }

    @Test
    void aFixtureDirectiveRebindsATableWrittenForAnotherConnectorKeepingItsWatermark(FlinkEngine engine) {
        RecipeRun run = engine.run(Recipes.write(directory, "bound.md", """
                <!-- cookbook:fixture events = events.csv -->
                ```sql
                CREATE TABLE events (id BIGINT, sensor STRING, reading INT, ts TIMESTAMP(3),
                  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
                ) WITH ('connector' = 'datagen');
                """ + PER_MINUTE + "```\n"));

        assertThat(run.problem()).isNull();
        assertThat(run.results().get(0).lateRowsDropped()).isEqualTo(2L);
        assertThat(run.results().get(0).rows()).hasSize(3);
    }

    @Test
    void aFixtureBoundToATableThatCanBeLookedUpServesALookupJoin(FlinkEngine engine) {
        // bound to the filesystem connector, the JDBC table could not be looked up: a lookup join would fail to plan
        RecipeRun run = engine.run(Recipes.write(directory, "lookup.md", """
                <!-- cookbook:fixture orders = lookup_orders.csv -->
                <!-- cookbook:fixture users = lookup_users.csv -->
                ```sql
                CREATE TABLE orders (id STRING, user_id INT, proc_time AS PROCTIME()) WITH ('connector' = 'faker');
                CREATE TABLE users (user_id INT, user_name STRING, age INT, PRIMARY KEY (user_id) NOT ENFORCED)
                  WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://db:3306/app', 'table-name' = 'users');
                SELECT o.id, u.user_name, u.age FROM orders o
                JOIN users FOR SYSTEM_TIME AS OF o.proc_time AS u ON o.user_id = u.user_id;
                ```
                """));

        assertThat(run.problem()).as("problem").isNull();
        assertThat(run.results().get(0).rows())
                .containsExactlyInAnyOrder(
                        ResultRow.insert("a", "ann", "31"),
                        ResultRow.insert("b", "cid", "27"),
                        ResultRow.insert("d", "ann", "31"));
    }

    @Test
    void aFixtureOfAChangelogSourceIsReadAsItsRowKindsSay(FlinkEngine engine) {
        String recipe = """
                <!-- cookbook:fixture claims = changelog_claims.csv -->
                ```sql
                CREATE TABLE claims (claim_id INT, total DOUBLE, PRIMARY KEY (claim_id) NOT ENFORCED) WITH (%s);
                SELECT COUNT(*) AS claims, SUM(total) AS total FROM claims;
                INSERT INTO claims SELECT claim_id, total * 2 FROM claims;
                ```
                """;
        RecipeRun cdc = engine.run(Recipes.write(
                directory, "cdc.md", recipe.formatted("'connector' = 'postgres-cdc', 'hostname' = 'db'")));
        RecipeRun upserts = engine.run(Recipes.write(
                directory,
                "upserts.md",
                recipe.formatted("'connector' = 'upsert-kafka', 'key.format' = 'raw', 'value.format' = 'json'")));

        // +I 1 and 2, 1 updated from 10 to 12, 2 deleted: one claim of 12 left; the table can still be written to
        for (RecipeRun run : List.of(cdc, upserts)) {
            assertThat(run.problem()).as("problem").isNull();
            List<ResultRow> rows = run.results().get(0).rows();
            assertThat(rows.get(rows.size() - 1)).isEqualTo(new ResultRow(RowKind.UPDATE_AFTER, List.of("1", "12.0")));
            assertThat(run.results().get(1).sink()).isEqualTo("claims");
        }
    }

    @Test
    void eachSinkOfAStatementSetIsAResultCastToTheSinkTypesAndNothingIsWritten(FlinkEngine engine) {
        RecipeRun run = run(engine, EVENTS + """
                CREATE TABLE late_rows (id BIGINT, ts TIMESTAMP(3), note STRING) WITH ('connector' = 'blackhole');
                CREATE TABLE counts (sensor STRING, cnt BIGINT) WITH ('connector' = 'print');
                BEGIN STATEMENT SET;
                INSERT INTO late_rows (id, ts) SELECT CAST(id AS INT), ts FROM events WHERE ts <= CURRENT_WATERMARK(ts);
                INSERT INTO counts SELECT sensor, COUNT(*) FROM events GROUP BY sensor;
                END;
                """);

        assertThat(run.results())
                .extracting(StatementResult::sink, StatementResult::line)
                .containsExactly(tuple("late_rows", 9), tuple("counts", 10));
        StatementResult late = run.results().get(0);
        assertThat(late.columns()).containsExactly("id", "ts", "note");
        // the unlisted column is NULL, the INT id is cast to the sink's BIGINT
        assertThat(late.rows())
                .containsExactly(
                        insertWithNull("4", "2024-03-01 10:00:50.000"), insertWithNull("5", "2024-03-01 10:00:20.000"));
        assertThat(run.results().get(1).rows())
                .extracting(row -> row.kind().symbol())
                .contains("+I", "-U", "+U");
    }

    private static ResultRow insertWithNull(String id, String ts) {
        return new ResultRow(RowKind.INSERT, Arrays.asList(id, ts, null));
    }

    @Test
    void processingTimeAndOtherNondeterministicValuesAreRecordedAsAPlaceholder(FlinkEngine engine) {
        RecipeRun run = run(engine, EVENTS + """
                CREATE VIEW stamped AS SELECT id, NOW() AS seen, RAND() AS r FROM events;
                SELECT id, seen, r, PROCTIME() AS p FROM stamped WHERE id = 1;
                """);

        assertThat(run.results().get(0).rows())
                .containsExactly(ResultRow.insert(
                        "1", ResultRow.NONDETERMINISTIC, ResultRow.NONDETERMINISTIC, ResultRow.NONDETERMINISTIC));
    }

    @Test
    void describeShowsTheRowtimeAttributeAndTheWatermark(FlinkEngine engine) {
        StatementResult describe =
                run(engine, EVENTS + "DESCRIBE events;").results().get(0);

        assertThat(describe.rows())
                .anySatisfy(row -> assertThat(row.values())
                        .contains("ts", "TIMESTAMP(3) *ROWTIME*", "`ts` - INTERVAL '5' SECOND"));
    }

    @Test
    void aFailingStatementStopsTheRecipeWithTheMarkdownLineFlinkPointsAt(FlinkEngine engine) {
        RecipeRun run = engine.run(Recipes.sql(directory, EVENTS + "SELECT id,\n  missing_column\nFROM events;"));

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(run.problem().line()).isEqualTo(7);
        assertThat(run.problem().message())
                .startsWith("SELECT id, missing_column FROM events: ")
                .contains("missing_column");
    }

    @Test
    void aSyntaxErrorNamesItsMarkdownLine(FlinkEngine engine) {
        RecipeRun run = engine.run(Recipes.sql(directory, EVENTS + "SELECT id\nFROM events\nWHER id = 1;"));

        assertThat(run.problem().line()).isEqualTo(8);
    }

    @Test
    void aMissingFixtureFileNamesTheDirective(FlinkEngine engine) {
        RecipeRun run = engine.run(Recipes.write(directory, "missing.md", """
                # Missing

                <!-- cookbook:fixture t = nowhere.csv -->
                ```sql
                CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen');
                ```
                """));

        assertThat(run.problem().line()).isEqualTo(3);
        assertThat(run.problem().message()).contains("nowhere.csv").contains("does not exist");
    }

    @Test
    void aMissingFileOfTheFixturesDirectoryIsNamedAtItsCreateTableWithTheFix(FlinkEngine engine) {
        RecipeRun run = engine.run(Recipes.sql(
                directory,
                "CREATE TABLE clicks (page STRING)\n"
                        + "WITH ('connector' = 'filesystem', 'path' = '${fixtures}/no-such-clicks.csv', 'format' = 'csv');\n"
                        + "SELECT page FROM clicks;"));

        assertThat(run.problem().status()).isEqualTo(RecipeStatus.ERROR);
        assertThat(run.problem().line()).isEqualTo(3);
        assertThat(run.problem().message())
                .isEqualTo("fixture file fixtures/no-such-clicks.csv of table clicks does not exist (a fixture has"
                        + " one row a line, in the table's column order, and no header line)");
        // the fix, cookbook:fixtures -Dcookbook.generate=all, is the runner's remedy (CookbookRunnerTest)
        assertThat(run.problem().fixture())
                .isEqualTo(new Problem.FixtureFault("fixtures/no-such-clicks.csv", Problem.Fix.GENERATE));
    }

    /** The query after the slow one is submitted while the slow one runs; the slow one's line stops the recipe all the same. */
    @Test
    void aSourceThatDoesNotEndInTimeIsStoppedByTheTimeoutWithAHintAtItsOwnLine() {
        // a cluster of its own: were its cancelled job slower to stop than this engine's short grace, the engine
        // would give up its cluster, which must not be the one the other tests' engines share
        try (FlinkEngine quick =
                new FlinkEngine(new FlinkSettings(SharedFlink.TEST_FIXTURES, Duration.ofSeconds(3), false))) {
            RecipeRun run = quick.run(Recipes.sql(
                    directory,
                    "CREATE TABLE slow (id BIGINT) WITH ('connector' = 'datagen', "
                            + "'number-of-rows' = '1000', 'rows-per-second' = '1');\nSELECT id FROM slow;\n"
                            + "SELECT id + 1 AS next FROM slow;"));

            assertThat(run.results()).isEmpty();
            assertThat(run.problem().line()).isEqualTo(4);
            assertThat(run.problem().message())
                    .startsWith("SELECT id FROM slow: did not finish within 3 s")
                    .contains("cookbook:fixture");
        }
    }

    @Test
    void queriesWhoseJobsRunAtOnceEachCountTheirOwnLateRowsAndComeInStatementOrder(FlinkEngine engine) {
        String perTenMinutes = PER_MINUTE.replace("INTERVAL '1' MINUTE", "INTERVAL '10' MINUTE");

        List<StatementResult> results =
                run(engine, EVENTS + PER_MINUTE + perTenMinutes + PER_MINUTE).results();

        assertThat(results).extracting(StatementResult::line).containsExactly(6, 9, 12);
        assertThat(results).extracting(StatementResult::lateRowsDropped).containsExactly(2L, 0L, 2L);
        assertThat(results.get(1).rows())
                .containsExactly(ResultRow.insert("2024-03-01 10:00:00.000", "2024-03-01 10:10:00.000", "7", "48"));
    }

    @Test
    void closingTheEngineLeavesNoThreadThatWouldKeepTheJvmAlive() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        FlinkEngine own = new FlinkEngine(new FlinkSettings(SharedFlink.TEST_FIXTURES, Duration.ofSeconds(60), false));
        assertThat(own.run(Recipes.sql(directory, "SELECT 1;")).problem()).isNull();

        own.close();

        assertThat(threadsLeftSince(before)).isEmpty();
    }

    @Test
    void aClusterStartingInTheBackgroundWhileARecipeIsPlannedIsClosedToo() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        FlinkEngine own = new FlinkEngine(new FlinkSettings(SharedFlink.TEST_FIXTURES, Duration.ofSeconds(60), false));
        // reading fixtures, the recipe will likely run: the cluster starts while it is planned
        assertThat(own.plan(Recipes.sql(directory, EVENTS + PER_MINUTE)).completed())
                .isTrue();

        own.close(); // before any job, maybe before the start has finished

        assertThat(threadsLeftSince(before)).isEmpty();
    }

    /** The threads started since {@code before} that would keep the JVM alive, once they had 20 s to end. */
    private static List<String> threadsLeftSince(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        List<String> left;
        do {
            Thread.sleep(200);
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> !before.contains(thread) && thread.isAlive() && !thread.isDaemon())
                    .map(Thread::getName)
                    .toList();
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        return left;
    }

    @Test
    void timestampLtzValuesAreShownInTheSessionTimeZone(FlinkEngine engine) {
        List<StatementResult> results = run(engine, """
                SET 'table.local-time-zone' = 'Europe/Berlin';
                SELECT TO_TIMESTAMP_LTZ(0, 3) AS epoch;
                """).results();

        assertThat(results.get(0).rows()).containsExactly(ResultRow.insert("1970-01-01 01:00:00.000"));
    }

    @Test
    void aRecipeWhoseTablesCanBeReadHereIsPlannedWithoutProblems(FlinkEngine engine) {
        RecipeRun plan = engine.plan(Recipes.sql(directory, EVENTS + PER_MINUTE));

        assertThat(plan.completed()).isTrue();
        assertThat(plan.results()).isEmpty();
    }

    @Test
    void aTableWhoseConnectorIsNotInTheBuildIsPlannedWithAStandInThatKeepsItsSchema(FlinkEngine engine) {
        RecipeRun plan = engine.plan(Recipes.sql(directory, """
                CREATE TABLE logs (ip STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'faker');
                SELECT window_start, COUNT(DISTINCT ip) AS ips
                FROM TABLE(TUMBLE(TABLE logs, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
                GROUP BY window_start, window_end;
                """));

        assertThat(plan.problem()).isNull();
        assertThat(plan.plannedOnly().line()).isEqualTo(3);
        assertThat(plan.plannedOnly().message())
                .startsWith("planned with stand-ins, not run: it reads ")
                .endsWith("logs (line 3: connector 'faker' is not available in this build)");
    }

    @Test
    void aStandInSinkTakesOnlyTheChangesTheOriginalConnectorTakes(FlinkEngine engine) {
        String rates = """
                CREATE TABLE rates (code STRING, rate DOUBLE, PRIMARY KEY (code) NOT ENFORCED)
                  WITH ('connector' = 'upsert-kafka', 'key.format' = 'raw', 'value.format' = 'json');
                """;
        RecipeRun appendOnly = engine.plan(Recipes.sql(directory, rates + """
                CREATE TABLE counts (code STRING, n BIGINT) WITH ('connector' = 'kafka', 'format' = 'json');
                INSERT INTO counts SELECT code, COUNT(*) FROM rates GROUP BY code;
                """));
        RecipeRun upserts = engine.plan(Recipes.sql(directory, rates + """
                CREATE TABLE counts (code STRING, n BIGINT, PRIMARY KEY (code) NOT ENFORCED)
                  WITH ('connector' = 'upsert-kafka', 'key.format' = 'raw', 'value.format' = 'json');
                INSERT INTO counts SELECT code, COUNT(*) FROM rates GROUP BY code;
                """));

        assertThat(appendOnly.problem().status()).isEqualTo(RecipeStatus.BROKEN);
        assertThat(appendOnly.problem().line()).isEqualTo(6);
        assertThat(appendOnly.problem().message()).contains("doesn't support consuming update");
        assertThat(upserts.problem()).isNull();
        assertThat(upserts.plannedOnly()).isNotNull();
    }

    @Test
    void aLookupJoinPlansAgainstAJdbcStandInButNotAgainstAKafkaOne(FlinkEngine engine) {
        String lookup = """
                CREATE TABLE orders (user_id INT, proc AS PROCTIME()) WITH ('connector' = 'faker');
                CREATE TABLE users (user_id INT, age INT, PRIMARY KEY (user_id) NOT ENFORCED) WITH (%s);
                SELECT o.user_id, u.age FROM orders AS o JOIN users FOR SYSTEM_TIME AS OF o.proc AS u ON o.user_id = u.user_id;
                """;

        RecipeRun jdbc =
                engine.plan(Recipes.sql(directory, lookup.formatted("'connector' = 'jdbc', 'table-name' = 'users'")));
        RecipeRun kafka =
                engine.plan(Recipes.sql(directory, lookup.formatted("'connector' = 'kafka', 'format' = 'json'")));

        assertThat(jdbc.problem()).isNull();
        assertThat(jdbc.plannedOnly()).isNotNull();
        assertThat(kafka.problem().status()).isEqualTo(RecipeStatus.BROKEN);
        assertThat(kafka.problem().line()).isEqualTo(5);
    }

    @Test
    void aStatementFlinkRejectsWhilePlanningIsBrokenAtTheLineFlinkPointsAt(FlinkEngine engine) {
        RecipeRun plan = engine.plan(Recipes.sql(directory, EVENTS + "SELECT id,\n  missing_column\nFROM events;"));

        assertThat(plan.problem().status()).isEqualTo(RecipeStatus.BROKEN);
        assertThat(plan.problem().line()).isEqualTo(7);
    }

    @Test
    void aSemicolonThatEndsAStatementTooEarlyIsNamedByItsLine(FlinkEngine engine) {
        RecipeRun plan = engine.plan(Recipes.sql(directory, EVENTS + """
                SELECT e.id, f.id
                FROM events e
                LEFT JOIN events f ON e.id = f.id;
                LEFT JOIN events g ON e.id = g.id;
                """));

        assertThat(plan.problem().status()).isEqualTo(RecipeStatus.BROKEN);
        assertThat(plan.problem().line()).isEqualTo(9);
        assertThat(plan.problem().message())
                .isEqualTo(
                        "LEFT JOIN events g ON e.id = g.id: a statement cannot start with LEFT; the ';' on line 8 ends the statement before it too early: remove that ';'");
    }

    @Test
    void everyScriptSectionIsPlannedAlsoAfterOneThatReadsAStandIn(FlinkEngine engine) {
        RecipeRun plan = engine.plan(Recipes.write(directory, "sections.md", """
                ## Script

                ```sql
                CREATE TEMPORARY TABLE logs (code STRING) WITH ('connector' = 'faker');
                SELECT code FROM logs;
                ```

                ## Advanced Script

                ### Script

                ```sql
                CREATE TEMPORARY TABLE logs (code STRING, size INT) WITH ('connector' = 'faker');
                SELECT code, SUM(sizes) FROM logs GROUP BY code;
                ```
                """));

        assertThat(plan.problem().status()).isEqualTo(RecipeStatus.BROKEN);
        assertThat(plan.problem().line()).isEqualTo(14);
        assertThat(plan.problem().message()).contains("Column 'sizes' not found");
    }

    @Test
    void runningFirstAndPlanningOnlyWhenTheRunStopsGivesWhatPlanningFirstGives(FlinkEngine engine) {
        List<String> recipes = List.of(
                EVENTS + PER_MINUTE,
                EVENTS + PER_MINUTE + "SELECT id,\n  missing_column\nFROM events;",
                EVENTS + PER_MINUTE + """
                        CREATE TABLE logs (ip STRING) WITH ('connector' = 'faker');
                        SELECT ip FROM logs;
                        """,
                EVENTS + "SELECT id, CAST(sensor AS INT) AS broken FROM events;\n" + PER_MINUTE,
                """
                CREATE TABLE logs (ip STRING) WITH ('connector' = 'faker');
                SELECT 1;
                """);
        List<String> outcomes = new java.util.ArrayList<>();
        for (String sql : recipes) {
            RecipeRun plan = engine.plan(Recipes.sql(directory, sql));
            RecipeRun planFirst = plan.completed() ? engine.run(Recipes.sql(directory, sql)) : plan;

            RecipeRun runFirst = engine.planAndRun(Recipes.sql(directory, sql));

            assertThat(runFirst.problem()).as(sql).isEqualTo(planFirst.problem());
            assertThat(runFirst.plannedOnly()).as(sql).isEqualTo(planFirst.plannedOnly());
            assertThat(runFirst.results())
                    .as(sql)
                    .extracting(StatementResult::line, StatementResult::rows, StatementResult::lateRowsDropped)
                    .isEqualTo(planFirst.results().stream()
                            .map(result -> tuple(result.line(), result.rows(), result.lateRowsDropped()))
                            .toList());
            outcomes.add(
                    runFirst.problem() != null
                            ? runFirst.problem().status().name()
                            : runFirst.plannedOnly() != null ? "PLANNED" : "RAN");
        }
        assertThat(outcomes).containsExactly("RAN", "BROKEN", "PLANNED", "ERROR", "RAN");
    }
}
