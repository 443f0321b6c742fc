package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * A streaming Top-N (ROW_NUMBER over a partition, filtered to a constant range) and a streaming
 * LIMIT, over an insert-only input (the planner's AppendFast strategy), as StreamExecRank chooses
 * the function, at parallelism 1 in arrival order:
 *
 * <ul>
 *   <li>ordered by one processing-time column ascending (AppendOnlyFirstNFunction): the first rows
 *       of each partition to arrive, up to the range's end, each {@code +I};
 *   <li>a range of [1, 1] (FastTop1Function): a partition's first row is {@code +I}; a later row
 *       that sorts strictly before the kept one replaces it, {@code -U} then {@code +U};
 *   <li>otherwise (AppendOnlyTopNFunction): a TopNBuffer per partition (sort keys in order, rows of
 *       one sort key in arrival order) takes a row that sorts before its worst key or while it holds
 *       fewer rows than the range's end. Without the row number selected and without an offset, the
 *       buffer's last row drops out ({@code -D}, unless it equals the new row) and the new row is
 *       {@code +I}; else each row after the new one moves down a rank ({@code -U} of it at its old
 *       rank, {@code +U} of the row before it there), the last moved row is {@code +I} at the next
 *       rank within the range, and sort keys beyond the range's end leave the buffer.
 * </ul>
 *
 * Output rows are the input row, followed by the rank (BIGINT) when the node outputs it.
 */
public final class AppendOnlyTopN extends ForwardingRowSink {

    /** Which of Flink's append-only rank functions runs. */
    public enum Function {
        FIRST_N,
        TOP_1,
        TOP_N
    }

    private final Function function;
    private final Expression[] partitionKeys;
    private final Comparator<Object[]> order;
    private final long rankStart;
    private final long rankEnd;
    private final boolean outputRankNumber;
    private final boolean generateUpdateBefore;
    private final EvaluationContext context;

    /** Per partition, Flink's TopNBuffer: rows of one sort key (the first of them the map's key) in arrival order. */
    private final Map<List<Object>, TreeMap<Object[], List<Object[]>>> buffers = new HashMap<>();

    private final Map<List<Object>, Object[]> top1 = new HashMap<>();
    private final Map<List<Object>, Long> counts = new HashMap<>();

    /**
     * @param order the rows' order by their sort keys (Flink's generated comparator of the sort key row)
     * @param rankStart the range's first rank (above 1 for an OFFSET)
     * @param rankEnd its last
     */
    public AppendOnlyTopN(
            Function function,
            List<Expression> partitionKeys,
            Comparator<Object[]> order,
            long rankStart,
            long rankEnd,
            boolean outputRankNumber,
            boolean generateUpdateBefore,
            RowSink downstream,
            ZoneId sessionZone) {
        super(downstream);
        this.function = function;
        this.partitionKeys = partitionKeys.toArray(new Expression[0]);
        this.order = order;
        this.rankStart = rankStart;
        this.rankEnd = rankEnd;
        this.outputRankNumber = outputRankNumber;
        this.generateUpdateBefore = generateUpdateBefore;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        List<Object> partition = GroupKey.of(partitionKeys, values, context);
        switch (function) {
            case FIRST_N -> firstN(partition, values, fixtureLine);
            case TOP_1 -> top1(partition, values, fixtureLine);
            case TOP_N -> topN(partition, values, fixtureLine);
            default -> throw new IllegalStateException(function.name());
        }
    }

    /** AppendOnlyFirstNFunction#processElement. */
    private void firstN(List<Object> partition, Object[] values, int fixtureLine) {
        long rank = counts.getOrDefault(partition, 0L);
        if (rank >= rankEnd) {
            return;
        }
        counts.put(partition, ++rank);
        if (outputRankNumber || rankStart > 1) {
            emit(RowKind.INSERT, values, rank, fixtureLine);
        } else {
            downstream.row(values, fixtureLine);
        }
    }

    /** FastTop1Function#processElement. */
    private void top1(List<Object> partition, Object[] values, int fixtureLine) {
        Object[] previous = top1.get(partition);
        if (previous == null) {
            top1.put(partition, values);
            emit(RowKind.INSERT, values, 1, fixtureLine);
            return;
        }
        if (order.compare(values, previous) < 0) {
            top1.put(partition, values);
            emit(RowKind.UPDATE_BEFORE, previous, 1, fixtureLine);
            emit(RowKind.UPDATE_AFTER, values, 1, fixtureLine);
        }
    }

    /** AppendOnlyTopNFunction#processElement. */
    private void topN(List<Object> partition, Object[] values, int fixtureLine) {
        TreeMap<Object[], List<Object[]>> buffer = buffers.computeIfAbsent(partition, p -> new TreeMap<>(order));
        if (!inBufferRange(buffer, values)) {
            return;
        }
        buffer.computeIfAbsent(values, k -> new ArrayList<>()).add(values);
        if (outputRankNumber || rankStart > 1) {
            withRowNumber(buffer, values, fixtureLine);
        } else {
            withoutRowNumber(buffer, values, fixtureLine);
        }
    }

    /** TopNBuffer#checkSortKeyInBufferRange. */
    private boolean inBufferRange(TreeMap<Object[], List<Object[]>> buffer, Object[] row) {
        if (buffer.isEmpty() || order.compare(row, buffer.lastKey()) < 0) {
            return true;
        }
        return size(buffer) < rankEnd;
    }

    private static long size(TreeMap<Object[], List<Object[]>> buffer) {
        long size = 0;
        for (List<Object[]> rows : buffer.values()) {
            size += rows.size();
        }
        return size;
    }

    /** AppendOnlyTopNFunction#processElementWithRowNumber. */
    private void withRowNumber(TreeMap<Object[], List<Object[]>> buffer, Object[] input, int fixtureLine) {
        Iterator<Map.Entry<Object[], List<Object[]>>> entries =
                buffer.entrySet().iterator();
        long rank = 0;
        boolean found = false;
        Object[] current = null;
        while (entries.hasNext() && rank <= rankEnd) {
            Map.Entry<Object[], List<Object[]>> entry = entries.next();
            List<Object[]> rows = entry.getValue();
            if (!found && order.compare(entry.getKey(), input) == 0) {
                rank += rows.size();
                current = input;
                found = true;
            } else if (found) {
                Iterator<Object[]> moved = rows.iterator();
                while (moved.hasNext() && rank <= rankEnd) {
                    Object[] previous = moved.next();
                    emit(RowKind.UPDATE_BEFORE, previous, rank, fixtureLine);
                    emit(RowKind.UPDATE_AFTER, current, rank, fixtureLine);
                    current = previous;
                    rank++;
                }
            } else {
                rank += rows.size();
            }
        }
        if (rank <= rankEnd) {
            emit(RowKind.INSERT, current, rank, fixtureLine);
        }
        List<Object[]> beyond = new ArrayList<>();
        entries.forEachRemaining(entry -> beyond.add(entry.getKey()));
        beyond.forEach(buffer::remove);
    }

    /** AppendOnlyTopNFunction#processElementWithoutRowNumber. */
    private void withoutRowNumber(TreeMap<Object[], List<Object[]>> buffer, Object[] input, int fixtureLine) {
        if (size(buffer) > rankEnd) {
            Map.Entry<Object[], List<Object[]>> last = buffer.lastEntry();
            List<Object[]> rows = last.getValue();
            int size = rows.size();
            Object[] dropped = rows.remove(size - 1);
            if (rows.isEmpty()) {
                buffer.remove(last.getKey());
            }
            if (Arrays.equals(dropped, input)) {
                return;
            }
            downstream.change(RowKind.DELETE, dropped, fixtureLine);
        }
        downstream.row(input, fixtureLine);
    }

    /** AbstractTopNFunction#collect*: a change at a rank, emitted when the rank is in the range. */
    private void emit(RowKind kind, Object[] values, long rank, int fixtureLine) {
        if (rank < rankStart || rank > rankEnd || (kind == RowKind.UPDATE_BEFORE && !generateUpdateBefore)) {
            return;
        }
        Object[] row = values;
        if (outputRankNumber) {
            row = Arrays.copyOf(values, values.length + 1);
            row[values.length] = rank;
        }
        downstream.change(kind, row, fixtureLine);
    }
}
