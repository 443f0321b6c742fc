package org.flinkcookbook.flink;

import java.time.Duration;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;

/**
 * Where every job of a build runs: the embedded cluster, or a Flink session cluster the user
 * already has. Recipes build their environments the same way for both; only these calls differ.
 */
interface FlinkCluster extends AutoCloseable {

    /** Submits the jobs of an environment whose configuration went through {@link #configure}. */
    PipelineExecutorServiceLoader executors();

    /** Adds what a new environment's jobs need to reach this cluster: its executor and address. */
    void configure(Configuration configuration);

    /**
     * The rows a finished job dropped as late, summed over its windowed operators: null when it
     * had none, or when this cluster cannot tell (see {@link #lateRowsNotCounted}).
     */
    Long takeLateRowsDropped(JobID job);

    /** Why this cluster's jobs carry no late-row counts, or null when they all do. */
    String lateRowsNotCounted();

    /**
     * True when a job of this cluster is still being cancelled after {@code wait}: its task does not
     * answer the interrupt (a regular expression that backtracks for ever does not), and the cluster
     * would kill its task manager later, failing every job after it.
     */
    default boolean hasStuckJobs(Duration wait) {
        return false; // a session cluster is the user's: its jobs are cancelled, never it replaced
    }

    /**
     * True when the cluster can run no job again: its task manager is gone, so every later job would
     * wait for a slot until its statement's timeout.
     */
    default boolean lostItsTaskManager() {
        return false; // a session cluster is the user's: its task managers come back or not by its rules
    }

    /** Gives up on a cluster with stuck jobs: closed in the background, without waiting for them. */
    default void abandon() {
        close();
    }

    /** The Flink version the cluster runs. */
    String flinkVersion();

    @Override
    void close();
}
