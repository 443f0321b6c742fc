package org.flinkcookbook.flink;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.session.Deadline;
import org.flinkcookbook.session.RecipeSession;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.session.StatementParser;
import org.flinkcookbook.sql.Clauses;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;

/**
 * Plans and runs recipes on real Flink, several at once if asked: each recipe is a session of its
 * own. Planning needs no cluster: Flink validates and optimizes every statement, with
 * {@link StandIns stand-ins} for tables that cannot run here. Runs share one
 * embedded cluster for all recipes, started while the first recipe that reads fixtures is planned,
 * or go to the session cluster at
 * {@link FlinkSettings#clusterAddress()}.
 */
public final class FlinkEngine implements Engine {

    /** The engine's name in reports and in the cache's key. */
    public static final String NAME = "flink";

    private final FlinkSettings settings;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cookbook-statement-timeout");
        thread.setDaemon(true);
        return thread;
    });
    private final Supplier<FlinkCluster> clusterFactory;
    private final RecipeSession session;
    private final FlinkPlanner planner;
    private FlinkCluster cluster;
    /** The embedded cluster starting in the background while the first recipe that reads fixtures is planned. */
    private CompletableFuture<FlinkCluster> starting;

    public FlinkEngine(FlinkSettings settings) {
        this(settings, ResultCache.none());
    }

    /** @param results statements' results kept between runs of a recipe (cookbook:watch), planned ones too */
    public FlinkEngine(FlinkSettings settings, ResultCache results) {
        this(settings, results, null);
    }

    /**
     * @param kept the embedded cluster kept warm between engines (the engine daemon), or null for one
     *     of this engine's own; neither is used when the settings name a session cluster
     */
    public FlinkEngine(FlinkSettings settings, ResultCache results, KeptCluster kept) {
        this(
                settings,
                () -> settings.clusterAddress() != null
                        ? RemoteCluster.connect(settings.clusterAddress())
                        : kept == null ? EmbeddedCluster.start() : kept.lease(),
                results);
    }

    /** An engine on another kind of cluster: the benchmarks compare with a new local cluster per job. */
    FlinkEngine(FlinkSettings settings, Supplier<FlinkCluster> clusterFactory) {
        this(settings, clusterFactory, ResultCache.none());
    }

    private FlinkEngine(FlinkSettings settings, Supplier<FlinkCluster> clusterFactory, ResultCache results) {
        this.settings = settings;
        this.clusterFactory = clusterFactory;
        this.session = new RecipeSession(new StatementParser(settings.fixturesDirectory()), results);
        this.planner = new FlinkPlanner(settings, session);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String flinkVersion() {
        return cluster == null ? EnvironmentInformation.getVersion() : cluster.flinkVersion();
    }

    @Override
    public Optional<String> lateRowsNotCounted() {
        // only a remote cluster may lack them; the embedded one is not started just to ask
        return settings.clusterAddress() == null
                ? Optional.empty()
                : Optional.ofNullable(cluster().lateRowsNotCounted());
    }

    /** A session cluster opens the fixtures on its TaskManagers, where no read is recorded. */
    @Override
    public boolean readsHere() {
        return settings.clusterAddress() == null;
    }

    /** Plans each session of the recipe with stand-ins for its tables that cannot run here; no cluster needed. */
    @Override
    public RecipeRun plan(Recipe recipe) {
        startInBackgroundIfItWillRun(recipe); // on the other core, while the planner warms up
        return planner.plan(recipe);
    }

    /**
     * Runs first, and plans only when the run stops, when the recipe reads fixtures (one that does
     * not likely only plans, and needs no cluster) and planning could tell nothing the run does
     * not: a recipe without INSERTs (whose plan checks the query against the sink, which the run
     * only casts to) and without a statement cut short. A statement Flink rejects, or a table whose
     * connector is not here, stops the run at the same statement the plan would have stopped at;
     * the plan then says which (BROKEN, or planned only). The planning pass of a recipe that runs,
     * a cold JVM's costliest phase, is spared.
     */
    @Override
    public RecipeRun planAndRun(Recipe recipe) {
        RecipeRun ran = runsUnplanned(recipe) ? run(recipe) : null;
        if (ran != null && ran.completed()) {
            return ran;
        }
        RecipeRun plan = plan(recipe);
        if (!plan.completed()) {
            return plan;
        }
        return ran != null ? ran : run(recipe);
    }

    private static boolean runsUnplanned(Recipe recipe) {
        return readsFixtures(recipe)
                && Clauses.strayTerminator(recipe.statements()).isEmpty()
                && recipe.statements().stream()
                        .map(Statement::kind)
                        .noneMatch(kind -> kind == StatementKind.INSERT
                                || kind == StatementKind.STATEMENT_SET
                                || kind == StatementKind.BEGIN_STATEMENT_SET);
    }

    @Override
    public RecipeRun run(Recipe recipe) {
        startInBackgroundIfItWillRun(recipe); // on the other core, while the planner warms up
        FlinkPlanner.warmUpPlanner();
        abandonClusterIf(FlinkCluster::lostItsTaskManager);
        cluster(); // its start takes no statement's time
        Deadline.Result<RecipeRun> ran = Deadline.run("cookbook-run", runningStatement(), () -> runInTime(recipe));
        if (ran.overran().isPresent()) {
            abandonClusterIfUnusable();
            return planner.overrun(recipe, ran.overran().get(), "running");
        }
        if (!ran.value().completed()) {
            abandonClusterIfUnusable(); // a statement that timed out may have left a job that does not cancel
        }
        return ran.value();
    }

    /** Starts warming the planner up on a thread of its own: {@link FlinkPlanner#warmUpPlannerInBackground()}. */
    public static void warmUpPlannerInBackground() {
        FlinkPlanner.warmUpPlannerInBackground();
    }

    /**
     * A running statement's time, and some to spare: a job's own timeout cancels it at
     * {@link FlinkSettings#statementTimeout()} and reports that better; this catches what it cannot.
     * Planning has no job: it gets the statement timeout itself.
     */
    private Duration runningStatement() {
        return Deadline.running(settings.statementTimeout());
    }

    /** How long a cancelled job may take to stop before its cluster is given up. */
    private Duration cancellationGrace() {
        return clamp(settings.statementTimeout().dividedBy(2), Duration.ofSeconds(1), Duration.ofSeconds(5));
    }

    private static Duration clamp(Duration duration, Duration min, Duration max) {
        return duration.compareTo(min) < 0 ? min : duration.compareTo(max) > 0 ? max : duration;
    }

    /**
     * Replaces the embedded cluster when a cancelled job of it does not stop, or its task manager is
     * gone, so that later recipes run on a sound one.
     */
    private void abandonClusterIfUnusable() {
        abandonClusterIf(stuck -> stuck.hasStuckJobs(cancellationGrace()) || stuck.lostItsTaskManager());
    }

    private synchronized void abandonClusterIf(Predicate<FlinkCluster> unusable) {
        if (cluster != null && unusable.test(cluster)) {
            cluster.abandon();
            cluster = null;
        }
    }

    private RecipeRun runInTime(Recipe recipe) {
        FlinkCluster cluster = cluster();
        return session.runAll(recipe, script -> new JobBackEnd(script, settings, cluster, watchdog));
    }

    /**
     * Warming the planner up and planning a recipe are single-threaded, so the embedded cluster's
     * start (about two seconds of CPU in a cold JVM) can use the other core meanwhile, once a recipe
     * reads fixtures and so will likely run. A cookbook whose recipes only plan never starts one.
     */
    private synchronized void startInBackgroundIfItWillRun(Recipe recipe) {
        if (cluster != null || starting != null || settings.clusterAddress() != null) {
            return;
        }
        if (readsFixtures(recipe)) {
            starting = CompletableFuture.supplyAsync(clusterFactory, runnable -> {
                Thread thread = new Thread(runnable, "cookbook-flink-start");
                thread.setDaemon(true);
                thread.start();
            });
        }
    }

    /** A recipe that reads fixtures will likely run; one that does not (a cookbook without data) likely only plans. */
    private static boolean readsFixtures(Recipe recipe) {
        return !recipe.fixtures().isEmpty()
                || recipe.statements().stream()
                        .anyMatch(statement -> statement.text().contains(FixturePlaceholder.PLACEHOLDER));
    }

    private synchronized FlinkCluster cluster() {
        if (cluster == null) {
            cluster = starting == null ? clusterFactory.get() : startedInBackground();
            starting = null;
        }
        return cluster;
    }

    private FlinkCluster startedInBackground() {
        try {
            return starting.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
    }

    @Override
    public synchronized void close() {
        watchdog.shutdownNow();
        if (starting != null) {
            // a start still under way finishes first, so that its cluster is closed too
            cluster = starting.handle((started, failure) -> started).join();
            starting = null;
        }
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
