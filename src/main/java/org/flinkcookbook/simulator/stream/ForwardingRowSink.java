package org.flinkcookbook.simulator.stream;

/**
 * An operator that changes rows but passes watermarks and the end of input on as they come, as a
 * Flink operator without timers forwards them. An interleaved watermark is not passed on unless a
 * subclass says so: only operators the planner lets read a union's rows receive it.
 */
public abstract class ForwardingRowSink implements RowSink {

    /** Null until {@link #into} when the next operator is built after this one. */
    protected RowSink downstream;

    protected ForwardingRowSink(RowSink downstream) {
        this.downstream = downstream;
    }

    /** Sends this operator's output to {@code sink}; returns this operator. */
    public ForwardingRowSink into(RowSink sink) {
        downstream = sink;
        return this;
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
    public void endOfInput() {
        downstream.endOfInput();
    }
}
