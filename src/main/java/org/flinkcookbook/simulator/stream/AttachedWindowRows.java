package org.flinkcookbook.simulator.stream;

import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.window.WindowSpec;

/**
 * A window aggregation of the WindowAttached strategy over the rows of a HOP or CUMULATE window
 * table function (the planner's shape when a filter on window_start or window_end sits between them):
 * Flink's WindowAggOperator takes each row's window from its window_end (SliceAssigners#windowed,
 * every window a slice of its own), late when that window has fired. Windows of one end fire alike,
 * so the simulator aggregates each row in the TUMBLE window of the slice length that ends at its
 * window_end (a row at {@code window_end - 1}), with the same timers, buffer grid and late rows, and
 * gives the aggregated rows the start of the HOP or CUMULATE window of that end. A late row's
 * explanation names that slice-long window.
 */
public final class AttachedWindowRows implements RowSink {

    private final UnaryOperator<Object[]> map;
    private final RowSink downstream;

    private AttachedWindowRows(UnaryOperator<Object[]> map, RowSink downstream) {
        this.map = map;
        this.downstream = downstream;
    }

    /** The rows with a last column appended: their window_end - 1 ms, a rowtime in the window that ends there. */
    public static RowSink withRowtimeBeforeWindowEnd(int windowEnd, int width, RowSink downstream) {
        return new AttachedWindowRows(
                values -> {
                    Object[] row = Arrays.copyOf(values, width + 1);
                    row[width] = Timestamps.millis(values[windowEnd]) - 1;
                    return row;
                },
                downstream);
    }

    /**
     * The aggregated rows with each of {@code startColumns}, the start of a window of {@code sliceSize}
     * ms, replaced by the start of the window of {@code spec} that ends where it does.
     */
    public static RowSink withWindowStarts(WindowSpec spec, long sliceSize, int[] startColumns, RowSink downstream) {
        return new AttachedWindowRows(
                values -> {
                    Object[] row = values.clone();
                    for (int column : startColumns) {
                        long end = (Long) values[column] + sliceSize;
                        row[column] = spec.windowsOf(end - 1).stream()
                                .filter(window -> window.end() == end)
                                .findFirst()
                                .orElseThrow()
                                .start();
                    }
                    return row;
                },
                downstream);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        downstream.row(map.apply(values), fixtureLine);
    }

    @Override
    public void change(RowKind kind, Object[] values, int fixtureLine) {
        downstream.change(kind, map.apply(values), fixtureLine);
    }

    @Override
    public void watermark(long watermark) {
        downstream.watermark(watermark);
    }

    @Override
    public void possibleWatermark(long watermark) {
        downstream.possibleWatermark(watermark);
    }

    @Override
    public void interleavedWatermark(long watermark) {
        downstream.interleavedWatermark(watermark);
    }

    @Override
    public void endOfInput() {
        downstream.endOfInput();
    }
}
