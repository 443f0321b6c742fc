package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ORDER BY (with LIMIT) in batch mode: Flink's sort operator takes every row before it emits any.
 * Rows the order ties keep their arrival order.
 */
public final class SortedRows implements RowSink {

    private record Pending(Object[] values, int fixtureLine) {}

    private final Comparator<Object[]> order;
    private final long limit;
    private final RowSink downstream;
    private final List<Pending> rows = new ArrayList<>();

    /** @param limit the most rows emitted, or -1 for all */
    public SortedRows(Comparator<Object[]> order, long limit, RowSink downstream) {
        this.order = order;
        this.limit = limit;
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
