package org.flinkcookbook.flink;

import java.time.Duration;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;

/**
 * One embedded cluster that outlives the engines using it, as the engine daemon keeps it warm from
 * one build to the next: each engine gets a lease whose close leaves the cluster running. A lease
 * that gives up a cluster with stuck jobs gives it up for all, and the next lease starts a new one.
 */
public final class KeptCluster implements AutoCloseable {

    private EmbeddedCluster cluster;

    /** A cluster for one engine: the kept one, started now when there is none. */
    synchronized FlinkCluster lease() {
        if (cluster == null) {
            cluster = EmbeddedCluster.start();
        }
        return new Lease(cluster);
    }

    /** Starts the cluster now, so that the first build does not wait for it. */
    public void start() {
        lease();
    }

    private synchronized void abandon(EmbeddedCluster stuck) {
        if (cluster == stuck) {
            cluster = null;
        }
        stuck.abandon();
    }

    @Override
    public synchronized void close() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    /** The kept cluster as one engine sees it: closing it ends the lease, not the cluster. */
    private final class Lease implements FlinkCluster {
        private final EmbeddedCluster leased;

        private Lease(EmbeddedCluster leased) {
            this.leased = leased;
        }

        @Override
        public PipelineExecutorServiceLoader executors() {
            return leased.executors();
        }

        @Override
        public void configure(Configuration configuration) {
            leased.configure(configuration);
        }

        @Override
        public Long takeLateRowsDropped(JobID job) {
            return leased.takeLateRowsDropped(job);
        }

        @Override
        public String lateRowsNotCounted() {
            return leased.lateRowsNotCounted();
        }

        @Override
        public boolean hasStuckJobs(Duration wait) {
            return leased.hasStuckJobs(wait);
        }

        @Override
        public boolean lostItsTaskManager() {
            return leased.lostItsTaskManager();
        }

        @Override
        public void abandon() {
            KeptCluster.this.abandon(leased);
        }

        @Override
        public String flinkVersion() {
            return leased.flinkVersion();
        }

        @Override
        public void close() {
            // the cluster stays warm for the next engine
        }
    }
}
