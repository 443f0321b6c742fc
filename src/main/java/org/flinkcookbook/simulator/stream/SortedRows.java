package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * ORDER BY (with LIMIT) in batch mode: Flink's sort operator takes every row before it emits any.
 * Different rows the order ties are unsupported where they are emitted (or one is and another not):
 * Flink sorts with its QuickSort ({@code SortOperator}) or a heap ({@code SortLimitOperator}), neither
 * of which keeps their arrival order, and which of them comes first is not modelled.
 */
public final class SortedRows implements RowSink {

    private record Pending(Object[] values, int fixtureLine) {}

    private final Comparator<Object[]> order;
    private final long limit;
    private final boolean tiesShow;
    private final RowSink downstream;
    private final List<Pending> rows = new ArrayList<>();

    /**
     * @param limit the most rows emitted, or -1 for all
     * @param tiesShow whether the order of tied rows shows in the result (a LIMIT cuts them, or the sort's
     *     order is the result's); a sort below an aggregation only groups
     */
    public SortedRows(Comparator<Object[]> order, long limit, boolean tiesShow, RowSink downstream) {
        this.order = order;
        this.limit = limit;
        this.tiesShow = tiesShow;
        this.downstream = downstream;
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        rows.add(new Pending(values, fixtureLine));
    }

    @Override
    public void watermark(long watermark) {}

    @Override
    public void possibleWatermark(long watermark) {}

    @Override
    public void endOfInput() {
        if (order != null) {
            rows.sort(Comparator.comparing(Pending::values, order));
        }
        if (order != null && tiesShow) {
            long shown = limit >= 0 ? Math.min(limit, rows.size()) : rows.size();
            for (int i = 1; i < rows.size() && i - 1 < shown; i++) {
                Pending before = rows.get(i - 1);
                Pending row = rows.get(i);
                if (order.compare(before.values(), row.values()) == 0
                        && !Arrays.equals(before.values(), row.values())) {
                    throw new UnsupportedConstructException(
                            null,
                            "a batch ORDER BY (and LIMIT) whose sort keys tie different rows (of fixture lines "
                                    + before.fixtureLine() + " and " + row.fixtureLine()
                                    + "), which Flink's sort emits in an order of its own");
                }
            }
        }
        long emitted = 0;
        for (Pending row : rows) {
            if (limit >= 0 && emitted++ >= limit) {
                break;
            }
            downstream.row(row.values(), row.fixtureLine());
        }
        downstream.endOfInput();
    }
}
