package org.flinkcookbook.simulator.expression;

import org.flinkcookbook.simulator.types.SqlType;

/**
 * A column of a relation.
 *
 * @param name the column name, case-sensitive as in Flink
 * @param type its type
 * @param rowtime true for an event-time attribute (a WATERMARK column, window_time, *_ROWTIME)
 * @param proctime true for a processing-time attribute (a PROCTIME() computed column)
 * @param nullable whether its type is nullable as Calcite derives it, null where the simulator does not
 *     derive it (it decides which aggregation plan Flink's planner picks, {@code AggregateReduction})
 */
public record Column(String name, SqlType type, boolean rowtime, boolean proctime, Boolean nullable) {

    public Column(String name, SqlType type, boolean rowtime, boolean proctime) {
        this(name, type, rowtime, proctime, null);
    }

    public Column(String name, SqlType type, boolean rowtime) {
        this(name, type, rowtime, false);
    }
}
