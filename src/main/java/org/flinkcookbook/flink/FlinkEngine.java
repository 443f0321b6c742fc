package org.flinkcookbook.flink;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.sql.Clauses;
import org.flinkcookbook.sql.SqlSyntaxException;

/**
 * Runs recipes on real Flink. Every recipe is planned first, without a cluster: a recipe Flink
 * rejects is broken, and one that reads tables without data here (see {@link StandIns}) is only
 * planned. The others run on one embedded cluster for all recipes, started when first needed.
 */
public final class FlinkEngine implements Engine {

    private final FlinkSettings settings;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cookbook-statement-timeout");
        thread.setDaemon(true);
        return thread;
    });
    private FlinkCluster cluster;

    public FlinkEngine(FlinkSettings settings) {
        this.settings = settings;
        FlinkLogging.configure(settings.verboseLogging());
    }

    @Override
    public String name() {
        return "flink";
    }

    @Override
    public String flinkVersion() {
        return EnvironmentInformation.getVersion();
    }

    @Override
    public RecipeRun run(Recipe recipe) {
        List<Recipe> sessions = recipe.sessions();
        List<String> warnings = new ArrayList<>(recipe.warnings());
        List<String> planWarnings = new ArrayList<>(recipe.warnings()); // a recipe that runs warns again while running
        Optional<SqlSyntaxException> cutShort = Clauses.strayTerminator(recipe.statements());
        if (cutShort.isPresent()) {
            return new RecipeRun(List.of(), Problem.broken(cutShort.get().line(), cutShort.get().getMessage()), planWarnings);
        }
        for (Recipe session : sessions) {
            RecipeRun plan = RecipeSession.forPlanning(settings, session).run();
            planWarnings.addAll(plan.warnings());
            if (!plan.completed()) {
                return new RecipeRun(List.of(), plan.problem(), planWarnings);
            }
        }
        if (cluster == null) {
            cluster = FlinkCluster.start();
        }
        List<StatementResult> results = new ArrayList<>();
        for (Recipe session : sessions) {
            RecipeRun run = new RecipeSession(cluster, settings, watchdog, session).run();
            results.addAll(run.results());
            warnings.addAll(run.warnings());
            if (!run.completed()) {
                return new RecipeRun(results, run.problem(), warnings);
            }
        }
        return RecipeRun.completed(results, warnings);
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
