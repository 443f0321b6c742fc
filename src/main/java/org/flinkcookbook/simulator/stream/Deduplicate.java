package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;

/**
 * A streaming deduplication (ROW_NUMBER over a time attribute filtered to the first row), Flink's
 * StreamExecDeduplicate without mini-batch, at parallelism 1 over an insert-only input in arrival
 * order. The four functions it chooses:
 *
 * <ul>
 *   <li>rowtime, first row, insert-only output (RowTimeDeduplicateKeepFirstRowFunction): a row whose
 *       rowtime is below the operator's watermark is dropped and counted as late; otherwise it waits,
 *       replacing the waiting row of its key when its rowtime is lower, with a timer at its rowtime;
 *       when the watermark reaches the timer the waiting row is emitted and the key takes no row again;
 *   <li>rowtime, last row (RowTimeDeduplicateFunction, DeduplicateFunctionHelper): a row whose rowtime
 *       is not below the kept one's replaces it at once, {@code -U} of the kept row (with
 *       UPDATE_BEFORE) and {@code +U} of the new one; the first row of a key is {@code +I} (or
 *       {@code +U} when neither UPDATE_BEFORE nor INSERT is generated); nothing is late;
 *   <li>processing time, first row (ProcTimeDeduplicateKeepFirstRowFunction): the first row of each
 *       key to arrive;
 *   <li>processing time, last row (ProcTimeDeduplicateKeepLastRowFunction): every row replaces the
 *       kept one as above, unless the two are equal (the generated RecordEqualiser), when nothing is
 *       emitted. A processing-time column in the row holds the wall clock, so whether two rows that
 *       differ only there are equal depends on timing: unsupported.
 * </ul>
 */
public final class Deduplicate extends TimerSink {

    /** Which of Flink's deduplicate functions runs: by order attribute and kept row. */
    public enum Kind {
        ROWTIME_FIRST,
        ROWTIME_LAST,
        PROCTIME_FIRST,
        PROCTIME_LAST
    }

    private record Waiting(Object[] values, int fixtureLine, long rowtime) {}

    private final Kind kind;
    private final Expression[] keys;
    private final int rowtimeIndex;
    private final SqlType rowtimeType;
    private final int[] proctimeColumns;
    private final boolean generateUpdateBefore;
    private final boolean generateInsert;
    private final StatementTrace trace;
    private final String fixture;
    private final ZoneId sessionZone;
    private final EvaluationContext context;

    private final Map<List<Object>, Object[]> kept = new HashMap<>();
    private final Map<List<Object>, Waiting> waiting = new HashMap<>();
    /** Keys of the waiting rows by their timers, as Flink's timer service fires them. */
    private final TreeMap<Long, Set<List<Object>>> timers = new TreeMap<>();

    private final Set<List<Object>> emitted = new HashSet<>();
    private long currentWatermark = EvaluationContext.NO_WATERMARK;

