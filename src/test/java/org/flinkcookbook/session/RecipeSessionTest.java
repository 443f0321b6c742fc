package org.flinkcookbook.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementSplitter;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session rules every engine shares, run on the simulator (no Flink job needed); the Flink
 * engine's tests run the same rules on Flink.
 */
class RecipeSessionTest {

    @TempDir
    Path directory;

    private static ParsedStatement parse(String sql) throws Exception {
        Statement statement = StatementSplitter.split(sql, 12).get(0);
        return new StatementParser(Path.of("fixtures")).parse(statement);
    }

    private RecipeRun simulate(String sql) {
        try (SimulatorEngine simulator = new SimulatorEngine(directory)) {
            return simulator.run(Recipes.sql(directory, sql));
        }
    }

    @Test
    void anInsertIsRunAsAnInsert() throws Exception {
        ParsedStatement insert = parse("INSERT INTO sink SELECT 1");

        assertThat(insert.isInsert()).isTrue();
        assertThat(((SqlIdentifier) insert.insert().getTargetTableID()).getSimple())
                .isEqualTo("sink");
    }

    @Test
    void executeInsertIsRunAsTheInsertItWraps() throws Exception {
        ParsedStatement insert = parse("EXECUTE INSERT INTO sink SELECT 1");

        assertThat(insert.isInsert()).isTrue();
        assertThat(((SqlIdentifier) insert.insert().getTargetTableID()).getSimple())
                .isEqualTo("sink");
    }

    @Test
    void fixturesAreExpandedOnceInTheSqlAnEngineRuns() throws Exception {
        ParsedStatement parsed = parse("SELECT * FROM t /*+ OPTIONS('path'='${fixtures}/a.csv') */");

        assertThat(parsed.sql())
                .contains("file://" + Path.of("fixtures").toAbsolutePath() + "/a.csv")
                .doesNotContain("${fixtures}");
        assertThat(parsed.statement().text()).contains("${fixtures}");
    }

    @Test
    void aQueryInsideAStatementSetStopsTheSessionAtItsLine() {
        RecipeRun run = simulate("BEGIN STATEMENT SET;\nSELECT 1;\nEND;");

        assertThat(run.problem())
                .isEqualTo(Problem.error(4, "SELECT 1: only INSERT statements can be part of a statement set"));
    }

    /** Worded as FlinkEngineTest's plan words it: the session owns the diagnosis for every engine. */
    @Test
    void aSemicolonThatEndsAStatementTooEarlyIsNamedByItsLineOnTheSimulatorToo() {
        RecipeRun run = simulate("""
                SELECT 1
                FROM (VALUES (1)) AS t (a)
                GROUP BY a;
                LEFT JOIN events g ON e.id = g.id;
                """);

        assertThat(run.problem())
                .isEqualTo(Problem.error(
                        6,
                        "LEFT JOIN events g ON e.id = g.id: a statement cannot start with LEFT; the ';' on line 5"
                                + " ends the statement before it too early: remove that ';'"));
        assertThat(run.results()).isEmpty();
    }

    @Test
    void endWithoutBeginAndABeginNeverEndedAreErrorsAtTheirLines() {
        assertThat(simulate("END;").problem()).isEqualTo(Problem.error(3, "END; without BEGIN STATEMENT SET;"));
        assertThat(simulate(
                                "CREATE TABLE s (a INT) WITH ('connector' = 'blackhole');\nBEGIN STATEMENT SET;\nINSERT INTO s SELECT 1;")
                        .problem())
                .isEqualTo(
                        Problem.error(5, "BEGIN STATEMENT SET is never closed: add END; after its INSERT statements"));
    }

    /**
     * A back end that logs what the session asks of it, by Markdown line: a query's rows come only
     * when the session takes them. A query with {@code fails} in it fails then; a table named
     * {@code bad} cannot be created.
     */
    private static final class LoggingBackEnd implements SessionBackEnd {
        final List<String> log = new ArrayList<>();

