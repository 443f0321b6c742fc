package org.flinkcookbook.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.calcite.sql.SqlIdentifier;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
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

    @Test
    void endWithoutBeginAndABeginNeverEndedAreErrorsAtTheirLines() {
        assertThat(simulate("END;").problem()).isEqualTo(Problem.error(3, "END; without BEGIN STATEMENT SET;"));
        assertThat(simulate(
                                "CREATE TABLE s (a INT) WITH ('connector' = 'blackhole');\nBEGIN STATEMENT SET;\nINSERT INTO s SELECT 1;")
                        .problem())
                .isEqualTo(
                        Problem.error(5, "BEGIN STATEMENT SET is never closed: add END; after its INSERT statements"));
    }
}
