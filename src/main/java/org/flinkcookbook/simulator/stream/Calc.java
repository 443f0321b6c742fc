package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.List;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.WatermarkCheck;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.trace.TimelineRecorder;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Flink's Calc operator: filters and projects rows. CURRENT_WATERMARK inside it reads the last
 * watermark this operator received (TableStreamOperator#currentWatermark), NULL before the first.
 */
public final class Calc implements RowSink, EvaluationContext {

    private final Expression filter;
    private final Expression[] projections;
    private final RowSink downstream;
    private final ZoneId sessionZone;
    private final WatermarkFilterTrace filterTrace;
    /** Records this filter's rows and watermarks when a timeline is asked for; else null. */
    private final TimelineRecorder timeline;

    private final ZoneId shiftZone;
    private long currentWatermark = NO_WATERMARK;
    private final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();

    /**
     * Traces a filter that reads CURRENT_WATERMARK.
     *
     * @param fixture the fixture's display name
     * @param rowtimeIndex the input column whose value is shown as the row's event time
     * @param rowtimeType its type
     */
    public record WatermarkFilterTrace(StatementTrace trace, String fixture, int rowtimeIndex, SqlType rowtimeType) {}

    /**
     * @param filter the WHERE condition, or null
     * @param projections the output columns, or null to pass rows unchanged
     * @param filterTrace records rows checked against CURRENT_WATERMARK, or null
     */
    public Calc(
            Expression filter,
            List<Expression> projections,
            RowSink downstream,
            ZoneId sessionZone,
            WatermarkFilterTrace filterTrace) {
        this.filter = filter;
        this.projections = projections == null ? null : projections.toArray(new Expression[0]);
        this.downstream = downstream;
        this.sessionZone = sessionZone;
        this.filterTrace = filter != null && filter.readsWatermark() ? filterTrace : null;
        this.timeline =
                this.filterTrace == null ? null : this.filterTrace.trace().timeline();
        this.shiftZone =
                this.filterTrace == null ? null : WindowRows.shiftZone(this.filterTrace.rowtimeType(), sessionZone);
        if (timeline != null) {
            timeline.claimRows(this, this.filterTrace.fixture());
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        change(RowKind.INSERT, values, fixtureLine);
    }

    /** Filters and projects each change alone, keeping its kind, as Flink's Calc does on a changelog. */
    @Override
    public void change(RowKind kind, Object[] values, int fixtureLine) {
        if (filter != null && !passes(values, fixtureLine)) {
            return;
        }
        if (projections == null) {
            downstream.change(kind, values, fixtureLine);
            return;
        }
        Object[] projected = new Object[projections.length];
        for (int i = 0; i < projections.length; i++) {
            try {
                projected[i] = projections[i].evaluate(values, this);
            } catch (Values.NondeterministicOperandException e) {
                projected[i] = Values.NONDETERMINISTIC;
            }
        }
        downstream.change(kind, projected, fixtureLine);
    }

    private boolean passes(Object[] values, int fixtureLine) {
        boolean passed;
        try {
            passed = filter.isTrue(values, this);
        } catch (Values.NondeterministicOperandException e) {
            throw new UnsupportedConstructException(null, "a condition on a value computed from processing time");
        }
        if (filterTrace != null) {
            StatementTrace trace = filterTrace.trace();
            String watermark = currentWatermark == NO_WATERMARK
                    ? null
                    : Values.render(currentWatermark, filterTrace.rowtimeType(), sessionZone);
            String eventTime =
                    Values.render(values[filterTrace.rowtimeIndex()], filterTrace.rowtimeType(), sessionZone);
            trace.watermarkCheck(new WatermarkCheck(filterTrace.fixture(), fixtureLine, eventTime, watermark, passed));
            if (timeline != null && values[filterTrace.rowtimeIndex()] != null) {
                long wallClock =
                        Timestamps.toWallClock(Timestamps.millis(values[filterTrace.rowtimeIndex()]), shiftZone);
                timeline.row(this, fixtureLine, wallClock);
                if (!passed) {
                    timeline.filtered(
                            fixtureLine,
                            wallClock,
                            currentWatermark == NO_WATERMARK
                                    ? null
                                    : Timestamps.toWallClock(currentWatermark, shiftZone));
                }
            }
            if (possibleWatermarks.change(passed, possible -> passedWith(possible, values))) {
                trace.timingDependent(filterTrace.fixture(), fixtureLine);
            }
        }
        possibleWatermarks.clear();
        return passed;
    }

    /** The filter's outcome had the given watermark been received instead. */
    private boolean passedWith(long watermark, Object[] values) {
        long actual = currentWatermark;
        currentWatermark = watermark;
        try {
            return filter.isTrue(values, this);
        } finally {
            currentWatermark = actual;
        }
    }

    @Override
    public void watermark(long watermark) {
        currentWatermark = watermark;
        possibleWatermarks.clear();
        if (timeline != null && watermark != Long.MAX_VALUE) { // MAX_WATERMARK ends the input, it is no step
            timeline.watermark(this, Timestamps.toWallClock(watermark, shiftZone));
        }
        downstream.watermark(watermark);
    }

    @Override
    public void possibleWatermark(long watermark) {
        possibleWatermarks.add(watermark);
        downstream.possibleWatermark(watermark);
    }

    @Override
    public void interleavedWatermark(long watermark) {
        downstream.interleavedWatermark(watermark);
    }

    @Override
    public void endOfInput() {
        downstream.endOfInput();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark;
    }

    @Override
    public ZoneId sessionZone() {
        return sessionZone;
    }
}