        @Override
        public void define(ParsedStatement statement, Optional<BoundFixture> fixture) {
            log.add("define " + statement.line());
            if (statement.sql().contains("bad")) {
                throw new IllegalStateException("no such connector");
            }
        }

        @Override
        public void set(ParsedStatement statement, String key, String value) {
            log.add("set " + statement.line());
        }

        @Override
        public void reset(ParsedStatement statement, String key) {
            log.add("reset " + statement.line());
        }

        @Override
        public StartedQuery query(ParsedStatement statement) {
            log.add("start " + statement.line());
            return new StartedQuery() {
                @Override
                public Optional<StatementResult> result() {
                    log.add("take " + statement.line());
                    if (statement.sql().contains("fails")) {
                        throw new IllegalStateException("the job failed");
                    }
                    return Optional.of(new StatementResult(
                            statement.line(),
                            statement.firstWords(),
                            null,
                            List.of("x"),
                            List.of(),
                            false,
                            null,
                            RowExplanations.NONE,
                            0));
                }

                @Override
                public void cancel() {
                    log.add("cancel " + statement.line());
                }
            };
        }

        @Override
        public Optional<StatementResult> describe(ParsedStatement statement) {
            return Optional.empty();
        }

        @Override
        public List<StatementResult> insert(List<ParsedStatement> inserts) {
            return List.of();
        }

        @Override
        public Optional<PlannedOnly> finish() {
            return Optional.empty();
        }

        @Override
        public Problem failure(ParsedStatement statement, Exception error) {
            return Problem.error(statement.line(), error.getMessage());
        }

        @Override
        public RecipeStatus rejected() {
            return RecipeStatus.ERROR;
        }

        @Override
        public List<String> warnings() {
            return List.of();
        }
    }

    private RecipeRun runLogged(LoggingBackEnd backEnd, String sql) {
        return new RecipeSession(new StatementParser(directory)).run(Recipes.sql(directory, sql), backEnd);
    }

    private static List<Integer> lines(RecipeRun run) {
        return run.results().stream().map(StatementResult::line).toList();
    }

    @Test
    void aQueryRunsWhileTheStatementsAfterItRunAndItsRowsAreTakenInStatementOrder() {
        LoggingBackEnd backEnd = new LoggingBackEnd();

        RecipeRun run = runLogged(
                backEnd, "SELECT 1;\nSET 'k' = 'v';\nSELECT 2;\nCREATE TABLE t (a INT);\nSELECT 3;\nSELECT 4;");

        assertThat(run.completed()).isTrue();
        assertThat(lines(run)).containsExactly(3, 5, 7, 8);
        // at most two queries under way: the third's start takes the first's rows
        assertThat(backEnd.log)
                .containsExactly(
                        "start 3",
                        "set 4",
                        "start 5",
                        "define 6",
                        "start 7",
                        "take 3",
                        "start 8",
                        "take 5",
                        "take 7",
                        "take 8");
    }

    @Test
    void aQueryThatFailsWhenItsRowsComeStopsTheSessionAtItsLineThoughALaterStatementFailedFirst() {
        LoggingBackEnd backEnd = new LoggingBackEnd();

        RecipeRun run = runLogged(backEnd, "SELECT 1;\nSELECT 'fails';\nSELECT 3;\nCREATE TABLE bad (a INT);");

        assertThat(run.problem()).isEqualTo(Problem.error(4, "the job failed"));
        assertThat(lines(run)).containsExactly(3);
        assertThat(backEnd.log)
                .containsExactly("start 3", "start 4", "start 5", "take 3", "define 6", "take 4", "cancel 5");
    }

    @Test
    void aStatementThatFailsAfterQueriesThatRunGivesTheirResultsAndStopsAtItsLine() {
        LoggingBackEnd backEnd = new LoggingBackEnd();

        RecipeRun run = runLogged(backEnd, "SELECT 1;\nCREATE TABLE bad (a INT);\nSELECT 3;");

        assertThat(run.problem()).isEqualTo(Problem.error(4, "no such connector"));
        assertThat(lines(run)).containsExactly(3);
        assertThat(backEnd.log).containsExactly("start 3", "define 4", "take 3");
    }
}
