package org.flinkcookbook.simulator.trace;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.WatermarkCheck;

/**
 * What happened to the input rows of one result: late rows dropped by windowed operators, rows
 * checked against CURRENT_WATERMARK, and rows whose fate Flink would decide by processing time.
 */
public final class StatementTrace {

    private boolean windowed;
    private boolean updating;
    private long lateRowsDropped;
    private final List<LateRow> lateRows = new ArrayList<>();
    private final List<WatermarkCheck> watermarkChecks = new ArrayList<>();
    private final TreeSet<String> timingDependentRows = new TreeSet<>();
    private final TimelineRecorder timeline;

    /** A trace without a timeline. */
    public StatementTrace() {
        this(false);
    }

    /** @param recordTimeline whether windowed and CURRENT_WATERMARK operators record a timeline (costs time on big fixtures) */
    public StatementTrace(boolean recordTimeline) {
        timeline = recordTimeline ? new TimelineRecorder() : null;
    }

    /** Where operators record the timeline, or null when none is asked for. */
    public TimelineRecorder timeline() {
        return timeline;
    }

    /** A windowed aggregation takes part, so the result has a late-row count. */
    public void windowedAggregation() {
        windowed = true;
    }

    /** A regular streaming aggregation takes part, so the result is a changelog. */
    public void updatingResult() {
        updating = true;
    }

    /** Whether the result is a changelog of updates, not only inserts. */
    public boolean updating() {
        return updating;
    }

    /** A row a windowed operator dropped as late; on the timeline too when its operator placed it there. */
    public void lateRow(LateRow row) {
        lateRowsDropped++;
        lateRows.add(row);
        if (timeline != null && row.at() != null) {
            timeline.late(row);
        }
    }

    public void watermarkCheck(WatermarkCheck check) {
        watermarkChecks.add(check);
    }

    /** A periodic (processing-time) watermark emission before this row would change its fate. */
    public void timingDependent(String fixture, int fixtureLine) {
        timingDependentRows.add(fixture + ":" + fixtureLine);
    }

    /** Flink's numLateRecordsDropped for the statement: null without a windowed aggregation. */
    public Long lateRowsDropped() {
        return windowed ? lateRowsDropped : null;
    }

    /**
     * What became of the rows; a timeline when one was recorded and an operator took part.
     *
     * @param timeZone the session time zone, asked for only when there is a timeline (a DESCRIBE does not
     *     read it, so an invalid one is no error there)
     */
    public RowExplanations explanations(Supplier<ZoneId> timeZone, long watermarkIntervalMillis) {
        boolean traced = timeline != null && (windowed || !watermarkChecks.isEmpty());
        return new RowExplanations(
                lateRows, watermarkChecks, traced ? timeline.timeline(timeZone.get(), watermarkIntervalMillis) : null);
    }

    /** Fixture rows, as {@code file:line}, whose fate depends on when periodic watermarks fire. */
    public List<String> timingDependentRows() {
        return List.copyOf(timingDependentRows);
    }
}
