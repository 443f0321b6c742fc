package org.flinkcookbook.simulator.stream;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * The watermarks an operator could have received instead of its last one, had the assigner's
 * processing-time timer fired at other moments ({@link RowSink#possibleWatermark}), collected since
 * the last row or watermark. A row whose outcome one of them would change is timing-dependent.
 */
final class PossibleWatermarks {

    private long[] watermarks = new long[2];
    private int size;

    void add(long watermark) {
        if (size == watermarks.length) {
            watermarks = Arrays.copyOf(watermarks, size * 2);
        }
        watermarks[size++] = watermark;
    }

    /** Whether the outcome under one of the possible watermarks differs from the outcome under the received one. */
    boolean change(boolean outcome, LongPredicate outcomeWith) {
        for (int i = 0; i < size; i++) {
            if (outcomeWith.test(watermarks[i]) != outcome) {
                return true;
            }
        }
        return false;
    }

    void clear() {
        size = 0;
    }
}
