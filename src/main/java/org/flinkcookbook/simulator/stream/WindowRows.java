package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.flink.table.runtime.util.TimeWindowUtil;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.window.WindowSpec.Window;

/** What the windowed operators share: the shift time zone, when a window has fired, window_time and the rows they emit. */
public final class WindowRows {

    private WindowRows() {}

    /** SliceAssigners: "if the rowtime type is TIMESTAMP_LTZ, the shift timezone is the session time zone, else UTC". */
    public static ZoneId shiftZone(SqlType rowtimeType, ZoneId sessionZone) {
        return rowtimeType.root() == Root.TIMESTAMP_LTZ ? sessionZone : ZoneOffset.UTC;
    }

    /**
     * TimeWindowUtil#isWindowFired (WindowOperator#isWindowLate too): a window has fired once the
     * operator received a watermark >= its end - 1, converted from the shift time zone as a timer
     * time (across a daylight-saving change not the instant LocalDateTime#atZone picks).
     */
    static boolean fired(long windowEnd, long progress, ZoneId shiftZone) {
        return progress != EvaluationContext.NO_WATERMARK && timerTime(windowEnd, shiftZone) <= progress;
    }

    /** The watermark that fires a window: its end - 1, as a timer time (TimeWindowUtil#toEpochMillsForTimer). */
    public static long timerTime(long windowEnd, ZoneId shiftZone) {
        long lastMillisecond = windowEnd - 1;
        return ZoneOffset.UTC.equals(shiftZone)
                ? lastMillisecond
                : TimeWindowUtil.toEpochMillsForTimer(lastMillisecond, shiftZone);
    }

    /** window_time: the window's last millisecond, an instant for an LTZ rowtime, else a wall-clock time. */
    static long windowTime(Window window, SqlType rowtimeType, ZoneId shiftZone) {
        return rowtimeType.root() == Root.TIMESTAMP_LTZ
                ? Timestamps.toEpoch(window.end() - 1, shiftZone)
                : window.end() - 1;
    }

    /** [group keys..., window_start, window_end, window_time, aggregates...]. */
    static Object[] aggregated(List<Object> key, Window window, long windowTime, Accumulator[] accumulators) {
        Object[] row = new Object[key.size() + 3 + accumulators.length];
        int column = 0;
        for (Object value : key) {
            row[column++] = value;
        }
        row[column++] = window.start();
        row[column++] = window.end();
        row[column++] = windowTime;
        for (Accumulator accumulator : accumulators) {
            row[column++] = accumulator.result();
        }
        return row;
    }
}
