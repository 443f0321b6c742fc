package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.List;

/** The end of a pipeline: keeps the result rows in arrival order. */
public final class RowCollector implements RowSink {

    private final List<Object[]> rows = new ArrayList<>();

    @Override
    public void row(Object[] values, int fixtureLine) {
        rows.add(values);
    }

    @Override
    public void watermark(long watermark) {}

    @Override
    public void possibleWatermark(long watermark) {}

    @Override
    public void endOfInput() {}

    public List<Object[]> rows() {
        return rows;
    }
}
