package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.List;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.trace.TimelineRecorder;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.simulator.window.WindowSpec.Window;

/**
 * What the keyed window aggregations share: their watermark progress, firing the windows it closes
 * (all of them at the end of input), and the late rows and aggregated rows they report.
 */
abstract sealed class WindowedAggregation implements RowSink, EvaluationContext
        permits WindowAggregation, SessionWindowAggregation {

    final int rowtimeIndex;
    final SqlType rowtimeType;
    final ZoneId shiftZone;
    final Expression[] keys;
    final List<AggregateCall> aggregates;
    final RowSink downstream;
    final StatementTrace trace;
    final String fixture;
    /** Records rows, watermarks and fired windows when a timeline is asked for; else null. */
    final TimelineRecorder timeline;

    private final ZoneId sessionZone;
    long currentProgress = NO_WATERMARK;
    final PossibleWatermarks possibleWatermarks = new PossibleWatermarks();
    /** The highest watermark another interleaving of a UNION ALL input could deliver before the next row. */
    long interleavedWatermark = NO_WATERMARK;
    /** Whether the input is a UNION ALL's interleaving, so that the rows this emits are interleaved too. */
    boolean interleavedInput;

    WindowedAggregation(
            int rowtimeIndex,
            SqlType rowtimeType,
            List<Expression> keys,
            List<AggregateCall> aggregates,
            RowSink downstream,
            StatementTrace trace,
            String fixture,
            ZoneId sessionZone) {
        this.rowtimeIndex = rowtimeIndex;
        this.rowtimeType = rowtimeType;
        this.shiftZone = WindowRows.shiftZone(rowtimeType, sessionZone);
        this.keys = keys.toArray(new Expression[0]);
        this.aggregates = List.copyOf(aggregates);
        this.downstream = downstream;
        this.trace = trace;
        this.fixture = fixture;
        this.sessionZone = sessionZone;
        this.timeline = trace.timeline();
        if (timeline != null) {
            timeline.claimRows(this, fixture);
        }
    }

    /** Emits the windows the watermark progress has fired; Long.MAX_VALUE, at the end of input, fires all. */
    abstract void fireUpTo(long progress);

    Accumulator[] newAccumulators() {
        return AggregateCall.newAccumulators(aggregates);
    }

    /** Records a row dropped because the window it would count in, the last if several, has fired. */
    void lateRow(Object[] values, int fixtureLine, Window window) {
        trace.lateRow(new LateRow(
                fixture,
                fixtureLine,
                Values.render(values[rowtimeIndex], rowtimeType, sessionZone),
                Values.render(currentProgress, rowtimeType, sessionZone),
                Timestamps.format(window.start(), 3),
                Timestamps.format(window.end(), 3),
                timeline == null
                        ? null
                        : new LateRow.OnTimeline(
                                Timestamps.toWallClock(Timestamps.millis(values[rowtimeIndex]), shiftZone),
                                currentProgress == NO_WATERMARK
                                        ? null
                                        : Timestamps.toWallClock(currentProgress, shiftZone),
                                window.start(),
                                window.end())));
    }

    /**
     * A row over a UNION ALL whose window may have fired before it arrives: its own input's watermark
     * before it fires the window, which Flink's consumer receives when the other inputs ended first,
     * while it receives no watermark before the row when they did not start yet. Whether the row
     * counts then depends on how Flink interleaves the inputs.
     */
    UnsupportedConstructException interleavingDependent(Object[] values, int fixtureLine, Window window) {
        return new UnsupportedConstructException(
                null,
                "a window over UNION ALL in streaming mode whose result depends on how Flink interleaves the inputs:"
                        + " the row of fixture line " + fixtureLine + " at "
                        + Values.render(values[rowtimeIndex], rowtimeType, sessionZone) + " comes after its own input's"
                        + " watermark " + Values.render(interleavedWatermark, rowtimeType, sessionZone)
                        + ", which fires its window [" + Timestamps.format(window.start(), 3) + ", "
                        + Timestamps.format(window.end(), 3) + ") when the other inputs ended first;"
                        + " it counts there only when they did not");
    }

    /** Notes a window firing on the timeline: at the end of input when the progress is MAX_WATERMARK. */
    void fired(Window window, long progress) {
        if (timeline != null) {
            timeline.fired(window.start(), window.end(), progress == Long.MAX_VALUE);
        }
    }

    /** The window_time or *_ROWTIME of the window's rows. */
    long windowTime(Window window) {
        return WindowRows.windowTime(window, rowtimeType, shiftZone);
    }

    void emit(Window window, List<Object> key, Accumulator[] accumulators) {
        if (interleavedInput) {
            // a window fires on the first watermark >= its timer, so whatever the interleaving, the watermark
            // before its rows is below that timer
            downstream.interleavedWatermark(WindowRows.timerTime(window.end(), shiftZone) - 1);
        }
        downstream.row(WindowRows.aggregated(key, window, windowTime(window), accumulators), 0);
    }

    @Override
    public void watermark(long watermark) {
        if (timeline != null && watermark != Long.MAX_VALUE) { // MAX_WATERMARK ends the input, it is no step
            timeline.watermark(this, Timestamps.toWallClock(watermark, shiftZone));
        }
        if (watermark > currentProgress) {
            currentProgress = watermark;
            fireUpTo(watermark);
        }
        possibleWatermarks.clear();
        downstream.watermark(watermark);
    }

    @Override
    public void possibleWatermark(long watermark) {
        possibleWatermarks.add(watermark);
    }

    @Override
    public void interleavedWatermark(long watermark) {
        interleavedWatermark = watermark;
        interleavedInput = true;
    }

    @Override
    public void endOfInput() {
        fireUpTo(Long.MAX_VALUE);
        downstream.endOfInput();
    }

    @Override
    public long currentWatermark() {
        return currentProgress;
    }

    @Override
    public ZoneId sessionZone() {
        return sessionZone;
    }
}
