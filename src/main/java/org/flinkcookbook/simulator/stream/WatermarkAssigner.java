package org.flinkcookbook.simulator.stream;

/**
 * Flink's SQL watermark assigner (flink-table-runtime WatermarkAssignerOperator) for one input:
 * the current watermark starts at 0 and only grows; each row is forwarded first, then a watermark
 * is emitted if it advanced by more than {@code pipeline.auto-watermark-interval} since the last
 * emitted one (interval 0: whenever it advanced). At the end of input MAX_WATERMARK is forwarded.
 * The operator's processing-time timer may also emit the current watermark every interval; that is
 * not modelled as an emission but announced to downstream operators as a possible watermark.
 */
final class WatermarkAssigner {

    private final long interval;
    private final boolean periodicEmissionPlausible;
    private final RowSink downstream;
    // "watermark and timestamp should start from 0" (WatermarkAssignerOperator#open)
    private long currentWatermark = 0;
    private long lastEmitted = 0;

    /**
     * @param interval {@code pipeline.auto-watermark-interval} in milliseconds
     * @param periodicEmissionPlausible whether a processing-time emission can happen while a test
     *     job runs, so a held-back watermark could reach downstream operators early
     */
    WatermarkAssigner(long interval, boolean periodicEmissionPlausible, RowSink downstream) {
        this.interval = interval;
        this.periodicEmissionPlausible = periodicEmissionPlausible;
        this.downstream = downstream;
    }

    /** @param watermark the row's watermark expression value, or null when it evaluates to NULL */
    void row(Object[] values, int fixtureLine, Long watermark) {
        if (watermark != null) {
            currentWatermark = Math.max(currentWatermark, watermark);
        }
        downstream.row(values, fixtureLine);
        if (currentWatermark - lastEmitted > interval) {
            lastEmitted = currentWatermark;
            downstream.watermark(currentWatermark);
        } else if (periodicEmissionPlausible && interval > 0 && currentWatermark > lastEmitted) {
            downstream.possibleWatermark(currentWatermark);
        }
    }

    void endOfInput() {
        downstream.watermark(Long.MAX_VALUE);
        downstream.endOfInput();
    }
}
