package org.flinkcookbook.simulator.graph;

import java.time.ZoneId;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.stream.RowSink;

/**
 * The rows an ExecNode of Flink's plan gives: its columns and how to stream them into a sink.
 *
 * @param columns the relation's columns
 * @param producer pushes the rows, watermarks and end of input into a sink
 * @param fixture the display name of the fixture the rows come from, for explanations
 * @param windowShift the time zone the window columns are wall-clock times in: the session zone
 *     for windows over a TIMESTAMP_LTZ rowtime, else UTC
 * @param interleaved whether, in streaming mode, its rows come from several inputs Flink interleaves
 *     as they arrive (UNION ALL), which only an order-insensitive consumer may read; each of its rows
 *     is preceded by {@code RowSink#interleavedWatermark}, the highest watermark any interleaving
 *     could deliver before it, which windowed aggregations check
 */
record Relation(List<Column> columns, Producer producer, String fixture, ZoneId windowShift, boolean interleaved) {

    @FunctionalInterface
    public interface Producer {
        void run(RowSink sink);
    }

    Relation {
        columns = List.copyOf(columns);
    }

    /** A relation of one input. */
    Relation(List<Column> columns, Producer producer, String fixture, ZoneId windowShift) {
        this(columns, producer, fixture, windowShift, false);
    }

    /**
     * This relation, for a consumer whose result depends on the order of rows and watermarks.
     *
     * @throws UnsupportedConstructException when it is interleaved from several inputs
     */
    Relation ordered(SqlParserPos position, String consumer) {
        if (interleaved) {
            throw new UnsupportedConstructException(
                    position,
                    consumer
                            + " over UNION ALL in streaming mode (its result depends on how Flink interleaves the inputs)");
        }
        return this;
    }

    /** Index of the first event-time attribute column, or -1. */
    int rowtimeIndex() {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).rowtime()) {
                return i;
            }
        }
        return -1;
    }

    /** The same rows, with other columns and a producer that feeds them. */
    Relation with(List<Column> newColumns, Producer newProducer) {
        return new Relation(newColumns, newProducer, fixture, windowShift, interleaved);
    }
}
