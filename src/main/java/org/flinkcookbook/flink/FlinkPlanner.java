package org.flinkcookbook.flink;

import java.util.List;
import java.util.Optional;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.guard.GuardedFileSystem;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.session.Deadline;
import org.flinkcookbook.session.RecipeSession;
import org.flinkcookbook.session.StatementParser;
import org.flinkcookbook.sql.Statement;

/**
 * Parses, validates and plans recipes on Flink without a cluster: each session's statements run as
 * DDL or are explained, with {@link StandIns stand-ins} for tables that cannot run here. Only the
 * planning path: no job is submitted, so it loads no class of Flink's job submission and links
 * against every Flink version from 1.19 on, which is how the planning-only engine JVM of another
 * Flink version (cookbook.flinkVersions) uses it; {@link FlinkEngine} plans with it too.
 */
public final class FlinkPlanner {

    private static boolean plannerWarm;

    private final FlinkSettings settings;
    private final RecipeSession session;

    /** A planner whose statements' results are not remembered. */
    public FlinkPlanner(FlinkSettings settings) {
        this(settings, new RecipeSession(new StatementParser(settings.fixturesDirectory())));
    }

    /** @param session the recipe session of the engine that plans with it, its remembered results included */
    FlinkPlanner(FlinkSettings settings, RecipeSession session) {
        this.settings = settings;
        this.session = session;
        FlinkLogging.configure(settings.verboseLogging());
        GuardedFileSystem.install();
    }

    /** Plans each session of the recipe with stand-ins for its tables that cannot run here; no cluster needed. */
    public RecipeRun plan(Recipe recipe) {
        warmUpPlanner();
        Deadline.Result<RecipeRun> planned =
                Deadline.run("cookbook-plan", settings.statementTimeout(), () -> planInTime(recipe));
        return planned.overran()
                .map(overrun -> overrun(recipe, overrun, "planning"))
                .orElseGet(planned::value);
    }

    /**
     * Flink's own verdict on a statement's syntax alone, without a catalog: its parser's error,
     * at the Markdown line it points at, or empty when this Flink parses the statement (whatever
     * its validation would say). Asked where the plugin's own parser rejects a statement, so that
     * this Flink's parser decides what parses on it.
     */
    public Optional<Problem> syntaxError(Statement statement, String sql) {
        warmUpPlanner();
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.newInstance()
                .inStreamingMode()
                .withClassLoader(FlinkPlanner.class.getClassLoader())
                .build());
        try {
            ((TableEnvironmentInternal) environment).getParser().parse(sql);
            return Optional.empty();
        } catch (SqlParserException e) {
            return Optional.of(Problem.broken(
                    FlinkErrors.line(statement, e),
                    statement.firstWords() + ": " + FlinkErrors.message(statement, sql, e)));
        } catch (RuntimeException validation) {
            return Optional.empty(); // it parsed: an unknown table or column is validation's business
        }
    }

    /**
     * Starts warming the planner up on a thread of its own, for a JVM that will run recipes on Flink
     * and has other work first (the engine JVM reads its request, builds the engines, finds and
     * reads the recipes: most of a second in a cold JVM, on one core). The first recipe then waits
     * only for what is left of it.
     */
    public static void warmUpPlannerInBackground() {
        Thread warmUp = new Thread(FlinkPlanner::warmUpPlanner, "cookbook-planner-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    /**
     * Flink's planner takes seconds to load and compile its rules in a cold JVM, more on a busy
     * machine: that is no recipe's time, so it is spent once before the first deadline starts.
     * A recipe that comes while it is under way waits for it.
     */
    static synchronized void warmUpPlanner() {
        if (plannerWarm) {
            return;
        }
        plannerWarm = true;
        try {
            TableEnvironment planner = TableEnvironment.create(EnvironmentSettings.newInstance()
                    .inStreamingMode()
                    .withClassLoader(FlinkPlanner.class.getClassLoader())
                    .build());
            planner.executeSql(
                    "CREATE TEMPORARY TABLE warm_up (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen')");
            planner.explainSql(
                    "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE warm_up, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                            + "GROUP BY window_start, window_end");
        } catch (RuntimeException e) {
            // only a head start: the recipes report whatever is wrong with Flink
        }
    }

    /** The recipe stopped at the statement that overran its deadline while {@code what} ("planning", "running"). */
    RecipeRun overrun(Recipe recipe, Deadline.Overrun overrun, String what) {
        return RecipeRun.stopped(
                List.of(),
                Problem.error(overrun.line(), overrun.sentence(what, settings.statementTimeout())),
                recipe.warnings());
    }

    /** Every session of the recipe planned, as RecipeSession runs a recipe for every pass. */
    private RecipeRun planInTime(Recipe recipe) {
        return session.runAll(recipe, script -> new PlanningBackEnd(script, settings));
    }
}
