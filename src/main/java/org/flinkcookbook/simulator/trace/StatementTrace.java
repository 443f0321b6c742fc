package org.flinkcookbook.simulator.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.WatermarkCheck;

/**
 * What happened to the input rows of one result: late rows dropped by windowed operators, rows
 * checked against CURRENT_WATERMARK, and rows whose fate Flink would decide by processing time.
 */
public final class StatementTrace {

    private boolean windowed;
    private long lateRowsDropped;
    private final List<LateRow> lateRows = new ArrayList<>();
    private final List<WatermarkCheck> watermarkChecks = new ArrayList<>();
    private final TreeSet<String> timingDependentRows = new TreeSet<>();

    /** A windowed aggregation takes part, so the result has a late-row count. */
    public void windowedAggregation() {
        windowed = true;
    }

    public void lateRow(LateRow row) {
        lateRowsDropped++;
        lateRows.add(row);
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

    public RowExplanations explanations() {
        return new RowExplanations(lateRows, watermarkChecks);
    }

    /** Fixture rows, as {@code file:line}, whose fate depends on when periodic watermarks fire. */
    public List<String> timingDependentRows() {
        return List.copyOf(timingDependentRows);
    }
}
