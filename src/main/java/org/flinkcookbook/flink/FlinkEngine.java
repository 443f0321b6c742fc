package org.flinkcookbook.flink;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;

/** Runs recipes on real Flink: one embedded cluster for all recipes, started on the first one. */
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
        if (cluster == null) {
            cluster = FlinkCluster.start();
        }
        return new RecipeSession(cluster, settings, watchdog, recipe).run();
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