    /**
     * @param keys the partition (unique) key columns
     * @param rowtimeIndex the rowtime column the rows are ordered by (rowtime kinds only)
     * @param proctimeColumns the row's processing-time columns (compared by the last-row equaliser)
     */
    public Deduplicate(
            Kind kind,
            List<Expression> keys,
            int rowtimeIndex,
            SqlType rowtimeType,
            int[] proctimeColumns,
            boolean generateUpdateBefore,
            boolean generateInsert,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        super(downstream);
        this.kind = kind;
        this.keys = keys.toArray(new Expression[0]);
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.proctimeColumns = proctimeColumns.clone();
        this.generateUpdateBefore = generateUpdateBefore;
        this.generateInsert = generateInsert;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
        if (kind == Kind.ROWTIME_FIRST) {
            trace.windowedAggregation(); // it registers Flink's numLateRecordsDropped
        }
        if (kind == Kind.ROWTIME_LAST || kind == Kind.PROCTIME_LAST) {
            trace.updatingResult();
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        List<Object> key = GroupKey.of(keys, values, context);
        switch (kind) {
            case ROWTIME_FIRST -> waitForTimer(key, values, fixtureLine);
            case PROCTIME_FIRST -> {
                if (emitted.add(key)) {
                    downstream.row(values, fixtureLine);
                }
            }
            case ROWTIME_LAST -> {
                Object[] previous = kept.get(key);
                if (previous == null || rowtime(previous) <= rowtime(values)) {
                    replace(key, previous, values, fixtureLine);
                }
            }
            case PROCTIME_LAST -> {
                Object[] previous = kept.get(key);
                if (previous != null && equalBesideProctime(previous, values)) {
                    if (proctimeColumns.length > 0) {
                        throw new UnsupportedConstructException(
                                null,
                                "a processing-time deduplication keeping the last row, where two rows of a key differ"
                                        + " only in a processing-time column (whether Flink's equaliser finds them"
                                        + " equal depends on the wall clock)");
                    }
                    return; // ProcTimeDeduplicateKeepLastRowFunction: the same row again emits nothing
                }
                replace(key, previous, values, fixtureLine);
            }
            default -> throw new IllegalStateException(kind.name());
        }
        possibleWatermarks.clear();
    }

    private long rowtime(Object[] values) {
        return Timestamps.millis(values[rowtimeIndex]);
    }

    private boolean equalBesideProctime(Object[] a, Object[] b) {
        Object[] x = a.clone();
        Object[] y = b.clone();
        for (int column : proctimeColumns) {
            x[column] = null;
            y[column] = null;
        }
        return Arrays.equals(x, y);
    }

    /** DeduplicateFunctionHelper#updateDeduplicateResult. */
    private void replace(List<Object> key, Object[] previous, Object[] values, int fixtureLine) {
        kept.put(key, values);
        if (!generateUpdateBefore && !generateInsert) {
            downstream.change(RowKind.UPDATE_AFTER, values, fixtureLine);
        } else if (previous == null) {
            downstream.row(values, fixtureLine);
        } else {
            if (generateUpdateBefore) {
                downstream.change(RowKind.UPDATE_BEFORE, previous, fixtureLine);
            }
            downstream.change(RowKind.UPDATE_AFTER, values, fixtureLine);
        }
    }

    /** RowTimeDeduplicateKeepFirstRowFunction#processElement. */
    private void waitForTimer(List<Object> key, Object[] values, int fixtureLine) {
        long rowtime = rowtime(values);
        Waiting before = waiting.get(key);
        boolean late = rowtime < currentWatermark;
        boolean taken = taken(key, before, rowtime, currentWatermark);
        if (possibleWatermarks.change(late, watermark -> rowtime < Math.max(currentWatermark, watermark))
                || possibleWatermarks.change(
                        taken, watermark -> taken(key, before, rowtime, Math.max(currentWatermark, watermark)))) {
            trace.timingDependent(fixture, fixtureLine);
        }
        if (late) {
            trace.lateRow(LateRows.dropped(fixture, fixtureLine, rowtime, currentWatermark, rowtimeType, sessionZone));
            return;
        }
        if (!taken) {
            return;
        }
        if (before != null) {
            unregister(before.rowtime(), key);
        }
        waiting.put(key, new Waiting(values, fixtureLine, rowtime));
        timers.computeIfAbsent(rowtime, time -> new HashSet<>()).add(key);
    }

    /** Whether a row that is not late waits for its key's timer, had the operator's watermark been {@code watermark}. */
    private boolean taken(List<Object> key, Waiting before, long rowtime, long watermark) {
        if (rowtime < watermark || emitted.contains(key)) {
            return false;
        }
        if (before == null) {
            return true;
        }
        return before.rowtime() > watermark && rowtime < before.rowtime(); // its timer has not fired
    }

    private void unregister(long time, List<Object> key) {
        Set<List<Object>> keysAt = timers.get(time);
        keysAt.remove(key);
        if (keysAt.isEmpty()) {
            timers.remove(time);
        }
    }

    @Override
    protected void fire(long watermark) {
        if (watermark > currentWatermark) {
            currentWatermark = watermark;
            Map<Long, Set<List<Object>>> due = timers.headMap(watermark, true);
            for (Set<List<Object>> keysAt : due.values()) {
                for (List<Object> key : new ArrayList<>(keysAt)) {
                    Waiting row = waiting.remove(key);
                    emitted.add(key);
                    downstream.row(row.values(), row.fixtureLine());
                }
            }
            due.clear();
        }
    }
}
