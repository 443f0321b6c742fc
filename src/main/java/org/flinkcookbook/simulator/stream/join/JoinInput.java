package org.flinkcookbook.simulator.stream.join;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.stream.RowSink;

/**
 * One input of a two-input join: keeps its rows in arrival order, each with the highest watermark
 * its own input could have delivered before it (emitted, held back by the assigner and possibly
 * emitted by its timer, or, over a UNION ALL, the union's bound for the row). Flink's join reads
 * both inputs as their buffers arrive, so any merge of the two sequences is one it may take.
 */
final class JoinInput implements RowSink {

    /** A row of the input, its fixture line, and the highest watermark of its own input before it. */
    record Row(Object[] values, int fixtureLine, long watermarkBefore) {}

    private final List<Row> rows = new ArrayList<>();
    private final String fixture;
    private final Runnable ended;
    private long highest = EvaluationContext.NO_WATERMARK;
    private long interleaved = EvaluationContext.NO_WATERMARK;

    /**
     * @param fixture the display name of the fixture the input's rows come from, for messages
     * @param ended called at the end of the input
     */
    JoinInput(String fixture, Runnable ended) {
        this.fixture = fixture;
        this.ended = ended;
    }

    List<Row> rows() {
        return rows;
    }

    String fixture() {
        return fixture;
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        rows.add(new Row(values, fixtureLine, Math.max(highest, interleaved)));
        interleaved = EvaluationContext.NO_WATERMARK;
    }

    @Override
    public void change(RowKind kind, Object[] values, int fixtureLine) {
        if (kind != RowKind.INSERT) {
            // a retraction meets the other input's rows as far as they arrived: which depends on the interleaving
            throw new UnsupportedConstructException(
                    null,
                    "a join over an updating (changelog) input (its " + kind.symbol() + " rows retract joined rows"
                            + " as far as the other input arrived, which depends on how Flink interleaves the inputs)");
        }
        row(values, fixtureLine);
    }

    @Override
    public void watermark(long watermark) {
        if (watermark != Long.MAX_VALUE) {
            highest = Math.max(highest, watermark);
        }
    }

    @Override
    public void possibleWatermark(long watermark) {
        highest = Math.max(highest, watermark);
    }

    @Override
    public void interleavedWatermark(long watermark) {
        interleaved = watermark;
    }

    @Override
    public void endOfInput() {
        ended.run();
    }
}
