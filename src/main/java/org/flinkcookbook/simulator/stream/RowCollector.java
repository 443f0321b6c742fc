package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.result.RowKind;

/** The end of a pipeline: keeps the result rows, with their kinds, in arrival order, as Flink's collect sink. */
public final class RowCollector implements RowSink {

    /** One row of the result and its kind (INSERT unless the result is a changelog). */
    public record Change(RowKind kind, Object[] values) {}

    private final List<Change> rows = new ArrayList<>();

    @Override
    public void row(Object[] values, int fixtureLine) {
        rows.add(new Change(RowKind.INSERT, values));
    }

    @Override
    public void change(RowKind kind, Object[] values, int fixtureLine) {
        rows.add(new Change(kind, values));
    }

    @Override
    public void watermark(long watermark) {}

    @Override
    public void possibleWatermark(long watermark) {}

    @Override
    public void endOfInput() {}

    public List<Change> rows() {
        return rows;
    }
}
