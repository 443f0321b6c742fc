package org.flinkcookbook.simulator.stream;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.table.runtime.util.TimeWindowUtil;
import org.flinkcookbook.simulator.UnsupportedConstructException;
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

    private static final Comparator<Window> BY_END =
            Comparator.comparingLong(Window::end).thenComparingLong(Window::start);

    /**
     * Windows whose ends lie further apart than this never share a timer: a zone's offset changes by at
     * most two hours, and toEpochMillsForTimer moves a time by at most one more.
     */
    private static final long MAX_TIMER_SHIFT = 3 * 60 * 60 * 1000L;

    private final WindowSpec spec;
    private final boolean panesOldestFirst;
    private final boolean streaming;
    /** Accumulators by slice end, then group key. */
    private final Map<Long, Map<List<Object>, Accumulator[]>> slices = new HashMap<>();
    /** The windows still to fire, with the keys that have rows in them. */
    private final TreeMap<Window, Set<List<Object>>> pending = new TreeMap<>(BY_END);
    /** The pane of the last row, whose windows and key sets the next rows mostly reuse; null after a window fires. */
    private Pane lastPane;
    /** The slice the last row was added to, and its accumulators by key; forgotten when a window fires. */
    private long lastSliceEnd = Long.MIN_VALUE;

    private Map<List<Object>, Accumulator[]> lastSlice;

    /**
     * Window TVF aggregations buffer rows (RecordsWindowBuffer) and move them into state, registering
     * each window's timer unless the window has already fired, only when the watermark reaches
     * {@code TimeWindowUtil#getNextTriggerWatermarkWithOffset} and the buffer's first slice has
     * fired (AbstractSliceSyncStateWindowAggProcessor#advanceProgress, AggCombiner#combine). For a
     * zone without daylight saving that grid is aligned to UTC, not to the zone, so windows that end
     * off it (an hourly window in Asia/Kolkata, +05:30) can fire while their rows still wait in the
     * buffer: Flink then emits them without those rows, or not at all. The simulator follows the
     * grid and calls such a firing unsupported.
     */
    private final SortedSet<Long> bufferedSlices = new TreeSet<>();

    private final boolean daylightSaving;
    private long nextTriggerProgress = Long.MIN_VALUE;

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
        this.daylightSaving = TimeZone.getTimeZone(shiftZone).useDaylightTime();
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
        long timestamp = Timestamps.toWallClock(Timestamps.millis(rowtime), shiftZone);
        if (timeline != null) {
            timeline.row(this, fixtureLine, timestamp);
        }
        Pane pane = paneOf(timestamp);
        List<Window> windows = pane.windows;
        int firstOpen = streaming ? firstUnfired(windows, currentProgress) : 0;
        if (possibleWatermarks.change(true, watermark -> firstUnfired(windows, watermark) == firstOpen)) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (streaming && interleavedInput) {
            checkInterleavingFree(values, fixtureLine, windows);
        }
        if (firstOpen == windows.size()) {
            lateRow(values, fixtureLine, windows.get(windows.size() - 1));
            return;
        }
        List<Object> key = GroupKey.of(keys, values, this);
        if (!streaming) {
            // batch window aggregates add each window's rows up in arrival order, without slices
            for (int i = 0; i < windows.size(); i++) {
                for (Accumulator accumulator : accumulators(windows.get(i).end(), key)) {
                    accumulator.add(values, this);
                }
                pane.keysOf(i).add(key);
            }
            return;
        }
        long slice = pane.end;
        if (spec.kind() == Kind.CUMULATE && WindowRows.fired(slice, currentProgress, shiftZone)) {
            slice = windows.get(firstOpen).start() + spec.sliceSize(); // the cycle's first slice holds its merged state
        }
        for (Accumulator accumulator : accumulators(slice, key)) {
            accumulator.add(values, this);
        }
        if (!panesOldestFirst) {
            bufferedSlices.add(slice);
        }
        for (int i = firstOpen; i < windows.size(); i++) {
            pane.keysOf(i).add(key);
        }
    }

    /**
     * A batch group window's *_ROWTIME of a TIMESTAMP(0..2) rowtime is cut to its precision as
     * DateTimeUtils#truncate cuts, toward the epoch: before 1970 the last millisecond of [23:29:25,
     * 23:29:30) is 23:29:30.00 in TIMESTAMP(2); a window TVF's window_time keeps 23:29:29.999 (printed
     * 23:29:29.99). Measured, found by RecipeFuzzTest (seed 133).
     */
    @Override
    long windowTime(Window window) {
        long last = super.windowTime(window);
        return !streaming && panesOldestFirst && rowtimeType.precision() < 3
                ? (Long) Timestamps.truncate(last, rowtimeType.precision())
                : last;
    }

    /**
     * Over a UNION ALL, the simulated interleaving stands for all of them only when no row can be late
     * in any (see UnionAll) and every window fires as it does here whatever watermarks reach it.
     */
    private void checkInterleavingFree(Object[] values, int fixtureLine, List<Window> windows) {
        if (interleavedWatermark != NO_WATERMARK && firstUnfired(windows, interleavedWatermark) > 0) {
            throw interleavingDependent(values, fixtureLine, windows.get(0));
        }
        interleavedWatermark = NO_WATERMARK;
        if (daylightSaving) {
            // across a change of other than an hour the timers are not monotonic (see fireUpTo), so which windows
            // fire together depends on the watermarks the interleaving delivers
            throw new UnsupportedConstructException(
                    null,
                    "a window over UNION ALL in streaming mode over a TIMESTAMP_LTZ rowtime in a time zone with"
                            + " daylight saving (not modelled: which windows fire together depends on how Flink"
                            + " interleaves the inputs)");
        }
        if (panesOldestFirst) {
            return;
        }
        for (Window window : windows) {
            long timer = WindowRows.timerTime(window.end(), shiftZone);
            // the buffer is flushed before a window fires whatever watermark fires it only when its timer is on
            // the flush grid (see bufferedSlices): the next trigger after any earlier watermark is at most the timer
            if (TimeWindowUtil.getNextTriggerWatermarkWithOffset(
                            timer - 1, spec.sliceSize(), spec.offset(), shiftZone, false)
                    > timer) {
                throw new UnsupportedConstructException(
                        null,
                        "a window TVF aggregation over UNION ALL in streaming mode whose window ["
                                + Timestamps.format(window.start(), 3) + ", " + Timestamps.format(window.end(), 3)
                                + ") ends off the UTC-aligned grid Flink flushes its window buffer on (a window offset,"
                                + " or a zone offset that is not a multiple of the window): whether it fires with its"
                                + " rows depends on how Flink interleaves the inputs");
            }
        }
    }

    /**
     * The pane a timestamp falls in; consecutive rows mostly share one. Every window starts and ends
     * on a slice boundary, so all timestamps of a slice belong to the same windows.
     */
    private Pane paneOf(long timestamp) {
        long end = spec.sliceEnd(timestamp);
        if (lastPane == null || lastPane.end != end) {
            lastPane = new Pane(end, spec.windowsOf(timestamp));
        }
        return lastPane;
    }

    /** Windows come in ascending order of their end, so the fired ones come first. */
    private int firstUnfired(List<Window> windows, long progress) {
        int first = 0;
        while (first < windows.size() && WindowRows.fired(windows.get(first).end(), progress, shiftZone)) {
            first++;
        }
        return first;
    }

    private Accumulator[] accumulators(long slice, List<Object> key) {
        if (slice != lastSliceEnd) {
            lastSliceEnd = slice;
            lastSlice = slices.computeIfAbsent(slice, s -> new LinkedHashMap<>());
        }
        return lastSlice.computeIfAbsent(key, k -> newAccumulators());
    }

    @Override
    void fireUpTo(long progress) {
        flushBuffer(progress);
        Iterator<Map.Entry<Window, Set<List<Object>>>> windows =
                pending.entrySet().iterator();
        Window waiting = null;
        while (windows.hasNext()) {
            Map.Entry<Window, Set<List<Object>>> next = windows.next();
            Window window = next.getKey();
            if (progress != Long.MAX_VALUE && !WindowRows.fired(window.end(), progress, shiftZone)) {
                if (!daylightSaving) {
                    break;
                }
                // TimeWindowUtil#toEpochMillsForTimer is not monotonic across a DST change of other than an hour
                // (Australia/Lord_Howe's 30 minutes: a window ending at 02:15 after the fall-back has its timer
                // before one ending at 02:00), so a window may fire before one that ends earlier
                waiting = waiting == null ? window : waiting;
                continue;
            }
            if (waiting != null && spec.kind() != Kind.TUMBLE) {
                // HOP and CUMULATE windows share slices, which Flink clears as each window's timer fires
                throw new UnsupportedConstructException(
                        null,
                        "a " + spec.kind() + " window [" + Timestamps.format(window.start(), 3) + ", "
                                + Timestamps.format(window.end(), 3) + ") whose timer fires before that of ["
                                + Timestamps.format(waiting.start(), 3) + ", " + Timestamps.format(waiting.end(), 3)
                                + ") across a daylight-saving change (the windows share slices)");
            }
            if (daylightSaving && streaming && spec.kind() != Kind.TUMBLE) {
                checkNoChangeOfPartOfAnHour(window);
                checkNoLaterWindowSharesTheTimer(window, next.getValue());
            }
            if (!bufferedSlices.subSet(window.start() + 1, window.end() + 1).isEmpty()) {
                throw new UnsupportedConstructException(
                        null,
                        "a window TVF aggregation whose window [" + Timestamps.format(window.start(), 3) + ", "
                                + Timestamps.format(window.end(), 3)
                                + ") fires while its rows wait in Flink's window buffer (its end is off the UTC-aligned "
                                + "grid Flink flushes the buffer on: a window offset, or a zone offset that is not a "
                                + "multiple of the window)");
            }
            Set<List<Object>> windowKeys = next.getValue();
            windows.remove(); // TreeMap's removal may move the next entry's key and value into this entry
            fired(window, progress);
            fire(window, windowKeys);
            // firing removes state the caches may point to, CUMULATE's merge also through them
            lastPane = null;
            lastSliceEnd = Long.MIN_VALUE;
        }
    }

    /**
     * A HOP or CUMULATE window that touches a fall-back of part of an hour (Australia/Lord_Howe's
     * 30 minutes): Flink emitted a fall-back window twice and one the simulator did not (fuzz seed 19, case
     * 3214); not modelled.
     */
    private void checkNoChangeOfPartOfAnHour(Window window) {
        ZoneOffsetTransition change = shiftZone
                .getRules()
                .nextTransition(Instant.ofEpochMilli(window.start()).minus(Duration.ofDays(1)));
        if (change == null || change.isGap() || change.getDuration().toMinutes() % 60 == 0) {
            return;
        }
        long before = change.getDateTimeBefore().toInstant(ZoneOffset.UTC).toEpochMilli();
        long after = change.getDateTimeAfter().toInstant(ZoneOffset.UTC).toEpochMilli();
        if (Math.max(before, after) >= window.start() && Math.min(before, after) <= window.end()) {
            throw new UnsupportedConstructException(
                    null,
                    "a " + spec.kind() + " window [" + Timestamps.format(window.start(), 3) + ", "
                            + Timestamps.format(window.end(), 3) + ") at a daylight-saving change of "
                            + Math.abs(change.getDuration().toMinutes()) + " minutes");
        }
    }

    /**
     * Across a daylight-saving change TimeWindowUtil#toEpochMillsForTimer can give two windows one timer
     * (in Australia/Lord_Howe's spring-forward gap [01:00, 02:30) and [01:30, 03:00) both fire at
     * 02:59:59.999 +11:00). A HOP or CUMULATE window's timer is registered when its last slice's rows
     * reach state (AggCombiner#combine) or when the window before it fires (nextTriggerWindow). If the
     * later window's last slice has rows of a key, its timer can be in the timer queue before the earlier
     * window's, and Flink may fire it first and clear the slice they share (expiredSlices): measured, the
     * earlier window is then emitted without that slice, or not at all. Which of the tied timers Flink's
     * heap pops first is not modelled. Only then: otherwise the earlier window's firing registers the
     * later one's timer, so they fire in order of their end, as here.
     */
    private void checkNoLaterWindowSharesTheTimer(Window window, Set<List<Object>> windowKeys) {
        long timer = WindowRows.timerTime(window.end(), shiftZone);
        for (Window later : pending.tailMap(window, false).keySet()) {
            if (later.end() - window.end() > MAX_TIMER_SHIFT) {
                return;
            }
            Map<List<Object>, Accumulator[]> lastSlice = slices.get(later.end());
            if (WindowRows.timerTime(later.end(), shiftZone) == timer
                    && lastSlice != null
                    && windowKeys.stream().anyMatch(lastSlice::containsKey)) {
                throw new UnsupportedConstructException(
                        null,
                        "a " + spec.kind() + " window [" + Timestamps.format(window.start(), 3) + ", "
                                + Timestamps.format(window.end(), 3) + ") whose timer is that of ["
                                + Timestamps.format(later.start(), 3) + ", " + Timestamps.format(later.end(), 3)
                                + ") across a daylight-saving change, the later one holding rows of its own (which"
                                + " of the two Flink fires first, clearing the slices they share, is not modelled)");
            }
        }
    }

    /** AbstractWindowAggProcessor#advanceProgress; MAX_WATERMARK at the end of input flushes everything. */
    private void flushBuffer(long progress) {
        if (panesOldestFirst || !streaming || progress < nextTriggerProgress) {
            return;
        }
        if (progress == Long.MAX_VALUE
                || (!bufferedSlices.isEmpty() && WindowRows.fired(bufferedSlices.first(), progress, shiftZone))) {
            bufferedSlices.clear();
        }
        nextTriggerProgress = TimeWindowUtil.getNextTriggerWatermarkWithOffset(
                progress, spec.sliceSize(), spec.offset(), shiftZone, daylightSaving);
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

    /** The windows of one slice, and the key sets of those still pending, looked up once per pane. */
    private final class Pane {
        final long end;
        final List<Window> windows;
        private final List<Set<List<Object>>> keySets;

        Pane(long end, List<Window> windows) {
            this.end = end;
            this.windows = windows;
            this.keySets = new ArrayList<>(Collections.nCopies(windows.size(), null));
        }

        /** The keys with rows in the pane's i-th window, which must not have fired. */
        Set<List<Object>> keysOf(int window) {
            Set<List<Object>> keys = keySets.get(window);
            if (keys == null) {
                keys = pending.computeIfAbsent(windows.get(window), w -> new LinkedHashSet<>());
                keySets.set(window, keys);
            }
            return keys;
        }
    }
}
