package org.flinkcookbook.simulator.trace;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.Timeline;
import org.flinkcookbook.result.Timeline.FiredWindow;
import org.flinkcookbook.result.Timeline.Mark;
import org.flinkcookbook.result.Timeline.Point;

/**
 * Records a result's timeline while the simulator runs it, only when a report asks for one. The
 * operator that meets the input first (the most upstream one of the statement that claims it) records
 * the rows and the watermarks it receives; windowed operators add the windows they fire and the rows
 * they drop (through {@link StatementTrace#lateRow}, which records each late row once), CURRENT_WATERMARK
 * filters the rows they remove.
 *
 * <p>Memory and time stay bounded on big fixtures: rows and watermark steps are kept in arrays that,
 * once full, keep every other entry and from then on take every second one (so they hold an even
 * sample, enough to draw a density); late and filtered rows are all kept.
 */
public final class TimelineRecorder {

    static final int MAX_POINTS = 1 << 15;
    static final int MAX_WINDOWS = 4096;

    private String fixture;
    private Object rowOwner;
    private int lastLine;
    private long rowCount;
    private final Samples rows = new Samples();
    private final Samples watermarks = new Samples();
    private long lastWatermark = Long.MIN_VALUE;
    private long newestEventTime = Long.MIN_VALUE;
    private long smallestDelay = Long.MAX_VALUE;
    private long windowCount;
    private final List<FiredWindow> windows = new ArrayList<>();
    private final List<LateRow> lateRows = new ArrayList<>();
    private final List<Mark> filteredRows = new ArrayList<>();

    /**
     * Makes {@code operator} the one whose rows and watermarks are recorded. Operators are built
     * from the sink up, so the last to claim is the first to meet the input.
     */
    public void claimRows(Object operator, String fixtureName) {
        rowOwner = operator;
        fixture = fixtureName;
    }

    /** @param eventTime wall-clock milliseconds in the session time zone */
    public void row(Object operator, int line, long eventTime) {
        if (operator != rowOwner) {
            return;
        }
        lastLine = line;
        rowCount++;
        newestEventTime = Math.max(newestEventTime, eventTime);
        rows.offer(line, eventTime);
    }

    /** A watermark the recording operator received, as wall-clock milliseconds in the session time zone. */
    public void watermark(Object operator, long wallClockWatermark) {
        if (operator != rowOwner || wallClockWatermark <= lastWatermark) {
            return;
        }
        lastWatermark = wallClockWatermark;
        if (newestEventTime != Long.MIN_VALUE) {
            smallestDelay = Math.min(smallestDelay, newestEventTime - wallClockWatermark);
        }
        watermarks.offer(lastLine, wallClockWatermark);
    }

    public void fired(long start, long end, boolean endOfInput) {
        windowCount++;
        if (windows.size() < MAX_WINDOWS) {
            windows.add(new FiredWindow(start, end, lastLine, endOfInput));
        }
    }

    /** A late row its operator placed on the timeline. */
    void late(LateRow row) {
        lateRows.add(row);
    }

    public void filtered(int line, long eventTime, Long watermark) {
        filteredRows.add(new Mark(line, eventTime, watermark));
    }

    public Timeline timeline(ZoneId timeZone, long watermarkIntervalMillis) {
        String zone = ZoneOffset.UTC.equals(timeZone) ? "UTC" : timeZone.getId(); // Flink's default, as users write it
        Long delay = smallestDelay == Long.MAX_VALUE ? null : smallestDelay;
        return new Timeline(
                fixture,
                zone,
                watermarkIntervalMillis,
                delay,
                rowCount,
                rows.stride,
                rows.points(),
                watermarks.points(),
                windowCount,
                windows,
                lateRows,
                filteredRows);
    }

    /** Every stride-th offered point, the stride doubling whenever the arrays fill up. */
    private static final class Samples {
        private int[] lines = new int[256];
        private long[] times = new long[256];
        private int size;
        private int stride = 1;
        private int skipped;

        void offer(int line, long time) {
            if (++skipped < stride) {
                return;
            }
            skipped = 0;
            if (size == lines.length) {
                if (size == MAX_POINTS) {
                    for (int i = 0; i < size / 2; i++) {
                        lines[i] = lines[2 * i + 1];
                        times[i] = times[2 * i + 1];
                    }
                    size /= 2;
                    stride *= 2;
                    skipped = stride / 2;
                    return; // this point is the one the new stride would have skipped next
                }
                lines = Arrays.copyOf(lines, size * 2);
                times = Arrays.copyOf(times, size * 2);
            }
            lines[size] = line;
            times[size] = time;
            size++;
        }

        List<Point> points() {
            List<Point> points = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                points.add(new Point(lines[i], times[i]));
            }
            return points;
        }
    }
}
