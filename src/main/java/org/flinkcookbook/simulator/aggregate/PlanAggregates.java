package org.flinkcookbook.simulator.aggregate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;

/**
 * The aggregate calls of a plan's aggregation ExecNode (its {@code aggCalls}: the function by its
 * internal name, such as {@code $SUM$1} or {@code $SUM0$1}, the argument and filter columns,
 * distinct, the result type), as the simulator's {@link AggregateCall}s. What the planner chose
 * (SUM or $SUM0, AVG reduced to SUM / COUNT) is read, never guessed.
 */
public final class PlanAggregates {

    private PlanAggregates() {}

    /**
     * @param aggCall one element of the node's {@code aggCalls}
     * @param input the columns of the node's input row, in order
     */
    public static AggregateCall compile(JsonNode aggCall, List<Column> input) {
        throw new UnsupportedConstructException(
                SqlParserPos.ZERO, "aggregate calls of Flink's plan are not modelled yet: " + aggCall);
    }
}
