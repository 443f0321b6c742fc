package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.table.runtime.operators.window.TimeWindow;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.window.WindowSpec.Window;

/**
 * GROUP BY SESSION(ts, gap) in streaming mode: Flink's group-window WindowOperator with a
 * SessionWindowAssigner and MergingWindowProcessFunction, allowed lateness 0, per key.
 *
 * <p>A row opens the window [ts, ts + gap) and merges it with every open session of its key it
 * intersects (TimeWindow#intersects: touching windows merge too); only then is lateness checked:
 * the merged session is late when its end - 1 <= the watermark, and a late row is dropped. Open
 * sessions never are late, so a row that reaches one always counts. A session fires when a
 * watermark reaches its end - 1; SESSION_ROWTIME is end - 1.
 *
 * <p>{@link #tableFunction} is a SESSION window TVF that Flink does not fuse into an aggregation:
 * UnalignedWindowTableFunctionOperator merges and drops rows as above (through the same
 * MergingWindowProcessFunction, counting late rows in numLateRecordsDropped, rows with a NULL
 * rowtime dropped uncounted), keeps each session's rows, and when the session fires emits them in
 * arrival order with window_start, window_end and window_time appended.
 */
public final class SessionWindowAggregation extends WindowedAggregation {

    private static final Comparator<Window> BY_START =
            Comparator.comparingLong(Window::start).thenComparingLong(Window::end);

    private final long gap;
    /** Whether this is the SESSION TVF alone, which emits the session's rows instead of aggregates. */
    private final boolean rowsOnly;
    /** Arrival order of the rows, by which the TVF emits a session's rows (Flink's counter state). */
    private long arrivals;
    /** Open sessions by key, ordered by start, with their accumulators. */
    private final Map<List<Object>, TreeMap<Window, Accumulator[]>> sessions = new HashMap<>();

    public SessionWindowAggregation(
            long gap,
            int rowtimeIndex,
            SqlType rowtimeType,
            List<Expression> keys,
            List<AggregateCall> aggregates,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        this(gap, rowtimeIndex, rowtimeType, keys, aggregates, false, downstream, trace, fixture, sessionZone);
    }

    private SessionWindowAggregation(
            long gap,
            int rowtimeIndex,
            SqlType rowtimeType,
            List<Expression> keys,
            List<AggregateCall> aggregates,
            boolean rowsOnly,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        super(rowtimeIndex, rowtimeType, keys, aggregates, downstream, trace, fixture, sessionZone);
        this.gap = gap;
        this.rowsOnly = rowsOnly;
        trace.windowedAggregation();
    }

    /** The SESSION window TVF alone, partitioned by {@code keys}: each row with its session's window columns. */
    public static SessionWindowAggregation tableFunction(
            long gap,
            int rowtimeIndex,
            SqlType rowtimeType,
            List<Expression> keys,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        return new SessionWindowAggregation(
                gap, rowtimeIndex, rowtimeType, keys, List.of(), true, downstream, trace, fixture, sessionZone);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        if (rowsOnly && values[rowtimeIndex] == null) {
            return;
        }
        long timestamp = Timestamps.toWallClock(Timestamps.millis(values[rowtimeIndex]), shiftZone);
        if (timeline != null) {
            timeline.row(this, fixtureLine, timestamp);
        }
        List<Object> key = GroupKey.of(keys, values, this);
        TreeMap<Window, Accumulator[]> open = sessions.computeIfAbsent(key, k -> new TreeMap<>(BY_START));
        Window window = new Window(timestamp, timestamp + gap);
        List<Window> merged = new ArrayList<>();
        for (Window session : open.keySet()) {
            if (session.start() <= window.end() && session.end() >= window.start()) {
                merged.add(session);
            }
        }
        boolean late = merged.isEmpty() && WindowRows.fired(window.end(), currentProgress, shiftZone);
        if (merged.isEmpty()
                && possibleWatermarks.change(late, watermark -> WindowRows.fired(window.end(), watermark, shiftZone))) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (late) {
            lateRow(values, fixtureLine, window);
            return;
        }
        Accumulator[] state = merged.isEmpty() ? newAccumulators() : mergedState(open, merged, window);
        long start = window.start();
        long end = window.end();
        for (Window session : merged) {
            start = Math.min(start, session.start());
            end = Math.max(end, session.end());
        }
        if (rowsOnly) {
            ((SessionRows) state[0]).add(values, fixtureLine, arrivals++);
        } else {
            for (Accumulator accumulator : state) {
                accumulator.add(values, this);
            }
        }
        open.put(new Window(start, end), state);
    }

