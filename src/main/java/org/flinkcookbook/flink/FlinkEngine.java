package org.flinkcookbook.flink;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;

/**
 * Runs recipes on real Flink: on one embedded cluster for all recipes, started on the first one,
 * or on the session cluster at {@link FlinkSettings#clusterAddress()}.
 */
public final class FlinkEngine implements Engine {

    private final FlinkSettings settings;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cookbook-statement-timeout");
        thread.setDaemon(true);
        return thread;
    });
    private final Supplier<FlinkCluster> clusterFactory;
    private FlinkCluster cluster;

    public FlinkEngine(FlinkSettings settings) {
        this(settings, () -> settings.clusterAddress() == null ? EmbeddedCluster.start() : RemoteCluster.connect(settings.clusterAddress()));
    }

    /** An engine on another kind of cluster: the benchmarks compare with a new local cluster per job. */
    FlinkEngine(FlinkSettings settings, Supplier<FlinkCluster> clusterFactory) {
        this.settings = settings;
        this.clusterFactory = clusterFactory;
        FlinkLogging.configure(settings.verboseLogging());
    }

    @Override
    public String name() {
        return "flink";
    }

    @Override
    public String flinkVersion() {
        return cluster == null ? EnvironmentInformation.getVersion() : cluster.flinkVersion();
    }

    @Override
    public Optional<String> lateRowsNotCounted() {
        // only a remote cluster may lack them; the embedded one is not started just to ask
        return settings.clusterAddress() == null ? Optional.empty() : Optional.ofNullable(cluster().lateRowsNotCounted());
    }

    @Override
    public RecipeRun run(Recipe recipe) {
        return new RecipeSession(cluster(), settings, watchdog, recipe).run();
    }

    private FlinkCluster cluster() {
        if (cluster == null) {
            cluster = clusterFactory.get();
        }
        return cluster;
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
