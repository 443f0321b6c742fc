package org.flinkcookbook.flink;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;

/**
 * A metric reporter inside the embedded cluster that keeps each job's late-row counters, so the
 * late-row count of a result is the one Flink itself counted.
 */
public final class LateRowsReporter implements MetricReporter {

    private static final String JOB_ID_VARIABLE = "<job_id>";

    @Override
    public void open(MetricConfig config) {}

    @Override
    public void close() {}

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        String jobId = group.getAllVariables().get(JOB_ID_VARIABLE);
        if (LateRowCounters.METRIC_NAME.equals(name) && metric instanceof Counter counter && jobId != null) {
            LateRowCounters.register(jobId, counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        // The counter object keeps its final value; it is read once the job has finished.
    }
}
