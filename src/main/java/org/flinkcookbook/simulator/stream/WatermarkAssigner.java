package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.Arrays;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Flink's SQL watermark assigner (flink-table-runtime WatermarkAssignerOperator) for one input:
 * the current watermark starts at 0 and only grows; each row is forwarded first, then a watermark
 * is emitted if it advanced by more than {@code pipeline.auto-watermark-interval} since the last
 * emitted one (interval 0: whenever it advanced). At the end of input MAX_WATERMARK is forwarded.
 *
 * <p>The operator's processing-time timer also emits the current watermark every interval
 * ({@code onProcessingTime}), between any two rows when the task falls behind. That is not
 * modelled as an emission: the deterministic run assumes the timer never fires during the input.
 * But such an emission also moves the operator's last emitted watermark, and with it whether a
 * later advance exceeds the interval and is emitted with its row; so the assigner follows every
 * last emitted watermark the timer could have left, and announces to downstream operators, before
 * each row, every watermark they could have received instead.
 */
public final class WatermarkAssigner implements RowSink {

    private final Expression expression;
    private final int rowtimeIndex;
    private final String fixture;
    private final EvaluationContext context;

    private final long interval;
    private final boolean periodicEmissionPlausible;
    private final RowSink downstream;
    // "watermark and timestamp should start from 0" (WatermarkAssignerOperator#open)
    private long currentWatermark = 0;
    private long lastEmitted = 0;
    /**
     * Every last emitted watermark some timing of the timer gives, lastEmitted among them, each once
     * (the first {@code timings}); a few at most, all within one interval of the current watermark.
     */
    private long[] lastEmittedByTiming = {0};

    private int timings;

    /**
     * @param expression the plan's watermark expression over the input row
     * @param rowtimeIndex the rowtime column's position in the row
     * @param interval {@code pipeline.auto-watermark-interval} in milliseconds
     * @param periodicEmissionPlausible whether a processing-time emission can happen while a test
     *     job runs, so a held-back watermark could reach downstream operators early
     * @param fixture the fixture's display name, for the error on a NULL rowtime
     */
    public WatermarkAssigner(
            Expression expression,
            int rowtimeIndex,
            long interval,
            boolean periodicEmissionPlausible,
            String fixture,
            ZoneId sessionZone,
            RowSink downstream) {
        this.expression = expression;
        this.rowtimeIndex = rowtimeIndex;
        this.fixture = fixture;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
        this.interval = interval;
        this.periodicEmissionPlausible = periodicEmissionPlausible && interval > 0;
        this.downstream = downstream;
        timings = this.periodicEmissionPlausible ? 1 : 0;
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        if (values[rowtimeIndex] == null) {
            // WatermarkAssignerOperator#processElement fails the job on a NULL rowtime
            throw new SimulationException(
                    null,
                    fixture + ":" + fixtureLine
                            + ": RowTime field should not be null, please convert it to a non-null long value.");
        }
        Object value = expression.evaluate(values, context);
        if (values[rowtimeIndex] == Values.NONDETERMINISTIC || value == Values.NONDETERMINISTIC) {
            throw new UnsupportedConstructException(
                    null,
                    "a rowtime or watermark computed from the wall clock or random values: its watermarks and windows"
                            + " differ from run to run");
        }
        Long watermark = value == null ? null : Timestamps.millis(value);
        if (periodicEmissionPlausible) {
            // the timer may have fired since the last row: it emits the current watermark when it advanced
            addTiming(currentWatermark);
        }
        if (watermark != null) {
            currentWatermark = Math.max(currentWatermark, watermark);
        }
        downstream.row(values, fixtureLine);
        if (currentWatermark - lastEmitted > interval) {
            lastEmitted = currentWatermark;
            downstream.watermark(currentWatermark);
        }
        if (periodicEmissionPlausible) {
            announceOtherTimings();
        }
    }

    /**
     * After a row, every timing's last emitted watermark follows the eager emission rule; before the
     * next row the timer may also have emitted the current one. Each that is not the deterministic
     * run's is a watermark downstream operators could hold when the next row reaches them.
     */
    private void announceOtherTimings() {
        int before = timings;
        timings = 0;
        for (int i = 0; i < before; i++) {
            long emitted = lastEmittedByTiming[i];
            addTiming(currentWatermark - emitted > interval ? currentWatermark : emitted);
        }
        boolean currentAmongThem = false;
        for (int i = 0; i < timings; i++) {
            long possible = lastEmittedByTiming[i];
            currentAmongThem |= possible == currentWatermark;
            if (possible != lastEmitted) {
                downstream.possibleWatermark(possible);
            }
        }
        if (!currentAmongThem && currentWatermark != lastEmitted) {
            downstream.possibleWatermark(currentWatermark);
        }
    }

    /** Adds a last emitted watermark unless some timing gives it already (writes at or before what it reads). */
    private void addTiming(long emitted) {
        for (int i = 0; i < timings; i++) {
            if (lastEmittedByTiming[i] == emitted) {
                return;
            }
        }
        if (timings == lastEmittedByTiming.length) {
            lastEmittedByTiming = Arrays.copyOf(lastEmittedByTiming, timings * 2);
        }
        lastEmittedByTiming[timings++] = emitted;
    }

    /** A source emits no watermarks of its own: the assigner's are the only ones. */
    @Override
    public void watermark(long watermark) {}

    @Override
    public void possibleWatermark(long watermark) {}

    @Override
    public void endOfInput() {
        downstream.watermark(Long.MAX_VALUE);
        downstream.endOfInput();
    }
}
