package org.flinkcookbook.simulator.stream;

import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * Receives a stream in arrival order, as a chained Flink operator does: rows, watermarks, and the
 * end of the bounded input (after which Flink has sent the final MAX_WATERMARK).
 */
public interface RowSink {

    /**
     * @param values the row's values, typed as {@link org.flinkcookbook.simulator.types.SqlType} describes
     * @param fixtureLine the fixture line the row was read from, for explanations
     */
    void row(Object[] values, int fixtureLine);

    /**
     * A row of an updating result (GroupAggregation's changelog) with its kind. An operator that does
     * not override this takes inserts as rows and refuses the other kinds as a construct the simulator
     * does not model.
     */
    default void change(RowKind kind, Object[] values, int fixtureLine) {
        if (kind != RowKind.INSERT) {
            throw new UnsupportedConstructException(
                    null, "an updating (changelog) input to " + getClass().getSimpleName());
        }
        row(values, fixtureLine);
    }

    void watermark(long watermark);

    /**
     * The watermark assigner holds back a watermark that a periodic, processing-time emission could
     * deliver before the next row. Operators whose outcome it would change report the row as
     * timing-dependent; the deterministic outcome assumes no periodic emission.
     */
    void possibleWatermark(long watermark);

    /**
     * Before each row of a streaming UNION ALL: the highest watermark that could reach this operator
     * before that row under some interleaving of the union's inputs (Flink interleaves them as they
     * arrive). Operators over a union whose outcome it would change make the statement unsupported;
     * operators that pass rows on unchanged pass it on. Only operators the planner lets read an
     * interleaved relation receive it.
     */
    default void interleavedWatermark(long watermark) {}

    void endOfInput();
}
