package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;

/**
 * An OVER aggregation ordered by a rowtime over a bounded frame, {@code ROWS n PRECEDING} or {@code
 * RANGE INTERVAL ... PRECEDING} to CURRENT ROW, in streaming mode: Flink's
 * RowTimeRowsBoundedPrecedingFunction and RowTimeRangeBoundedPrecedingFunction. Per partition key a
 * row is late, dropped and counted, when its rowtime is not above the last timer that fired for the
 * key (0 before the first: the functions' lastTriggeringTs state, not the watermark); otherwise it
 * waits under its rowtime, with a timer there. When the watermark reaches a timer, the key's rows of
 * that rowtime are processed in arrival order: ROWS accumulates each one, retracting the oldest row
 * once the frame holds n + 1, and emits it; RANGE retracts the rows more than the interval before
 * the rowtime, accumulates all rows of the rowtime and emits each with the same values. RANGE also
 * keeps the function's per-key cleanup timer, which clears the key's rows, frame and last timer when
 * the key's current cleanup time fires ({@link #registerCleanupTimer}).
 *
 * <p>Flink accumulates and retracts; the simulator computes each frame's calls afresh, which gives
 * the same values for COUNT, MIN, MAX and for sums and averages of exact types that cannot overflow
 * (a DECIMAL frame sum with fewer than 38 digits); a sum, average, MIN or MAX of FLOAT or DOUBLE
 * (rounded and compared in the order Flink adds and retracts) is unsupported.
 */
public final class BoundedOverAggregation implements RowSink {

    private record Pending(Object[] values, int fixtureLine, long rowtime) {}

    private static final class Partition {
        long lastTriggered;
        final TreeMap<Long, List<Pending>> waiting = new TreeMap<>();
        final Deque<Pending> frame = new ArrayDeque<>();
        /** RANGE: the cleanupTsState of RowTimeRangeBoundedPrecedingFunction, null when cleared. */
        Long cleanup;
        /** RANGE: the cleanup timers registered and not yet fired. */
        final TreeSet<Long> cleanupTimers = new TreeSet<>();
    }

    private final Expression[] partitionKeys;
    private final int rowtimeIndex;
    private final SqlType rowtimeType;
    private final boolean rows;
    private final long offset;
    private final List<AggregateCall> calls;
    private final RowSink downstream;
    private final StatementTrace trace;
    private final String fixture;
    private final ZoneId sessionZone;
    private final EvaluationContext context;
    private final Map<List<Object>, Partition> partitions = new HashMap<>();
    private long currentWatermark = EvaluationContext.NO_WATERMARK;
    private final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();

    /**
     * @param rows true for a ROWS frame, false for RANGE
     * @param offset Flink's precedingOffset: n + 1 rows for ROWS n PRECEDING, the interval in milliseconds for RANGE
     */
    public BoundedOverAggregation(
            List<Expression> partitionKeys,
            int rowtimeIndex,
            SqlType rowtimeType,
            boolean rows,
            long offset,
            List<AggregateCall> calls,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        this.partitionKeys = partitionKeys.toArray(new Expression[0]);
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.rows = rows;
        this.offset = offset;
        this.calls = List.copyOf(calls);
        this.downstream = downstream;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
        trace.windowedAggregation(); // both functions register numLateRecordsDropped
    }

