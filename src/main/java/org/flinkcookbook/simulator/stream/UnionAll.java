package org.flinkcookbook.simulator.stream;

import java.util.Arrays;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/**
 * UNION ALL in streaming mode: Flink's union has no operator of its own, the consumer reads all
 * inputs' channels, and its watermark is the minimum of the inputs' (StatusWatermarkValve); an
 * input that ended counts as MAX_WATERMARK. The simulator streams the inputs one after the other,
 * one of the interleavings Flink may pick as they arrive. Before each row it tells the consumer the
 * highest watermark any interleaving could deliver before that row: the row's own input's watermark
 * so far (a held-back one included), reached when every other input ended first; the lowest is no
 * watermark at all (no other input started). Consumers whose result could depend on where between
 * the two the watermark stands make the statement unsupported.
 * Each input's values are cast to the union's column types.
 */
public final class UnionAll {

    private final RowSink downstream;
    private final long[] watermarks;
    /** Per input, the highest watermark it could have delivered so far, emitted or held back. */
    private final long[] highest;
    /** Per input that is a union itself, its bound for its next row. */
    private final long[] nestedBound;

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
        this.highest = watermarks.clone();
        this.nestedBound = watermarks.clone();
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
                downstream.interleavedWatermark(Math.max(highest[index], nestedBound[index]));
                nestedBound[index] = Long.MIN_VALUE;
                downstream.row(cast, fixtureLine);
            }

            @Override
            public void watermark(long watermark) {
                watermarks[index] = Math.max(watermarks[index], watermark);
                if (watermark != Long.MAX_VALUE) {
                    highest[index] = Math.max(highest[index], watermark);
                }
                long minimum = Arrays.stream(watermarks).min().orElseThrow();
                if (minimum > forwarded) {
                    forwarded = minimum;
                    downstream.watermark(minimum);
                }
            }

            @Override
            public void possibleWatermark(long watermark) {
                highest[index] = Math.max(highest[index], watermark);
            }

            @Override
            public void interleavedWatermark(long watermark) {
                nestedBound[index] = watermark; // a nested union's bound for its next row
            }

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
