package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.PlanExpressions;
import org.flinkcookbook.simulator.stream.RowSink;
import org.flinkcookbook.simulator.stream.join.IntervalJoin;
import org.flinkcookbook.simulator.stream.join.JoinSpec;
import org.flinkcookbook.simulator.stream.join.RegularJoin;
import org.flinkcookbook.simulator.stream.join.TwoInputJoin;
import org.flinkcookbook.simulator.types.PlanTypes;

/**
 * The join nodes of a streaming plan: {@code stream-exec-join_1} (a regular join) and
 * {@code stream-exec-interval-join_1} over event time, each read from the node's JoinSpec and run by
 * the operators of {@code simulator.stream.join}. Their rows come in an order that depends on how
 * Flink interleaves the two inputs, so only consumers that do not depend on the order may read them:
 * calcs without CURRENT_WATERMARK, the sink, and another regular join.
 */
final class JoinNodes {

    private final PlanGraph graph;
    private final IntFunction<Relation> relations;
    private final ZoneId zone;

    /** @param relations the relation of a node by id (PlanExecution#relation) */
    JoinNodes(PlanGraph graph, IntFunction<Relation> relations, ZoneId zone) {
        this.graph = graph;
        this.relations = relations;
        this.zone = zone;
    }

    /** StreamExecJoin: StreamingJoinOperator, StreamingSemiAntiJoinOperator. */
    Relation regular(int id, JsonNode node) {
        for (JsonNode state : node.path("state")) {
            if (!state.path("ttl").asText("0 ms").equals("0 ms")) {
                throw PlanExecution.notModelled(
                        node, "a join with a state TTL of " + state.path("ttl").asText());
            }
        }
        return join(
                id,
                node,
                node.path("joinSpec"),
                (spec, left, right, sink) -> new RegularJoin(spec, left.fixture(), right.fixture(), sink, zone));
    }

    /** StreamExecIntervalJoin over event time: RowTimeIntervalJoin. */
    Relation interval(int id, JsonNode node) {
        JsonNode bounds = node.path("intervalJoinSpec").path("windowBounds");
        if (!bounds.path("isEventTime").asBoolean()) {
            throw PlanExecution.notModelled(node, "a processing-time interval join (Flink joins by the wall clock)");
        }
        int leftTime = bounds.path("leftTimeIndex").asInt();
        int rightTime = bounds.path("rightTimeIndex").asInt();
        return join(
                id,
                node,
                node.path("intervalJoinSpec").path("joinSpec"),
                (spec, left, right, sink) -> new IntervalJoin(
                        spec,
                        bounds.path("leftLowerBound").asLong(),
                        bounds.path("leftUpperBound").asLong(),
                        leftTime,
                        left.columns().get(leftTime).type(),
                        rightTime,
                        right.columns().get(rightTime).type(),
                        left.fixture(),
                        right.fixture(),
                        sink,
                        zone));
    }

    @FunctionalInterface
    private interface Operator {
        TwoInputJoin create(JoinSpec spec, Relation left, Relation right, RowSink sink);
    }

    private Relation join(int id, JsonNode node, JsonNode joinSpec, Operator operator) {
        requireOrderFreeConsumers(id);
        List<Integer> inputs = graph.inputs(id);
        Relation left = relations.apply(inputs.get(0));
        Relation right = relations.apply(inputs.get(1));
        JoinSpec spec = spec(node, joinSpec, left.columns(), right.columns());
        return new Relation(
                PlanTypes.columns(node.path("outputType")),
                sink -> {
                    TwoInputJoin join = operator.create(spec, left, right, sink);
                    left.producer().run(join.left());
                    right.producer().run(join.right());
                },
                left.fixture(),
                ZoneOffset.UTC,
                true);
    }

    private static JoinSpec spec(JsonNode node, JsonNode joinSpec, List<Column> left, List<Column> right) {
        JoinSpec.Type type;
        try {
            type = JoinSpec.Type.valueOf(joinSpec.path("joinType").asText());
        } catch (IllegalArgumentException e) {
            throw PlanExecution.notModelled(
                    node, "the join type " + joinSpec.path("joinType").asText());
        }
        int[] leftKeys = indices(joinSpec.path("leftKeys"));
        int[] rightKeys = indices(joinSpec.path("rightKeys"));
        boolean[] filterNulls = new boolean[leftKeys.length];
        for (int i = 0; i < leftKeys.length; i++) {
            filterNulls[i] = joinSpec.path("filterNulls").path(i).asBoolean(true);
            if (!left.get(leftKeys[i]).type().equals(right.get(rightKeys[i]).type())) {
                // Flink keys its state by the keys' binary rows, which the simulator compares by value only for one
                // type
                throw PlanExecution.notModelled(
                        node,
                        "a join of keys of different types ("
                                + left.get(leftKeys[i]).type() + " and "
                                + right.get(rightKeys[i]).type() + ")");
            }
        }
        JsonNode condition = joinSpec.path("nonEquiCondition");
        Expression nonEqui = null;
        if (!condition.isMissingNode() && !condition.isNull()) {
            List<Column> joined = new ArrayList<>(left);
            joined.addAll(right);
            nonEqui = PlanExpressions.compile(condition, joined);
            if (nonEqui.readsWatermark()) {
                throw PlanExecution.notModelled(node, "CURRENT_WATERMARK in a join condition");
            }
        }
        return new JoinSpec(type, leftKeys, rightKeys, filterNulls, nonEqui, left.size(), right.size());
    }

    private static int[] indices(JsonNode array) {
        int[] indices = new int[array.size()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = array.get(i).asInt();
        }
        return indices;
    }

    /**
     * The join emits its rows in the order of one interleaving of its inputs, at the end of input: every
     * consumer, through calcs and exchanges, must be one whose result does not depend on the order.
     */
    private void requireOrderFreeConsumers(int id) {
        for (int consumer : graph.consumers(id)) {
            JsonNode node = graph.node(consumer);
            String type = PlanGraph.type(node);
            switch (type) {
                case "stream-exec-exchange" -> requireOrderFreeConsumers(consumer);
                case "stream-exec-calc" -> {
                    if (node.toString().contains("\"$CURRENT_WATERMARK$")) {
                        throw PlanExecution.notModelled(
                                node,
                                "CURRENT_WATERMARK over a join's rows (its watermarks depend on how Flink"
                                        + " interleaves the join's inputs)");
                    }
                    requireOrderFreeConsumers(consumer);
                }
                case "stream-exec-sink", "stream-exec-join" -> {
                    // the sink's rows compare as a multiset; a regular join's rows are the same in any order
                }
                default ->
                    throw PlanExecution.notModelled(
                            node,
                            "the plan node " + node.path("type").asText() + " over a join's rows (they come in an"
                                    + " order, and with watermarks, that depend on how Flink interleaves the join's"
                                    + " inputs)");
            }
        }
    }
}
