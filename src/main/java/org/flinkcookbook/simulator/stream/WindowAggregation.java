package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.window.WindowSpec;
import org.flinkcookbook.simulator.window.WindowSpec.Kind;
import org.flinkcookbook.simulator.window.WindowSpec.Window;

/**
 * A windowed aggregation: Flink's WindowAggOperator (window TVFs) and the group-window
 * WindowOperator (GROUP BY TUMBLE/HOP, allowed lateness 0) at parallelism 1.
 *
 * <p>Which rows count (SlicingWindowProcessor#processElement, TimeWindowUtil#isWindowFired,
 * WindowOperator#isWindowLate): a window [start, end) has fired once the operator received a
 * watermark >= end - 1 (end - 1 converted from the shift time zone for TIMESTAMP_LTZ rowtimes). A
 * row counts in every window containing it that has not fired; if all of them have fired it is
 * dropped and counted as a late record. Windows fire in order of their end when a watermark reaches
 * them; MAX_WATERMARK at the end of input fires the rest. In batch mode nothing is late.
 *
 * <p>How they are added up, so that DOUBLE sums round as Flink's do: in streaming mode state is kept
 * per slice (SliceAssigners) or pane (PanedWindowProcessFunction) and merged when a window fires,
 * TVF slices newest first (HoppingSlicesIterable), group-window panes oldest first; CUMULATE merges
 * each step into its cycle's first slice, where a late row that still counts also goes
 * (sliceStateMergeTarget). Batch mode adds each window's rows in arrival order.
 *
 * <p>Output rows are [group keys..., window_start, window_end, window_time, aggregates...] for every
 * window and key with rows. Memory holds the open slices only.
 */
public final class WindowAggregation extends WindowedAggregation {

    private static final Comparator<Window> BY_END = Comparator.comparingLong(Window::end).thenComparingLong(Window::start);

    private final WindowSpec spec;
    private final boolean panesOldestFirst;
    private final boolean streaming;
    /** Accumulators by slice end, then group key. */
    private final Map<Long, Map<List<Object>, Accumulator[]>> slices = new HashMap<>();
    /** The windows still to fire, with the keys that have rows in them. */
    private final TreeMap<Window, Set<List<Object>>> pending = new TreeMap<>(BY_END);

    /**
     * @param groupWindow true for GROUP BY TUMBLE/HOP (panes merged oldest first), false for window TVFs
     * @param rowtimeType TIMESTAMP(p) or TIMESTAMP_LTZ(p); LTZ windows are assigned in the session time zone
     * @param streaming false in batch mode: no watermarks, nothing is late
     * @param fixture the fixture's display name, for late-row explanations
     */
    public WindowAggregation(
            WindowSpec spec,
            boolean groupWindow,
            int rowtimeIndex,
            SqlType rowtimeType,
            boolean streaming,
            List<Expression> keys,
            List<AggregateCall> aggregates,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        super(rowtimeIndex, rowtimeType, keys, aggregates, downstream, trace, fixture, sessionZone);
        this.spec = spec;
        this.panesOldestFirst = groupWindow;
        this.streaming = streaming;
        if (streaming) {
            trace.windowedAggregation();
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        Object rowtime = values[rowtimeIndex];
        if (rowtime == null) {
            return; // only reachable in batch mode; the watermark assigner rejects NULL rowtimes
        }
        long timestamp = Timestamps.toWallClock((Long) rowtime, shiftZone);
        List<Window> windows = spec.windowsOf(timestamp);
        List<Window> open = streaming ? unfired(windows, currentProgress) : windows;
        if (possibleWatermark != NO_WATERMARK && unfired(windows, possibleWatermark).size() != open.size()) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermark = NO_WATERMARK;
        if (open.isEmpty()) {
            lateRow(values, fixtureLine, windows.get(windows.size() - 1));
            return;
        }
        List<Object> key = GroupKey.of(keys, values, this);
        if (!streaming) {
            // batch window aggregates add each window's rows up in arrival order, without slices
            for (Window window : windows) {
                for (Accumulator accumulator : accumulators(window.end(), key)) {
                    accumulator.add(values, this);
                }
                pending.computeIfAbsent(window, w -> new LinkedHashSet<>()).add(key);
            }
            return;
        }
        long slice = spec.sliceEnd(timestamp);
        if (spec.kind() == Kind.CUMULATE && WindowRows.fired(slice, currentProgress, shiftZone)) {
            slice = open.get(0).start() + spec.sliceSize(); // the cycle's first slice holds its merged state
        }
        for (Accumulator accumulator : accumulators(slice, key)) {
            accumulator.add(values, this);
        }
        for (Window window : open) {
            pending.computeIfAbsent(window, w -> new LinkedHashSet<>()).add(key);
        }
    }

    private List<Window> unfired(List<Window> windows, long progress) {
        List<Window> open = new ArrayList<>(windows.size());
        for (Window window : windows) {
            if (!WindowRows.fired(window.end(), progress, shiftZone)) {
                open.add(window);
            }
        }
        return open;
    }

    private Accumulator[] accumulators(long slice, List<Object> key) {
        return slices.computeIfAbsent(slice, s -> new LinkedHashMap<>()).computeIfAbsent(key, k -> newAccumulators());
    }

    @Override
    void fireUpTo(long progress) {
        Iterator<Map.Entry<Window, Set<List<Object>>>> windows = pending.entrySet().iterator();
        while (windows.hasNext()) {
            Map.Entry<Window, Set<List<Object>>> entry = windows.next();
            if (progress != Long.MAX_VALUE && !WindowRows.fired(entry.getKey().end(), progress, shiftZone)) {
                return;
            }
            windows.remove();
            fire(entry.getKey(), entry.getValue());
        }
    }

    private void fire(Window window, Set<List<Object>> windowKeys) {
        long sliceSize = spec.sliceSize();
        switch (streaming ? spec.kind() : Kind.TUMBLE) {
            case TUMBLE -> { // also batch mode, where every window has its own state
                Map<List<Object>, Accumulator[]> state = slices.remove(window.end());
                windowKeys.forEach(key -> emit(window, key, state.get(key)));
            }
            case HOP -> {
                for (List<Object> key : windowKeys) {
                    Accumulator[] merged = newAccumulators();
                    for (long offset = 0; offset < spec.size(); offset += sliceSize) {
                        long slice = panesOldestFirst ? window.start() + sliceSize + offset : window.end() - offset;
                        Map<List<Object>, Accumulator[]> state = slices.get(slice);
                        Accumulator[] part = state == null ? null : state.get(key);
                        for (int i = 0; part != null && i < merged.length; i++) {
                            merged[i].merge(part[i]);
                        }
                    }
                    emit(window, key, merged);
                }
                slices.remove(window.start() + sliceSize); // no later window holds the window's first slice
            }
            case CUMULATE -> {
                long firstSlice = window.start() + sliceSize;
                Map<List<Object>, Accumulator[]> step = window.end() == firstSlice ? null : slices.remove(window.end());
                if (step != null) {
                    step.forEach((key, part) -> {
                        Accumulator[] cycle = accumulators(firstSlice, key);
                        for (int i = 0; i < cycle.length; i++) {
                            cycle[i].merge(part[i]);
                        }
                    });
                }
                Map<List<Object>, Accumulator[]> cycle = window.end() == window.start() + spec.size()
                        ? slices.remove(firstSlice)
                        : slices.get(firstSlice);
                windowKeys.forEach(key -> emit(window, key, cycle.get(key)));
            }
        }
    }
}
