package org.flinkcookbook.flink;

import java.util.Properties;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/** Lets the embedded cluster create the {@link LateRowsReporter}; found through the service loader. */
public final class LateRowsReporterFactory implements MetricReporterFactory {

    @Override
    public MetricReporter createMetricReporter(Properties properties) {
        return new LateRowsReporter();
    }
}
