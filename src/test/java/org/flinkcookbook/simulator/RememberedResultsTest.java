package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.RecipeSession;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.session.SessionBackEnd;
import org.flinkcookbook.session.StatementParser;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ResultCache} as a watch uses it, on the simulator's back end (here, where it can be
 * built), which records the statements that reach it: a statement runs again exactly when
 * something its result depends on changed, and what the cache gives is what a run gives.
 */
class RememberedResultsTest {

    private static final String TABLE = "CREATE TABLE events (id INT, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS %s) "
            + "WITH ('connector' = 'datagen');";
    private static final String SUMS =
            "SELECT window_start, SUM(v) AS total FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) "
                    + "GROUP BY window_start, window_end;";
    private static final String ALL = "SELECT id, v FROM events;";
    private static final String ROWS = """
            1,10,2024-03-01 10:00:01
            2,20,2024-03-01 10:00:06
            3,30,2024-03-01 10:00:02
            4,40,2024-03-01 10:00:11
            """;

    @TempDir
    Path directory;

    private Path fixtures;
    private RecipeSession session;
    /** The statements that reached the back end, by first words, in every run so far. */
    private final List<String> ran = new ArrayList<>();

    @BeforeEach
    void cookbook() {
        fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "events.csv", ROWS);
        session = new RecipeSession(new StatementParser(fixtures), new ResultCache("test", Duration.ofSeconds(60)));
    }

    private RecipeRun run(String... sql) {
        return runBelow("", sql);
    }

    /** Runs the recipe on a recording simulator back end; {@code prose} goes above its SQL block. */
    private RecipeRun runBelow(String prose, String... sql) {
        ran.clear();
        Recipe recipe = Recipes.write(
                directory,
                "recipe.md",
                "# Test\n" + prose + "```sql\n" + String.join("\n", sql)
                        + "\n```\n<!-- cookbook:fixture events = events.csv -->\n");
        SessionBackEnd simulator = new SimulatorBackEnd(recipe, fixtures, false, false, Duration.ofSeconds(300));
        SessionBackEnd recording = (SessionBackEnd) Proxy.newProxyInstance(
                SessionBackEnd.class.getClassLoader(), new Class<?>[] {SessionBackEnd.class}, (proxy, method, args) -> {
                    if (args != null && args.length == 1 && args[0] instanceof ParsedStatement statement) {
                        ran.add(statement.firstWords());
                    }
                    try {
                        return method.invoke(simulator, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        RecipeRun run = session.run(recipe, recording);
        assertThat(run.completed()).as("%s", run.problem()).isTrue();
        return run;
    }

    private static List<String> rows(RecipeRun run) {
        return run.results().stream()
                .map(result -> result.line() + " " + result.label() + ": "
                        + result.rows().stream().map(ResultRow::toString).toList() + " late "
                        + result.lateRowsDropped())
                .toList();
    }

    private static String table(String watermark) {
        return String.format(TABLE, watermark);
    }

    @Test
    void aSessionRunAgainUnchangedRunsNoQueryAndGivesTheSameResults() {
        RecipeRun first = run(table("ts"), SUMS, ALL);
        assertThat(ran).hasSize(2); // the two queries; CREATE TABLE is no single-argument call

        RecipeRun again = run(table("ts"), SUMS, ALL);

        assertThat(ran).isEmpty();
        assertThat(rows(again)).isEqualTo(rows(first));
        assertThat(first.results().get(0).lateRowsDropped()).isEqualTo(1L);
    }

    /**
     * A query that reads the clock (a function Flink's planner declares dynamic) may give other rows
     * later: on Flink a filter on it does (the simulator calls that unsupported); here a column.
     */
    @Test
    void aQueryThatReadsTheClockRunsEveryTime() {
        String clock = "SELECT id, CURRENT_TIMESTAMP AS checked FROM events;";
        run(table("ts"), SUMS, clock);

        run(table("ts"), SUMS, clock);

        // (a statement in flight beside it may run again too: one run too many, never a stale result)
        assertThat(ran).contains("SELECT id, CURRENT_TIMESTAMP AS checked FROM events");
    }

    @Test
    void aChangedQueryRunsAloneAndTheOthersMoveWithTheirLines() throws RecipeException {
        run(table("ts"), SUMS, ALL);

        RecipeRun changed =
                runBelow("Two lines\nof prose.\n", table("ts"), SUMS, "SELECT id, v FROM events WHERE v > 10;");

        assertThat(ran).containsExactly("SELECT id, v FROM events WHERE v > 10");
        Recipe recipe = recipeOnDisk();
        RecipeRun uncached = new RecipeSession(new StatementParser(fixtures))
                .run(recipe, new SimulatorBackEnd(recipe, fixtures, false, false, Duration.ofSeconds(300)));
        assertThat(rows(changed)).isEqualTo(rows(uncached));
        assertThat(changed.results().get(0).line()).isEqualTo(6); // was 4, before the prose above it
    }

    @Test
    void aChangedDefinitionRunsEveryLaterQueryAgain() {
        RecipeRun first = run(table("ts"), SUMS, ALL);

        RecipeRun slower = run(table("ts - INTERVAL '5' SECOND"), SUMS, ALL);

        assertThat(ran).hasSize(2);
        assertThat(slower.results().get(0).lateRowsDropped()).isZero();
        assertThat(rows(slower)).isNotEqualTo(rows(first));
    }

    @Test
    void aSetBeforeAQueryIsPartOfItsKey() {
        run(table("ts"), SUMS, ALL);

        run(table("ts"), SUMS, "SET 'pipeline.auto-watermark-interval' = '0';", ALL);

        assertThat(ran).containsExactly("SELECT id, v FROM events");
    }

    @Test
    void aQueryIsKeptUnderTheSessionItStartedOnThoughItsRowsAreTakenAfterTheStatementsThatFollowIt() {
        String interval = "SET 'pipeline.auto-watermark-interval' = '%s';";
        run(table("ts"), SUMS, interval.formatted("0"), ALL);
        ran.clear();

        run(table("ts"), SUMS, interval.formatted("0"), ALL);
        assertThat(ran).isEmpty();

        run(table("ts"), SUMS, interval.formatted("200 ms"), ALL);
        assertThat(ran).containsExactly("SELECT id, v FROM events");
    }

    @Test
    void aChangedFixtureRunsTheQueriesThatReadItAgain() {
        RecipeRun first = run(table("ts"), SUMS, ALL);

        Recipes.fixture(fixtures, "events.csv", ROWS + "5,50,2024-03-01 10:00:12\n");
        RecipeRun more = run(table("ts"), SUMS, ALL);

        assertThat(ran).hasSize(2);
        assertThat(more.results().get(1).rows()).hasSize(5);
        assertThat(first.results().get(1).rows()).hasSize(4);
    }

    @Test
    void aFileNamedByAPathOptionIsPartOfTheKey() {
        String table = "CREATE TABLE events (id INT, v INT, ts TIMESTAMP(3)) WITH ('connector' = 'filesystem', "
                + "'path' = '${fixtures}/events.csv', 'format' = 'csv');";
        assertTheFixtureIsAnInputOf(table);
    }

    @Test
    void theFilesAQueryReadAreItsInputsHoweverTheSqlSpellsTheirPath() {
        String table = "CREATE TABLE events (id INT, v INT, ts TIMESTAMP(3)) WITH ('connector' = 'filesystem', "
                + "'path' /* a comment no pattern expects */ = '${fixtures}/events.csv', 'format' = 'csv');";
        assertTheFixtureIsAnInputOf(table);
    }

    /** A query over {@code table} runs once, then again only when events.csv changes. */
    private void assertTheFixtureIsAnInputOf(String table) {
        run(table, ALL);
        run(table, ALL);
        assertThat(ran).isEmpty();

        Recipes.fixture(fixtures, "events.csv", ROWS + "5,50,2024-03-01 10:00:12\n");
        StatementResult all = run(table, ALL).results().get(0);

        assertThat(ran).hasSize(1);
        assertThat(all.rows()).hasSize(5);
    }

    private Recipe recipeOnDisk() throws RecipeException {
        return new RecipeParser().parse(directory.resolve("recipe.md"), "recipe.md");
    }
}
