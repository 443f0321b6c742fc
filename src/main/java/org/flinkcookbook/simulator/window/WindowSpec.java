package org.flinkcookbook.simulator.window;

import java.util.ArrayList;
import java.util.List;

/**
 * A window assignment in wall-clock milliseconds: which windows [start, end) contain a timestamp,
 * following Flink's SliceAssigners (window TVFs) and group-window assigners (GROUP BY TUMBLE/HOP),
 * which agree on the windows themselves.
 *
 * @param kind TUMBLE, HOP or CUMULATE
 * @param size the window size (CUMULATE: the max size)
 * @param step HOP: the slide; CUMULATE: the step; TUMBLE: the size
 * @param offset the window offset (TVF OFFSET argument), 0 by default
 */
public record WindowSpec(Kind kind, long size, long step, long offset) {

    public enum Kind {
        TUMBLE,
        HOP,
        CUMULATE
    }

    /** One window: [start, end). */
    public record Window(long start, long end) {}

    public static WindowSpec tumble(long size, long offset) {
        return new WindowSpec(Kind.TUMBLE, size, size, offset);
    }

    public static WindowSpec hop(long size, long slide, long offset) {
        return new WindowSpec(Kind.HOP, size, slide, offset);
    }

    public static WindowSpec cumulate(long maxSize, long step, long offset) {
        return new WindowSpec(Kind.CUMULATE, maxSize, step, offset);
    }

    /** The windows containing a wall-clock timestamp, in ascending order of their end. */
    public List<Window> windowsOf(long timestamp) {
        List<Window> windows = new ArrayList<>(kind == Kind.TUMBLE ? 1 : (int) Math.min(64, size / step + 1));
        switch (kind) {
            case TUMBLE: {
                long start = windowStart(timestamp, size);
                windows.add(new Window(start, start + size));
                break;
            }
            case HOP: {
                // SlidingWindowAssigner#assignWindows: every start from the last slide start back while start > ts -
                // size
                long lastStart = windowStart(timestamp, step);
                for (long start = lastStart - ((size - 1) / step) * step; start <= lastStart; start += step) {
                    if (start > timestamp - size) {
                        windows.add(new Window(start, start + size));
                    }
                }
                break;
            }
            default: {
                // CumulativeWindowAssigner: [cycleStart, cycleStart + k * step) for every end after ts
                long cycleStart = windowStart(timestamp, size);
                for (long end = windowStart(timestamp, step) + step; end <= cycleStart + size; end += step) {
                    windows.add(new Window(cycleStart, end));
                }
            }
        }
        return windows;
    }

    /**
     * The length of the slices (window TVFs) or panes (group windows) Flink keeps state in: the
     * window for TUMBLE, gcd(size, slide) for HOP, the step for CUMULATE.
     */
    public long sliceSize() {
        return switch (kind) {
            case TUMBLE -> size;
            case HOP -> gcd(size, step);
            case CUMULATE -> step;
        };
    }

    /** The end of the slice a wall-clock timestamp falls in (SliceAssigner#assignSliceEnd). */
    public long sliceEnd(long timestamp) {
        return windowStart(timestamp, sliceSize()) + sliceSize();
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** TimeWindow#getWindowStartWithOffset. */
    private long windowStart(long timestamp, long length) {
        long remainder = (timestamp - offset) % length;
        return remainder < 0 ? timestamp - (remainder + length) : timestamp - remainder;
    }
}
