package org.flinkcookbook.flink;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.metrics.Counter;

/**
 * The {@code numLateRecordsDropped} counters Flink's windowed operators register, by job. The
 * counters keep their final value after the job ends, so a finished job's late rows can be summed.
 */
final class LateRowCounters {

    static final String METRIC_NAME = "numLateRecordsDropped";

    private static final Map<String, List<Counter>> BY_JOB = new ConcurrentHashMap<>();

    private LateRowCounters() {}

    static void register(String jobId, Counter counter) {
        BY_JOB.computeIfAbsent(jobId, id -> new CopyOnWriteArrayList<>()).add(counter);
    }

    /**
     * The rows a finished job dropped as late, summed over its windowed operators, and forgets the
     * job; null when the job had no operator that drops late rows.
     */
    static Long takeTotal(String jobId) {
        List<Counter> counters = BY_JOB.remove(jobId);
        return counters == null
                ? null
                : counters.stream().mapToLong(Counter::getCount).sum();
    }
}
