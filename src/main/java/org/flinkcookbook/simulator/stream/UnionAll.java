package org.flinkcookbook.simulator.stream;

import java.util.Arrays;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/**
 * UNION ALL in streaming mode: Flink's union has no operator of its own, the consumer reads all
 * inputs' channels, and its watermark is the minimum of the inputs' (StatusWatermarkValve); an
 * input that ended counts as MAX_WATERMARK. The simulator streams the inputs one after the other:
 * Flink interleaves them as they arrive, so only consumers whose result does not depend on that
 * order (a projection, a filter without CURRENT_WATERMARK, the result itself) are planned over it.
 * Each input's values are cast to the union's column types.
 */
public final class UnionAll {

    private final RowSink downstream;
    private final long[] watermarks;
    private final SqlType[][] inputTypes;
    private final SqlType[] types;
    private long forwarded = Long.MIN_VALUE;
    private int open;

    /**
     * @param inputTypes each input's column types
     * @param types the union's column types
     */
    public UnionAll(SqlType[][] inputTypes, SqlType[] types, RowSink downstream) {
        this.downstream = downstream;
        this.inputTypes = inputTypes;
        this.types = types;
        this.watermarks = new long[inputTypes.length];
        Arrays.fill(watermarks, Long.MIN_VALUE);
        this.open = inputTypes.length;
    }

    /** The sink input {@code index} streams into. */
    public RowSink input(int index) {
        return new RowSink() {
            @Override
            public void row(Object[] values, int fixtureLine) {
                Object[] cast = values;
                for (int i = 0; i < types.length; i++) {
                    if (!inputTypes[index][i].equals(types[i])) {
                        if (cast == values) {
                            cast = values.clone();
                        }
                        cast[i] = Values.cast(values[i], inputTypes[index][i], types[i], null);
                    }
                }
                downstream.row(cast, fixtureLine);
            }

            @Override
            public void watermark(long watermark) {
                watermarks[index] = Math.max(watermarks[index], watermark);
                long minimum = Arrays.stream(watermarks).min().orElseThrow();
                if (minimum > forwarded) {
                    forwarded = minimum;
                    downstream.watermark(minimum);
                }
            }

            @Override
            public void possibleWatermark(long watermark) {}

            @Override
            public void endOfInput() {
                watermark(Long.MAX_VALUE);
                if (--open == 0) {
                    downstream.endOfInput();
                }
            }
        };
    }
}
