package org.flinkcookbook.flink;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.DefaultExecutorServiceLoader;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;

/**
 * Flink engines for the benchmarks: the plugin's own (one cluster for the build) and the naive way
 * it replaces (Flink's local executor, a new cluster for every job), both counting their jobs.
 */
public final class BenchmarkClusters {

    /** Jobs finished so far, and when the first one finished. */
    public static final class JobClock {
        private final AtomicInteger jobs = new AtomicInteger();
        private final AtomicLong firstFinishedNanos = new AtomicLong();

        public int jobs() {
            return jobs.get();
        }

        public long firstFinishedNanos() {
            return firstFinishedNanos.get();
        }

        void finished() {
            firstFinishedNanos.compareAndSet(0, System.nanoTime());
            jobs.incrementAndGet();
        }
    }

    private BenchmarkClusters() {}

    /** The plugin's engine: every job on one embedded cluster. */
    public static Engine shared(java.nio.file.Path fixtures, JobClock clock) {
        return new FlinkEngine(settings(fixtures), () -> new Timed(EmbeddedCluster.start(), clock));
    }

    /** The plugin's engine on an embedded cluster started by this call, so that the start is timed apart from planning. */
    public static Engine startedFirst(java.nio.file.Path fixtures) {
        EmbeddedCluster cluster = EmbeddedCluster.start();
        return new FlinkEngine(settings(fixtures), () -> cluster);
    }

    /** The naive engine: {@code execution.target=local}, which starts and stops a cluster per job. */
    public static Engine clusterPerJob(java.nio.file.Path fixtures, JobClock clock) {
        return new FlinkEngine(settings(fixtures), () -> new Timed(new LocalExecutorPerJob(), clock));
    }

    private static FlinkSettings settings(java.nio.file.Path fixtures) {
        return new FlinkSettings(fixtures, Duration.ofMinutes(10), false);
    }

    /** Flink's local executor, found through Flink's own service loader. */
    private static final class LocalExecutorPerJob implements FlinkCluster {

        @Override
        public PipelineExecutorServiceLoader executors() {
            return new DefaultExecutorServiceLoader();
        }

        @Override
        public void configure(Configuration configuration) {
            configuration.set(DeploymentOptions.TARGET, "local");
            configuration.set(RestOptions.BIND_PORT, "0");
            // each per-job cluster counts late rows like the embedded one
            configuration.setString("metrics.reporter.cookbook.factory.class", LateRowsReporterFactory.class.getName());
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
        public String flinkVersion() {
            return EnvironmentInformation.getVersion();
        }

        @Override
        public void close() {}
    }

    /** Counts the jobs of a cluster: a job has finished when its late rows are taken. */
    private record Timed(FlinkCluster cluster, JobClock clock) implements FlinkCluster {

        @Override
        public PipelineExecutorServiceLoader executors() {
            return cluster.executors();
        }

        @Override
        public void configure(Configuration configuration) {
            cluster.configure(configuration);
        }

        @Override
        public Long takeLateRowsDropped(JobID job) {
            clock.finished();
            return cluster.takeLateRowsDropped(job);
        }

        @Override
        public String lateRowsNotCounted() {
            return cluster.lateRowsNotCounted();
        }

        @Override
        public String flinkVersion() {
            return cluster.flinkVersion();
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
