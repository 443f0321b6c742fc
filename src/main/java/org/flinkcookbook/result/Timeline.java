package org.flinkcookbook.result;

import java.util.List;

/**
 * How a windowed or CURRENT_WATERMARK result's input met the watermark, for the timeline in the
 * HTML report. Times are wall-clock milliseconds in the session time zone (as the rows print them),
 * arrival is the fixture line. Big inputs keep every {@code sampleStride}-th row only, but every
 * late and filtered row.
 *
 * @param fixture the fixture the rows came from, as shown to users
 * @param timeZone the session time zone ({@code table.local-time-zone}) the times are shown in
 * @param watermarkIntervalMillis {@code pipeline.auto-watermark-interval}: advances up to it are held back
 * @param watermarkDelayMillis how far the watermark stayed behind the newest event time when it advanced
 *     at its closest, which is the delay of a {@code WATERMARK FOR ts AS ts - INTERVAL ...}; null without a watermark
 * @param rowCount how many rows reached the traced operator
 * @param sampleStride every how many rows one is kept in {@code rows}
 * @param rows the kept rows, in arrival order
 * @param watermarks the watermark as the operator received it, in arrival order (thinned like the rows on big inputs)
 * @param windowCount how many windows fired
 * @param windows the windows as they fired, the first ones only on big inputs
 * @param lateRows every row dropped as late that an operator recording the timeline dropped
 * @param filteredRows every row a CURRENT_WATERMARK filter removed
 */
public record Timeline(
        String fixture,
        String timeZone,
        long watermarkIntervalMillis,
        Long watermarkDelayMillis,
        long rowCount,
        int sampleStride,
        List<Point> rows,
        List<Point> watermarks,
        long windowCount,
        List<FiredWindow> windows,
        List<LateRow> lateRows,
        List<Mark> filteredRows) {

    public Timeline {
        rows = List.copyOf(rows);
        watermarks = List.copyOf(watermarks);
        windows = List.copyOf(windows);
        lateRows = List.copyOf(lateRows);
        filteredRows = List.copyOf(filteredRows);
    }

    /** A row's event time, or the watermark's value, at a fixture line. */
    public record Point(int line, long time) {}

    /**
     * A window [start, end) and where it fired: after the row at {@code line}, or at the end of the
     * input (when the last watermark, MAX_WATERMARK, fires every window left).
     */
    public record FiredWindow(long start, long end, int line, boolean atEndOfInput) {}

    /**
     * A row a CURRENT_WATERMARK filter removed.
     *
     * @param line its fixture line
     * @param eventTime its event time
     * @param watermark the watermark it met, or null before the first one
     */
    public record Mark(int line, long eventTime, Long watermark) {}
}
