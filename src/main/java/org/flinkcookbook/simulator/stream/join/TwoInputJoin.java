package org.flinkcookbook.simulator.stream.join;

import java.time.ZoneId;
import java.util.List;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.stream.RowSink;
import org.flinkcookbook.simulator.stream.join.JoinInput.Row;

/**
 * What the simulator's joins share. Flink's join operator reads its two inputs as their buffers
 * arrive, so its changelog is that of one merge of the two row sequences among all; the simulator
 * reads both inputs whole and emits, at the end of input, the rows every merge gives, or calls the
 * statement unsupported, naming two rows whose outcome depends on the merge. Rows are emitted in no
 * order Flink guarantees: only consumers that do not depend on it may read them (see the plan's
 * dispatch).
 */
public abstract sealed class TwoInputJoin permits RegularJoin, IntervalJoin {

    final JoinSpec spec;
    final EvaluationContext context;
    private final RowSink downstream;
    private final JoinInput left;
    private final JoinInput right;
    private int open = 2;

    TwoInputJoin(JoinSpec spec, String leftFixture, String rightFixture, RowSink downstream, ZoneId sessionZone) {
        this.spec = spec;
        this.downstream = downstream;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
        this.left = new JoinInput(leftFixture, this::ended);
        this.right = new JoinInput(rightFixture, this::ended);
    }

    /** The sink the left input streams into. */
    public RowSink left() {
        return left;
    }

    /** The sink the right input streams into. */
    public RowSink right() {
        return right;
    }

    private void ended() {
        if (--open == 0) {
            join(left.rows(), right.rows());
            downstream.watermark(Long.MAX_VALUE);
            downstream.endOfInput();
        }
    }

    /** Emits the joined rows of the two whole inputs, as every interleaving gives them. */
    abstract void join(List<Row> leftRows, List<Row> rightRows);

    void emit(Object[] values, int fixtureLine) {
        downstream.row(values, fixtureLine);
    }

    /** A row of an outer side padded with NULLs, or a SEMI/ANTI join's left row. */
    void emitUnmatched(Row row, boolean fromLeft) {
        Object[] values = spec.type().leftRowOnly()
                ? row.values()
                : fromLeft ? spec.joined(row.values(), null) : spec.joined(null, row.values());
        emit(values, row.fixtureLine());
    }

    /** A row named in a message: its fixture line. */
    String describe(Row row, boolean fromLeft) {
        return "line " + row.fixtureLine() + " of " + (fromLeft ? left : right).fixture();
    }

    /** @param join the join, with its article: "an interval join" */
    UnsupportedConstructException interleavingDependent(String join, String why) {
        return new UnsupportedConstructException(
                null, join + " whose rows depend on how Flink interleaves its two inputs: " + why);
    }
}
