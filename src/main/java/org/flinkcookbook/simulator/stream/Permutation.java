package org.flinkcookbook.simulator.stream;

import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.types.Values;

/**
 * Puts an operator's output columns in the order the plan's node gives them (a windowed
 * aggregation's window properties after its aggregates); -1 is a processing-time property.
 */
public final class Permutation extends ForwardingRowSink {

    private final int[] from;

    /** @param from for each output column, the operator's column it is, or -1 for a processing-time value */
    public Permutation(int[] from, RowSink downstream) {
        super(downstream);
        this.from = from.clone();
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        downstream.row(permuted(values), fixtureLine);
    }

    @Override
    public void change(RowKind kind, Object[] values, int fixtureLine) {
        downstream.change(kind, permuted(values), fixtureLine);
    }

    private Object[] permuted(Object[] values) {
        Object[] out = new Object[from.length];
        for (int i = 0; i < from.length; i++) {
            out[i] = from[i] < 0 ? Values.NONDETERMINISTIC : values[from[i]];
        }
        return out;
    }

    @Override
    public void interleavedWatermark(long watermark) {
        downstream.interleavedWatermark(watermark);
    }
}
