package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Window top-N, {@code ROW_NUMBER() OVER (PARTITION BY window_start, window_end, ... ORDER BY ...)}
 * filtered by {@code rownum <= N}: Flink's WindowRankOperator. Rows wait in their window; a row whose
 * window has fired (window_end - 1 <= watermark) is dropped as late. When a watermark fires a window,
 * each partition's rows are sorted (ties keep arrival order, or the reverse for a deduplication that
 * keeps the last row) and the first N emitted with their row number appended.
 */
public final class WindowTopN implements RowSink, EvaluationContext {

    private record Pending(Object[] values, int fixtureLine) {}

    private final Expression[] partitionKeys;
    private final int windowStartIndex;
    private final int windowEndIndex;
    private final Comparator<Object[]> order;
    private final Comparator<Object[]> exactOrder;
    private final long limit;
    private final boolean keepLastOfTies;
    private final boolean streaming;
    private final ZoneId shiftZone;
    private final RowSink downstream;
    private final StatementTrace trace;
    private final String fixture;
    private final ZoneId sessionZone;
    private final TreeMap<Long, Map<List<Object>, List<Pending>>> windows = new TreeMap<>();
    private long currentWatermark = NO_WATERMARK;
    private final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();

    /**
     * @param order the ORDER BY as Flink's generated comparator sees it
     * @param exactOrder the ORDER BY telling apart what Flink's comparator ties but its state keeps apart (NaN, -0.0)
     * @param keepLastOfTies whether of rows the order ties the last to arrive ranks first (a keep-last deduplication)
     * @param windowShift the zone window_end is a wall-clock time in (the session zone for an LTZ rowtime)
     * @param streaming false in batch mode, where nothing is late
     */
    public WindowTopN(
            List<Expression> partitionKeys,
            int windowStartIndex,
            int windowEndIndex,
            Comparator<Object[]> order,
            Comparator<Object[]> exactOrder,
            long limit,
            boolean keepLastOfTies,
            ZoneId windowShift,
            boolean streaming,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        this.partitionKeys = partitionKeys.toArray(new Expression[0]);
        this.windowStartIndex = windowStartIndex;
        this.windowEndIndex = windowEndIndex;
        this.order = order;
        this.exactOrder = exactOrder;
        this.limit = limit;
        this.keepLastOfTies = keepLastOfTies;
        this.streaming = streaming;
        this.shiftZone = windowShift;
        this.downstream = downstream;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        if (streaming) {
            trace.windowedAggregation();
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        long windowEnd = (Long) values[windowEndIndex];
        boolean late = streaming && WindowRows.fired(windowEnd, currentWatermark, shiftZone);
        if (streaming
                && possibleWatermarks.change(late, watermark -> WindowRows.fired(windowEnd, watermark, shiftZone))) {
            trace.timingDependent(fixture, fixtureLine);
        }
        possibleWatermarks.clear();
        if (late) {
            trace.lateRow(new LateRow(
                    fixture,
                    fixtureLine,
                    Timestamps.format(windowEnd - 1, 3),
                    Values.render(currentWatermark, SqlType.TIMESTAMP_3, sessionZone),
                    Timestamps.format((Long) values[windowStartIndex], 3),
                    Timestamps.format(windowEnd, 3),
                    null)); // records no timeline
            return;
        }
        List<Object> key = GroupKey.of(partitionKeys, values, this);
        windows.computeIfAbsent(windowEnd, end -> new LinkedHashMap<>())
                .computeIfAbsent(key, k -> new ArrayList<>())
                .add(new Pending(values, fixtureLine));
    }

    @Override
    public void watermark(long watermark) {
        if (watermark > currentWatermark) {
            currentWatermark = watermark;
            fireUpTo(watermark);
        }
        possibleWatermarks.clear();
        downstream.watermark(watermark);
    }

    private void fireUpTo(long progress) {
        Iterator<Map.Entry<Long, Map<List<Object>, List<Pending>>>> open =
                windows.entrySet().iterator();
        while (open.hasNext()) {
            Map.Entry<Long, Map<List<Object>, List<Pending>>> window = open.next();
            if (progress != Long.MAX_VALUE && !WindowRows.fired(window.getKey(), progress, shiftZone)) {
                return;
            }
            Map<List<Object>, List<Pending>> partitions = window.getValue();
            open.remove(); // TreeMap's removal may move the next entry's key and value into this entry
            for (List<Pending> partition : partitions.values()) {
                List<Pending> sorted = sorted(partition);
                for (int rank = 0; rank < Math.min(limit, sorted.size()); rank++) {
                    Object[] values = sorted.get(rank).values();
                    Object[] ranked = Arrays.copyOf(values, values.length + 1);
                    ranked[values.length] = (long) rank + 1;
                    downstream.row(ranked, sorted.get(rank).fixtureLine());
                }
            }
        }
    }

    /**
     * A partition's rows in rank order, as WindowRankProcessor#fireWindow puts them into a TopNBuffer
     * (a TreeMap of sort keys, rows of one key in arrival order). Rows of different sort keys the
     * comparator ties (a NaN, -0.0 and 0.0) meet in the order of Flink's state's hash map, which the
     * simulator does not model.
     */
    private List<Pending> sorted(List<Pending> partition) {
        List<Pending> arrivals = new ArrayList<>(partition);
        if (keepLastOfTies) {
            Collections.reverse(arrivals);
        }
        TreeMap<Object[], List<Pending>> buffer = new TreeMap<>(order);
        for (Pending row : arrivals) {
            List<Pending> tied = buffer.get(row.values());
            if (tied == null) {
                buffer.put(row.values(), new ArrayList<>(List.of(row)));
            } else if (exactOrder.compare(tied.get(0).values(), row.values()) != 0) {
                throw new UnsupportedConstructException(
                        null,
                        "a window Top-N whose ORDER BY ties different FLOAT/DOUBLE values (NaN, -0.0 and 0.0), "
                                + "ranked in the order of Flink's state");
            } else {
                tied.add(row);
            }
        }
        List<Pending> sorted = new ArrayList<>();
        for (List<Pending> tied : buffer.values()) {
            if (tied.size() > 1 && sorted.size() < limit) {
                if (!streaming) {
                    // batch mode sorts with Flink's QuickSort (BinaryInMemorySortBuffer), which is not stable
                    throw new UnsupportedConstructException(
                            null, "a batch-mode window Top-N whose ORDER BY ties rows within the first " + limit);
                }
                if (tied.get(0).fixtureLine() == 0) {
                    // rows of a window aggregation arrive in the order its timers leave Flink's timer heap
                    // (HeapPriorityQueue), not in the order their keys first arrived
                    throw new UnsupportedConstructException(
                            null,
                            "a window Top-N over a window aggregation whose ORDER BY ties aggregated rows within "
                                    + "the first " + limit);
                }
            }
            sorted.addAll(tied);
        }
        return sorted;
    }

    @Override
    public void possibleWatermark(long watermark) {
        possibleWatermarks.add(watermark);
    }

    @Override
    public void endOfInput() {
        fireUpTo(Long.MAX_VALUE);
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