    /**
     * Removes the sessions a new window merges and returns their state merged, as
     * MergingWindowSet#addWindow does: SessionWindowAssigner#mergeWindows collects the ceiling, the
     * floor and the new window in a HashSet of TimeWindows, the first other than the new window in
     * its iteration order keeps the state, and the other's state is merged into it (which of two
     * -0.0 and 0.0 or NaN a MIN/MAX keeps depends on it).
     */
    private static Accumulator[] mergedState(
            TreeMap<Window, Accumulator[]> open, List<Window> merged, Window newWindow) {
        Set<TimeWindow> mergedWindows = new HashSet<>();
        for (Window session : merged) {
            if (BY_START.compare(session, newWindow) >= 0) { // the ceiling goes in first
                mergedWindows.add(timeWindow(session));
            }
        }
        for (Window session : merged) {
            if (BY_START.compare(session, newWindow) < 0) {
                mergedWindows.add(timeWindow(session));
            }
        }
        mergedWindows.add(timeWindow(newWindow));
        mergedWindows.remove(timeWindow(newWindow));
        if (mergedWindows.isEmpty()) { // the new window is an open session itself
            return open.remove(newWindow);
        }
        Accumulator[] state = null;
        for (TimeWindow stateWindow : mergedWindows) {
            Accumulator[] accumulators = open.remove(new Window(stateWindow.getStart(), stateWindow.getEnd()));
            if (state == null) {
                state = accumulators;
            } else {
                for (int i = 0; i < state.length; i++) {
                    state[i].merge(accumulators[i]);
                }
            }
        }
        return state;
    }

    @Override
    Accumulator[] newAccumulators() {
        return rowsOnly ? new Accumulator[] {new SessionRows()} : super.newAccumulators();
    }

    @Override
    void emit(Window window, List<Object> key, Accumulator[] accumulators) {
        if (!rowsOnly) {
            super.emit(window, key, accumulators);
            return;
        }
        long windowTime = WindowRows.windowTime(window, rowtimeType, shiftZone);
        for (SessionRows.Arrival arrival : ((SessionRows) accumulators[0]).arrivals) {
            Object[] windowed = Arrays.copyOf(arrival.values(), arrival.values().length + 3);
            windowed[arrival.values().length] = window.start();
            windowed[arrival.values().length + 1] = window.end();
            windowed[arrival.values().length + 2] = windowTime;
            downstream.row(windowed, arrival.fixtureLine());
        }
    }

    /**
     * A session's rows for the TVF, ordered by arrival as Flink's TreeMap of counter to row orders
     * them when the session fires.
     */
    private static final class SessionRows implements Accumulator {

        record Arrival(long order, Object[] values, int fixtureLine) {}

        private final List<Arrival> arrivals = new ArrayList<>();

        void add(Object[] values, int fixtureLine, long order) {
            arrivals.add(new Arrival(order, values, fixtureLine));
        }

        @Override
        public void add(Object[] row, EvaluationContext context) {
            throw new UnsupportedOperationException("the TVF adds rows with their arrival order");
        }

        @Override
        public void merge(Accumulator other) {
            arrivals.addAll(((SessionRows) other).arrivals);
            arrivals.sort(Comparator.comparingLong(Arrival::order));
        }

        @Override
        public Object result() {
            return null;
        }
    }

    private static TimeWindow timeWindow(Window window) {
        return new TimeWindow(window.start(), window.end());
    }

    private record FiredSession(List<Object> key, Window window, Accumulator[] state) {}

    /**
     * Emits the sessions the watermark closed in the order their timers fire
     * (InternalTimerServiceImpl#advanceWatermark polls the timer queue by time), which a regular
     * aggregation after the TVF sees; timers of one time fire in the heap's order, not modelled (see
     * GroupAggregation's firing tag).
     */
    @Override
    void fireUpTo(long progress) {
        List<FiredSession> fired = new ArrayList<>();
        for (Map.Entry<List<Object>, TreeMap<Window, Accumulator[]>> keyed : sessions.entrySet()) {
            Iterator<Map.Entry<Window, Accumulator[]>> open =
                    keyed.getValue().entrySet().iterator();
            while (open.hasNext()) {
                Map.Entry<Window, Accumulator[]> session = open.next();
                if (progress == Long.MAX_VALUE
                        || WindowRows.fired(session.getKey().end(), progress, shiftZone)) {
                    // before removing: TreeMap's removal may move the next entry's key and value into this entry
                    fired.add(new FiredSession(keyed.getKey(), session.getKey(), session.getValue()));
                    open.remove();
                }
            }
        }
        sessions.values().removeIf(TreeMap::isEmpty);
        fired.sort(Comparator.comparingLong(
                session -> WindowRows.timerTime(session.window().end(), shiftZone)));
        for (FiredSession session : fired) {
            fired(session.window(), progress);
            emit(session.window(), session.key(), session.state());
        }
    }
}
