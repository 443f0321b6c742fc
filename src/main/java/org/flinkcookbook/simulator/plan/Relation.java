package org.flinkcookbook.simulator.plan;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
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
 */
public record Relation(List<Column> columns, Producer producer, String fixture, ZoneId windowShift) {

    @FunctionalInterface
    public interface Producer {
        void run(RowSink sink);
    }

    public Relation {
        columns = List.copyOf(columns);
    }

    /** A relation without window columns of its own. */
    public Relation(List<Column> columns, Producer producer, String fixture) {
        this(columns, producer, fixture, ZoneOffset.UTC);
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
