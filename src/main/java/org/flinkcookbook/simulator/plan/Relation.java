package org.flinkcookbook.simulator.plan;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.stream.RowSink;

/**
 * A planned relation: its columns and how to stream its rows into a sink.
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
public record Relation(
        List<Column> columns, Producer producer, String fixture, ZoneId windowShift, boolean interleaved) {

    @FunctionalInterface
    public interface Producer {
        void run(RowSink sink);
    }

    public Relation {
        columns = List.copyOf(columns);
    }

    /** A relation of one input. */
    public Relation(List<Column> columns, Producer producer, String fixture, ZoneId windowShift) {
        this(columns, producer, fixture, windowShift, false);
    }

    /** A relation of one input without window columns of its own. */
    public Relation(List<Column> columns, Producer producer, String fixture) {
        this(columns, producer, fixture, ZoneOffset.UTC);
    }

    /**
     * This relation, for a consumer whose result depends on the order of rows and watermarks.
     *
     * @throws UnsupportedConstructException when it is interleaved from several inputs
     */
    public Relation ordered(SqlParserPos position, String consumer) {
        if (interleaved) {
            throw new UnsupportedConstructException(
                    position,
                    consumer
                            + " over UNION ALL in streaming mode (its result depends on how Flink interleaves the inputs)");
        }
        return this;
    }

    /** Index of the first event-time attribute column, or -1. */
    public int rowtimeIndex() {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).rowtime()) {
                return i;
            }
        }
        return -1;
    }
}
