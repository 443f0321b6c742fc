package org.flinkcookbook.simulator.stream;

/**
 * An operator with event-time timers: each watermark first fires the timers it reaches, then goes
 * on; the watermarks a periodic emission could have delivered instead, collected since the last row
 * or watermark, go on too.
 */
abstract class TimerSink extends ForwardingRowSink {

    protected final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();

    protected TimerSink(RowSink downstream) {
        super(downstream);
    }

    /** Fires the timers at or below {@code watermark}, emitting what they emit. */
    protected abstract void fire(long watermark);

    @Override
    public final void watermark(long watermark) {
        fire(watermark);
        possibleWatermarks.clear();
        super.watermark(watermark);
    }

    @Override
    public final void possibleWatermark(long watermark) {
        possibleWatermarks.add(watermark);
        super.possibleWatermark(watermark);
    }
}
