package org.flinkcookbook.flink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.ResourceManagerOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * One embedded Flink cluster for a whole build: started on first use, shared by every recipe's
 * jobs, and closed at the end, also on failure or Ctrl-C, so no Flink thread outlives the build.
 */
final class EmbeddedCluster implements FlinkCluster {

    private static final long CLOSE_TIMEOUT_SECONDS = 30;
    private static final Duration POLL = Duration.ofMillis(100);
    /** How long a started cluster waits for its task manager to register before it is used anyway. */
    private static final Duration REGISTRATION = Duration.ofSeconds(30);

    private static final long OVERVIEW_TIMEOUT_SECONDS = 10;
    /** Task slots: one per job (parallelism 1, one slot-sharing group); more jobs at once wait for one. */
    static final int SLOTS = 4;

    private final MiniCluster cluster;
    private final Path emptyClasspathEntry;
    private final Thread shutdownHook;
    private boolean closed;

    private EmbeddedCluster(MiniCluster cluster, Path emptyClasspathEntry) {
        this.cluster = cluster;
        this.emptyClasspathEntry = emptyClasspathEntry;
        this.shutdownHook = new Thread(this::closeQuietly, "cookbook-flink-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts an embedded cluster whose jobs resolve classes from the plugin's own class loader. */
    static EmbeddedCluster start() {
        MiniClusterConfiguration clusterConfiguration = new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration())
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(SLOTS)
                .withRandomPorts()
                .build();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(EmbeddedCluster.class.getClassLoader());
        try {
            Path emptyClasspathEntry = Files.createTempDirectory("cookbook-flink-classpath");
            MiniCluster cluster = new MiniCluster(clusterConfiguration);
            cluster.start();
            EmbeddedCluster started = new EmbeddedCluster(cluster, emptyClasspathEntry);
            // from now on, no task manager means a lost one (lostItsTaskManager)
            started.eventually(started::hasTaskManager, REGISTRATION);
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the embedded Flink cluster", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the embedded Flink cluster: " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The embedded cluster's settings. */
    static Configuration configuration() {
        Configuration configuration = new Configuration();
        configuration.set(TaskManagerOptions.NUM_TASK_SLOTS, SLOTS);
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        configuration.setString("metrics.reporter.cookbook.factory.class", LateRowsReporterFactory.class.getName());
        configuration.setString("classloader.check-leaked-classloader", "false");
        // a task that ignores cancellation is left to the engine (it gives the cluster up), not made a fatal error
        configuration.set(TaskManagerOptions.TASK_CANCELLATION_TIMEOUT, Duration.ZERO);
        // A job that finds every slot taken waits for one (the statement's timeout still applies). By default the
        // standalone resource manager fails such a job at once ("Could not acquire the minimum required
        // resources") once its start-up period, slot.request.timeout (5 min), is over: recipes running at once
        // (cookbook.threads), or a finished job's slot not yet released on a busy machine, then fail at random.
        // A start-up period of 0 never ends (StandaloneResourceManager#startStartupPeriod).
        configuration.set(ResourceManagerOptions.STANDALONE_CLUSTER_STARTUP_PERIOD_TIME, Duration.ZERO);
        return configuration;
    }

    @Override
    public PipelineExecutorServiceLoader executors() {
        return EmbeddedClusterExecutor.loaderFor(cluster);
    }

    /**
     * Also gives every job a classpath entry. A job without jars or classpaths is deserialized with
     * the system class loader, which inside Maven cannot see the plugin's classes; with any entry
     * Flink builds a user class loader whose parent is the plugin's, and the job runs.
     */
    @Override
    public void configure(Configuration configuration) {
        configuration.set(DeploymentOptions.TARGET, EmbeddedClusterExecutor.NAME);
        try {
            configuration.set(
                    PipelineOptions.CLASSPATHS,
                    List.of(emptyClasspathEntry.toUri().toURL().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Long takeLateRowsDropped(JobID job) {
        return LateRowCounters.takeTotal(job.toString());
    }

    @Override
    public String lateRowsNotCounted() {
        return null;
    }

    @Override
    public boolean hasStuckJobs(Duration wait) {
        return !eventually(
                () -> cluster.listJobs().get(wait.toMillis() + 1, TimeUnit.MILLISECONDS).stream()
                        .noneMatch(job ->
                                job.getJobState() == JobStatus.CANCELLING || job.getJobState() == JobStatus.FAILING),
                wait);
    }

    /**
     * The mini cluster ends its task manager on a fatal error and starts no other: its registration
     * is awaited when the cluster starts, so none registered now means it is gone.
     */
    @Override
    public boolean lostItsTaskManager() {
        return !eventually(this::hasTaskManager, Duration.ZERO);
    }

    /** Ends the task manager as the mini cluster does on a fatal error in it: how a test loses it. */
    void terminateTaskManager() throws Exception {
        cluster.terminateTaskManager(0).get(OVERVIEW_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private boolean hasTaskManager() throws Exception {
        return cluster.requestClusterOverview()
                        .get(OVERVIEW_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                        .getNumTaskManagersConnected()
                > 0;
    }

    /** The cluster's answer to a question about itself. */
    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    /**
     * True once {@code check} holds, asked until {@code wait} is over; false when it never did,
     * or the cluster did not answer (a cluster that cannot answer in time is no use to later recipes).
     */
    private boolean eventually(Check check, Duration wait) {
        long until = System.nanoTime() + wait.toNanos();
        try {
            while (!check.holds()) {
                if (System.nanoTime() > until) {
                    return false;
                }
                Thread.sleep(POLL.toMillis());
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception unanswered) {
            return false;
        }
    }

    /**
     * Closes in the background. A task thread that ignores cancellation keeps a core busy until the
     * build ends: stopping it would make Flink treat the ThreadDeath as fatal and exit the JVM.
     */
    @Override
    public synchronized void abandon() {
        if (!markClosed()) {
            return;
        }
        Thread closing = new Thread(this::closeQuietly, "cookbook-flink-abandon");
        closing.setDaemon(true);
        closing.start();
    }

    @Override
    public String flinkVersion() {
        return EnvironmentInformation.getVersion();
    }

    @Override
    public synchronized void close() {
        if (markClosed()) {
            closeQuietly();
        }
    }

    /** False when the cluster was closed already; its shutdown hook is no longer needed either way. */
    private boolean markClosed() {
        if (closed) {
            return false;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the JVM is exiting and runs the hook itself
        }
        return true;
    }

    private void closeQuietly() {
        try {
            cluster.closeAsync().get(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // closing is best effort: a cluster that does not stop in time must not fail the build
        } finally {
            try {
                Files.deleteIfExists(emptyClasspathEntry);
            } catch (IOException ignored) {
                // a temporary directory; the OS cleans it
            }
        }
    }
}
