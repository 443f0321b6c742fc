package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.PlanAggregates;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.PlanExpressions;
import org.flinkcookbook.simulator.stream.BoundedOverAggregation;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.PlanTypes;

/**
 * {@code stream-exec-over-aggregate_1} with a bounded PRECEDING frame to CURRENT ROW, read as
 * StreamExecOverAggregate#createBoundedOverProcessFunction reads it: the frame's offset is a constant
 * of the node, Flink's precedingOffset is that offset (plus one row for ROWS).
 */
final class BoundedOverNode {

    private BoundedOverNode() {}

    /** Whether the node's one window group has a bounded PRECEDING lower bound and ends at the current row. */
    static boolean applies(JsonNode group) {
        JsonNode lower = group.path("lowerBound");
        return lower.path("kind").asText().equals("BOUNDED_WINDOW")
                && lower.path("isPreceding").asBoolean()
                && group.path("upperBound").path("kind").asText().equals("CURRENT_ROW");
    }

    static Relation relation(JsonNode node, JsonNode group, Relation input, StatementTrace trace, ZoneId zone) {
        JsonNode order = group.path("orderBy").path("fields");
        List<Column> columns = input.columns();
        if (order.size() != 1
                || !order.get(0).path("isAscending").asBoolean()
                || !columns.get(order.get(0).path("index").asInt()).rowtime()) {
            throw PlanExecution.notModelled(
                    node,
                    "a bounded OVER frame ordered by anything but one rowtime ascending (processing time is the wall clock)");
        }
        int rowtime = order.get(0).path("index").asInt();
        JsonNode bound = group.path("lowerBound").path("offset");
        int constant = bound.path("inputIndex").asInt(-1)
                - node.path("overSpec").path("originalInputFields").asInt();
        JsonNode constants = node.path("overSpec").path("constants");
        if (!bound.path("kind").asText().equals("INPUT_REF") || constant < 0 || constant >= constants.size()) {
            throw PlanExecution.notModelled(node, "a bounded OVER frame whose offset is no constant");
        }
        Object value = PlanExpressions.compile(constants.get(constant), List.of())
                .evaluate(new Object[0], EvaluationContext.withoutWatermark(zone));
        if (!(value instanceof Number number)) {
            throw PlanExecution.notModelled(node, "a bounded OVER frame offset of " + value);
        }
        boolean rows = group.path("isRows").asBoolean();
        long offset = number.longValue() + (rows ? 1 : 0);
        List<AggregateCall> calls = new ArrayList<>();
        for (JsonNode call : group.path("aggCalls")) {
            for (JsonNode argument : call.path("argList")) {
                if (argument.asInt() >= columns.size()) {
                    throw PlanExecution.notModelled(node, "an OVER aggregate of a constant");
                }
            }
            calls.add(PlanAggregates.compile(call, columns));
        }
        BoundedOverAggregation.requireFrameIndependent(calls);
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new BoundedOverAggregation(
                                PlanExecution.columns(
                                        node.path("overSpec").path("partition").path("fields"), input),
                                rowtime,
                                columns.get(rowtime).type(),
                                rows,
                                offset,
                                calls,
                                sink,
                                trace,
                                input.fixture(),
                                zone)));
    }
}
