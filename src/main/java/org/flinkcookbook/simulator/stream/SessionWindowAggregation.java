package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;
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
 */
public final class SessionWindowAggregation implements RowSink, EvaluationContext {

    private static final Comparator<Window> BY_START = Comparator.comparingLong(Window::start).thenComparingLong(Window::end);

    private final long gap;
    private final int rowtimeIndex;
    private final SqlType rowtimeType;
    private final ZoneId shiftZone;
    private final Expression[] keys;
    private final List<AggregateCall> aggregates;
    private final RowSink downstream;
    private final StatementTrace trace;
    private final String fixture;
    private final ZoneId sessionZone;
    /** Open sessions by key, ordered by start, with their accumulators. */
    private final Map<List<Object>, TreeMap<Window, Accumulator[]>> sessions = new HashMap<>();
    private long currentProgress = NO_WATERMARK;
    private long possibleWatermark = NO_WATERMARK;

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
        this.gap = gap;
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.shiftZone = WindowRows.shiftZone(rowtimeType, sessionZone);
        this.keys = keys.toArray(new Expression[0]);
        this.aggregates = List.copyOf(aggregates);
        this.downstream = downstream;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        trace.windowedAggregation();
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        long timestamp = Timestamps.toWallClock((Long) values[rowtimeIndex], shiftZone);
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
        if (possibleWatermark != NO_WATERMARK && merged.isEmpty() && WindowRows.fired(window.end(), possibleWatermark, shiftZone) != late) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermark = NO_WATERMARK;
        if (late) {
            trace.lateRow(new LateRow(fixture, fixtureLine, Values.render(values[rowtimeIndex], rowtimeType, sessionZone),
                    Values.render(currentProgress, rowtimeType, sessionZone),
                    Timestamps.format(window.start(), 3), Timestamps.format(window.end(), 3)));
            return;
        }
        Accumulator[] state = merged.isEmpty() ? newAccumulators() : open.remove(merged.get(0));
        long start = window.start();
        long end = window.end();
        for (Window session : merged) {
            start = Math.min(start, session.start());
            end = Math.max(end, session.end());
            Accumulator[] other = session == merged.get(0) ? null : open.remove(session);
            for (int i = 0; other != null && i < state.length; i++) {
                state[i].merge(other[i]);
            }
        }
        for (Accumulator accumulator : state) {
            accumulator.add(values, this);
        }
        open.put(new Window(start, end), state);
    }

    private Accumulator[] newAccumulators() {
        return AggregateCall.newAccumulators(aggregates);
    }

    @Override
    public void watermark(long watermark) {
        if (watermark > currentProgress) {
            currentProgress = watermark;
            fire(watermark);
        }
        possibleWatermark = NO_WATERMARK;
        downstream.watermark(watermark);
    }

    /** Emits the sessions the watermark closed. */
    private void fire(long progress) {
        for (Map.Entry<List<Object>, TreeMap<Window, Accumulator[]>> keyed : sessions.entrySet()) {
            Iterator<Map.Entry<Window, Accumulator[]>> open = keyed.getValue().entrySet().iterator();
            while (open.hasNext()) {
                Map.Entry<Window, Accumulator[]> session = open.next();
                if (progress == Long.MAX_VALUE || WindowRows.fired(session.getKey().end(), progress, shiftZone)) {
                    open.remove();
                    emit(session.getKey(), keyed.getKey(), session.getValue());
                }
            }
        }
        sessions.values().removeIf(TreeMap::isEmpty);
    }

    private void emit(Window window, List<Object> key, Accumulator[] accumulators) {
        downstream.row(WindowRows.aggregated(key, window, WindowRows.windowTime(window, rowtimeType, shiftZone), accumulators), 0);
    }

    @Override
    public void possibleWatermark(long watermark) {
        possibleWatermark = watermark;
    }

    @Override
    public void endOfInput() {
        fire(Long.MAX_VALUE);
        downstream.endOfInput();
    }

    @Override
    public long currentWatermark() {
        return currentProgress;
    }

    @Override
    public ZoneId sessionZone() {
        return sessionZone;
    }
}