    /**
     * Refuses the calls whose value Flink's adding and retracting makes differ from the frame's: sums,
     * averages, MIN and MAX of FLOAT/DOUBLE.
     */
    public static void requireFrameIndependent(List<AggregateCall> calls) {
        for (AggregateCall call : calls) {
            if (call.function() != AggregateCall.Function.COUNT
                    && call.argument() != null
                    && call.argument().type().isApproximate()) {
                throw new UnsupportedConstructException(
                        null,
                        call.function() + " of " + call.argument().type() + " over a bounded OVER frame (Flink adds"
                                + " and retracts in its own order, which rounds and compares otherwise)");
            }
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        Partition partition =
                partitions.computeIfAbsent(GroupKey.of(partitionKeys, values, context), k -> new Partition());
        long rowtime = Timestamps.millis(values[rowtimeIndex]);
        boolean late = rowtime <= partition.lastTriggered;
        if (possibleWatermarks.change(late, watermark -> rowtime <= lastTriggered(partition, watermark))) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (late) {
            trace.lateRow(LateRows.dropped(fixture, fixtureLine, rowtime, currentWatermark, rowtimeType, sessionZone));
            return;
        }
        partition
                .waiting
                .computeIfAbsent(rowtime, t -> new ArrayList<>())
                .add(new Pending(values, fixtureLine, rowtime));
        if (!rows) {
            registerCleanupTimer(partition, rowtime);
        }
    }

    /**
     * RowTimeRangeBoundedPrecedingFunction#registerCleanupTimer: a row registers a timer at {@code rowtime +
     * (long) (offset * 1.5) + 1} unless the key's registered cleanup time is at least {@code rowtime + offset +
     * 1}. When that timer fires while it is still the key's cleanup time, the key's state is cleared
     * (accumulators, rows, the last triggering time), so a later row is no longer late against the timers
     * fired before; any other timer that fires sets the last triggering time, a cleanup timer too.
     */
    private void registerCleanupTimer(Partition partition, long rowtime) {
        long earliest = rowtime + offset + 1;
        if (partition.cleanup == null || partition.cleanup < earliest) {
            long cleanup = rowtime + (long) (offset * 1.5) + 1;
            partition.cleanupTimers.add(cleanup);
            partition.cleanup = cleanup;
        }
    }

    /** The key's last triggering time had the operator received {@code watermark}. */
    private static long lastTriggered(Partition partition, long watermark) {
        long lastTriggered = partition.lastTriggered;
        Long cleanup = partition.cleanup;
        for (long time : dueTimers(partition, watermark)) {
            if (cleanup != null && cleanup <= time) {
                lastTriggered = 0;
                cleanup = null;
            } else {
                lastTriggered = time;
            }
        }
        return lastTriggered;
    }

    /** The times of the key's timers, rows' and cleanup ones, due at {@code watermark}, in order, each once. */
    private static TreeSet<Long> dueTimers(Partition partition, long watermark) {
        TreeSet<Long> due =
                new TreeSet<>(partition.waiting.headMap(watermark, true).keySet());
        due.addAll(partition.cleanupTimers.headSet(watermark, true));
        return due;
    }

    @Override
    public void watermark(long watermark) {
        if (watermark > currentWatermark) {
            currentWatermark = watermark;
            for (Partition partition : partitions.values()) {
                for (long time : dueTimers(partition, watermark)) {
                    onTimer(partition, time);
                }
            }
        }
        possibleWatermarks.clear();
        downstream.watermark(watermark);
    }

    /** One timer of the key firing: a cleanup that clears the key's state, or its rows of that rowtime, if any. */
    private void onTimer(Partition partition, long time) {
        partition.cleanupTimers.remove(time);
        if (partition.cleanup != null && partition.cleanup <= time) {
            partition.waiting.clear();
            partition.frame.clear();
            partition.cleanupTimers.clear();
            partition.cleanup = null;
            partition.lastTriggered = 0;
            return;
        }
        List<Pending> sameTime = partition.waiting.remove(time);
        if (sameTime != null) {
            fire(partition, time, sameTime);
        }
        partition.lastTriggered = time;
    }

    private void fire(Partition partition, long time, List<Pending> sameTime) {
        if (rows) {
            for (Pending pending : sameTime) {
                partition.frame.addLast(pending);
                if (partition.frame.size() > offset) {
                    partition.frame.removeFirst();
                }
                emit(pending, values(partition.frame));
            }
        } else {
            while (!partition.frame.isEmpty()
                    && time - partition.frame.peekFirst().rowtime() > offset) {
                partition.frame.removeFirst();
            }
            partition.frame.addAll(sameTime);
            Object[] results = values(partition.frame);
            sameTime.forEach(pending -> emit(pending, results));
        }
    }

    /** The calls' values over a frame's rows, computed afresh. */
    private Object[] values(Deque<Pending> frame) {
        Accumulator[] accumulators = AggregateCall.newAccumulators(calls);
        for (Pending pending : frame) {
            for (Accumulator accumulator : accumulators) {
                accumulator.add(pending.values(), context);
            }
        }
        Object[] results = new Object[accumulators.length];
        for (int i = 0; i < results.length; i++) {
            results[i] = accumulators[i].result();
            AggregateCall call = calls.get(i);
            if (call.argument() != null
                    && call.argument().type().root() == SqlType.Root.DECIMAL
                    && !List.of(AggregateCall.Function.COUNT, AggregateCall.Function.MIN, AggregateCall.Function.MAX)
                            .contains(call.function())
                    && call.argument().type().precision()
                                    + String.valueOf(frame.size()).length()
                            >= 38) {
                throw new UnsupportedConstructException(
                        null,
                        "a DECIMAL sum over a bounded OVER frame that could overflow DECIMAL(38) as Flink adds and"
                                + " retracts");
            }
        }
        return results;
    }

    private void emit(Pending pending, Object[] results) {
        Object[] row = new Object[pending.values().length + results.length];
        System.arraycopy(pending.values(), 0, row, 0, pending.values().length);
        System.arraycopy(results, 0, row, pending.values().length, results.length);
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
}
