package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.trace.TimelineRecorder;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;

/**
 * An OVER aggregation ordered by a rowtime over UNBOUNDED PRECEDING .. CURRENT ROW, in streaming
 * mode: Flink's AbstractRowTimeUnboundedPrecedingOver. A row whose rowtime is not above the
 * operator's watermark is dropped as late; the others wait until a watermark reaches them and are
 * then processed in rowtime order per partition. ROWS emits each row after adding it; RANGE adds
 * every row of the same rowtime first and emits them all with the same values
 * (RowTimeRowsUnboundedPrecedingFunction, RowTimeRangeUnboundedPrecedingFunction).
 *
 * <p>Ordered by a processing-time attribute (ProcTimeUnboundedPrecedingFunction), each row is added
 * and emitted as it arrives: nothing is late, no late-row count is kept, and the values follow the
 * fixture's order, as Flink's do (sql/Nondeterminism treats them as deterministic too).
 *
 * <p>Output rows are the input row followed by one value per OVER call.
 */
public final class OverAggregation implements RowSink, EvaluationContext {

    private record Pending(Object[] values, int fixtureLine) {}

    private final Expression[] partitionKeys;
    private final int rowtimeIndex;
    private final SqlType rowtimeType;
    private final boolean rows;
    private final List<Supplier<Accumulator>> calls;
    private final RowSink downstream;
    private final StatementTrace trace;
    private final String fixture;
    private final ZoneId sessionZone;
    /** Records rows, watermarks and dropped rows of an event-time OVER when a timeline is asked for; else null. */
    private final TimelineRecorder timeline;

    private final Map<List<Object>, TreeMap<Long, List<Pending>>> buffered = new LinkedHashMap<>();
    private final Map<List<Object>, Accumulator[]> accumulators = new LinkedHashMap<>();
    private long currentWatermark = NO_WATERMARK;
    private final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();

    /**
     * @param rowtimeIndex the ORDER BY rowtime column, or -1 when ordered by processing time
     * @param rowtimeType its type
     * @param rows true for a ROWS frame, false for RANGE
     */
    public OverAggregation(
            List<Expression> partitionKeys,
            int rowtimeIndex,
            SqlType rowtimeType,
            boolean rows,
            List<Supplier<Accumulator>> calls,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        this.partitionKeys = partitionKeys.toArray(new Expression[0]);
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.rows = rows;
        this.calls = List.copyOf(calls);
        this.downstream = downstream;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        if (rowtimeIndex >= 0) {
            trace.windowedAggregation();
        }
        this.timeline = rowtimeIndex >= 0 ? trace.timeline() : null;
        if (timeline != null) {
            timeline.claimRows(this, fixture);
        }
    }

    /** Wall-clock milliseconds in the session time zone, as the timeline shows times. */
    private long wallClock(long rowtime) {
        return Timestamps.toWallClock(rowtime, WindowRows.shiftZone(rowtimeType, sessionZone));
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        if (rowtimeIndex < 0) {
            Accumulator[] state = state(partition(values));
            Pending pending = new Pending(values, fixtureLine);
            add(state, pending);
            emit(state, pending);
            return;
        }
        long timestamp = Timestamps.millis(values[rowtimeIndex]);
        if (timeline != null) {
            timeline.row(this, fixtureLine, wallClock(timestamp));
        }
        boolean late = timestamp <= currentWatermark;
        if (possibleWatermarks.change(late, watermark -> timestamp <= watermark)) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (late) {
            trace.lateRow(LateRows.dropped(
                    fixture,
                    fixtureLine,
                    timestamp,
                    currentWatermark,
                    rowtimeType,
                    sessionZone,
                    timeline == null
                            ? null
                            : new LateRow.OnTimeline(wallClock(timestamp), wallClock(currentWatermark), null, null)));
            return;
        }
        buffered.computeIfAbsent(partition(values), k -> new TreeMap<>())
                .computeIfAbsent(timestamp, t -> new ArrayList<>())
                .add(new Pending(values, fixtureLine));
    }

    @Override
    public void watermark(long watermark) {
        if (timeline != null && watermark != Long.MAX_VALUE) { // MAX_WATERMARK ends the input, it is no step
            timeline.watermark(this, wallClock(watermark));
        }
        if (watermark > currentWatermark) {
            currentWatermark = watermark;
            buffered.forEach((key, byTime) -> process(key, byTime, watermark));
        }
        possibleWatermarks.clear();
        downstream.watermark(watermark);
    }

    private List<Object> partition(Object[] values) {
        return GroupKey.of(partitionKeys, values, this);
    }

    private Accumulator[] state(List<Object> key) {
        return accumulators.computeIfAbsent(key, k -> {
            Accumulator[] fresh = new Accumulator[calls.size()];
            for (int i = 0; i < fresh.length; i++) {
                fresh[i] = calls.get(i).get();
            }
            return fresh;
        });
    }

    private void process(List<Object> key, TreeMap<Long, List<Pending>> byTime, long watermark) {
        Accumulator[] state = state(key);
        Map<Long, List<Pending>> ready = byTime.headMap(watermark, true);
        for (List<Pending> sameTime : ready.values()) {
            for (Pending pending : sameTime) {
                add(state, pending);
                if (rows) {
                    emit(state, pending);
                }
            }
            if (!rows) {
                sameTime.forEach(pending -> emit(state, pending));
            }
        }
        ready.clear();
    }

    private void add(Accumulator[] state, Pending pending) {
        for (Accumulator accumulator : state) {
            accumulator.add(pending.values(), this);
        }
    }

    private void emit(Accumulator[] state, Pending pending) {
        Object[] row = new Object[pending.values().length + state.length];
        System.arraycopy(pending.values(), 0, row, 0, pending.values().length);
        for (int i = 0; i < state.length; i++) {
            row[pending.values().length + i] = state[i].result();
        }
        downstream.row(row, pending.fixtureLine());
    }

    @Override
    public void possibleWatermark(long watermark) {
        possibleWatermarks.add(watermark);
    }

    @Override
    public void endOfInput() {
        downstream.endOfInput();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark;
    }

    @Override
    public ZoneId sessionZone() {
        return sessionZone;
    }
}
