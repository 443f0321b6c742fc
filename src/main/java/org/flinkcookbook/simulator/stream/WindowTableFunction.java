package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.window.WindowSpec;
import org.flinkcookbook.simulator.window.WindowSpec.Window;

/**
 * A window TVF not followed by an aggregation (Flink's AlignedWindowTableFunctionOperator): each
 * row is emitted once per window containing it, with window_start, window_end and window_time
 * appended, as soon as it arrives. It drops nothing as late; rows with a NULL rowtime are dropped.
 */
public final class WindowTableFunction extends ForwardingRowSink {

    private final WindowSpec spec;
    private final int rowtimeIndex;
    /** The union's bound for the next row, when the input is a UNION ALL; else null. */
    private Long interleavedWatermark;

    private final SqlType rowtimeType;
    private final ZoneId shiftZone;

    public WindowTableFunction(
            WindowSpec spec, int rowtimeIndex, SqlType rowtimeType, ZoneId sessionZone, RowSink downstream) {
        super(downstream);
        this.spec = spec;
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.shiftZone = WindowRows.shiftZone(rowtimeType, sessionZone);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        Object rowtime = values[rowtimeIndex];
        if (rowtime == null) {
            return;
        }
        for (Window window : spec.windowsOf(Timestamps.toWallClock(Timestamps.millis(rowtime), shiftZone))) {
            Object[] windowed = new Object[values.length + 3];
            System.arraycopy(values, 0, windowed, 0, values.length);
            windowed[values.length] = window.start();
            windowed[values.length + 1] = window.end();
            windowed[values.length + 2] = WindowRows.windowTime(window, rowtimeType, shiftZone);
            if (interleavedWatermark != null) {
                downstream.interleavedWatermark(interleavedWatermark); // before each of the row's copies
            }
            downstream.row(windowed, fixtureLine);
        }
    }

    @Override
    public void interleavedWatermark(long watermark) {
        interleavedWatermark = watermark;
    }
}
