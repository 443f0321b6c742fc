package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.Timestamps;

/**
 * ORDER BY a rowtime (then other columns) in streaming mode: Flink's RowTimeSortOperator. A row
 * whose rowtime is above the last fired timer waits under its rowtime, with a timer there; when the
 * watermark reaches a timer, that rowtime's rows are emitted, sorted by the other ORDER BY columns
 * (a stable sort: ties in arrival order). A row at or below the last fired timer is dropped, and not
 * counted (the operator has no late-row counter). A row whose rowtime is at or below the watermark
 * but above the last fired timer waits for the next watermark.
 */
public final class TemporalSort extends TimerSink {

    private record Pending(Object[] values, int fixtureLine) {}

    private final int rowtimeIndex;
    private final Comparator<Object[]> secondary;
    private final StatementTrace trace;
    private final String fixture;
    private final TreeMap<Long, List<Pending>> waiting = new TreeMap<>();
    private Long lastTriggered;

    /** @param secondary the order of the ORDER BY columns after the rowtime, or null */
    public TemporalSort(
            int rowtimeIndex,
            Comparator<Object[]> secondary,
            RowSink downstream,
            StatementTrace trace,
            String fixture) {
        super(downstream);
        this.rowtimeIndex = rowtimeIndex;
        this.secondary = secondary;
        this.trace = trace;
        this.fixture = fixture;
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        long rowtime = Timestamps.millis(values[rowtimeIndex]);
        boolean kept = kept(rowtime, lastTriggered);
        if (possibleWatermarks.change(kept, watermark -> kept(rowtime, triggeredBy(watermark)))) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (kept) {
            waiting.computeIfAbsent(rowtime, time -> new ArrayList<>()).add(new Pending(values, fixtureLine));
        }
    }

    private static boolean kept(long rowtime, Long triggered) {
        return triggered == null || rowtime > triggered;
    }

    /** The last fired timer had the operator received {@code watermark}. */
    private Long triggeredBy(long watermark) {
        Long due = waiting.floorKey(watermark);
        return due == null ? lastTriggered : due;
    }

    @Override
    protected void fire(long watermark) {
        Map<Long, List<Pending>> due = waiting.headMap(watermark, true);
        for (Map.Entry<Long, List<Pending>> timer : due.entrySet()) {
            List<Pending> rows = timer.getValue();
            if (secondary != null) {
                rows.sort((a, b) -> secondary.compare(a.values(), b.values()));
            }
            rows.forEach(row -> downstream.row(row.values(), row.fixtureLine()));
            lastTriggered = timer.getKey();
        }
        due.clear();
    }
}
