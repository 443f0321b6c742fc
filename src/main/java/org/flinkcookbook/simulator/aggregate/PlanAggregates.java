package org.flinkcookbook.simulator.aggregate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Function;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.PlanExpressions;
import org.flinkcookbook.simulator.types.PlanTypes;
import org.flinkcookbook.simulator.types.SqlType;

/**
 * The aggregate calls of a plan's aggregation ExecNode (its {@code aggCalls}, as AggregateCallJsonSerializer writes
 * them: the function by its internal name, such as {@code $SUM$1} or {@code $$SUM0$1}, the argument and filter columns,
 * distinct, the result type), as the simulator's {@link AggregateCall}s. What the planner chose (SUM or $SUM0, AVG
 * kept or reduced to SUM / COUNT before the node) is read, never guessed: {@code $SUM$1} is Flink's SumAggFunction,
 * which starts from NULL, {@code $$SUM0$1} (the function {@code $SUM0}) its Sum0AggFunction, which starts from 0, {@code $AVG$1} its
 * AvgAggFunction; $WELFORD_M2, FIRST_VALUE, LAST_VALUE and LISTAGG are {@link RuntimeAggregates}. A call whose result
 * type is not the one the simulator computes is unsupported, as is every other function, an approximate call and a call
 * with more arguments than the function's (LISTAGG's separator is its second).
 */
public final class PlanAggregates {

    private PlanAggregates() {}

    /**
     * @param aggCall one element of the node's {@code aggCalls}
     * @param input the columns of the node's input row, in order
     */
    public static AggregateCall compile(JsonNode aggCall, List<Column> input) {
        String internalName = aggCall.path("internalName").asText();
        Function function = switch (internalName) {
            case "$COUNT$1" -> Function.COUNT;
            case "$SUM$1" -> Function.SUM;
            case "$$SUM0$1" -> Function.SUM0; // the function $SUM0, framed
            case "$AVG$1" -> Function.AVG;
            case "$MIN$1" -> Function.MIN;
            case "$MAX$1" -> Function.MAX;
            case "$$WELFORD_M2$1$1" -> Function.WELFORD_M2; // the function $WELFORD_M2$1, framed
            case "$FIRST_VALUE$1" -> Function.FIRST_VALUE;
            case "$LAST_VALUE$1" -> Function.LAST_VALUE;
            case "$LISTAGG$1" -> Function.LISTAGG;
            default -> throw unsupported("the aggregate function " + name(aggCall));
        };
        if (aggCall.path("approximate").asBoolean(false)) {
            throw unsupported("the approximate aggregate " + name(aggCall));
        }
        JsonNode arguments = aggCall.path("argList");
        int allowed = function == Function.LISTAGG ? 2 : 1;
        if (arguments.size() > allowed || (arguments.isEmpty() && function != Function.COUNT)) {
            throw unsupported(name(aggCall) + " of " + arguments.size() + " arguments");
        }
        Expression argument =
                arguments.isEmpty() ? null : column(arguments.get(0).asInt(), input);
        int filterArg = aggCall.path("filterArg").asInt(-1);
        Expression filter = filterArg < 0 ? null : column(filterArg, input);
        if (filter != null && filter.type().root() != SqlType.Root.BOOLEAN) {
            throw unsupported("an aggregate filter of " + filter.type());
        }
        Expression separator = arguments.size() > 1 ? column(arguments.get(1).asInt(), input) : null;
        AggregateCall call = new AggregateCall(
                function, aggCall.path("distinct").asBoolean(false), argument, filter, separator, false);
        if (!call.supported()) {
            throw unsupported(name(aggCall) + " of " + argument.type());
        }
        SqlType planned = PlanTypes.of(aggCall.path("type"));
        if (!call.resultType().equals(planned)) {
            throw unsupported(name(aggCall) + " of " + argument.type() + " typed " + planned + " by Flink's planner");
        }
        return call;
    }

    private static Expression column(int index, List<Column> input) {
        if (index < 0 || index >= input.size()) {
            throw unsupported("an aggregate argument at field " + index + " of " + input.size());
        }
        return Expression.column(index, input.get(index).type());
    }

    /** The function as its internal name reads ({@code $LISTAGG$1} as LISTAGG), else the call's name. */
    private static String name(JsonNode aggCall) {
        JsonNode internalName = aggCall.path("internalName");
        return internalName.isTextual()
                ? PlanExpressions.withoutFrame(internalName.asText())
                : aggCall.path("systemName").asText(aggCall.path("name").asText("?"));
    }

    private static UnsupportedConstructException unsupported(String construct) {
        return new UnsupportedConstructException(SqlParserPos.ZERO, construct);
    }
}
