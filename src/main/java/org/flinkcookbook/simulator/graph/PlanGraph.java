package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * Flink's JSON compiled plan as a graph: its ExecNodes by id, each with its inputs in order, and
 * its sink nodes in the order of the statements they write.
 */
final class PlanGraph {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<Integer, JsonNode> nodes = new HashMap<>();
    private final Map<Integer, List<Integer>> inputs = new HashMap<>();
    private final List<Integer> sinks = new ArrayList<>();

    PlanGraph(String json) {
        JsonNode plan;
        try {
            plan = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Flink's compiled plan is no JSON: " + e.getMessage(), e);
        }
        for (JsonNode node : plan.path("nodes")) {
            int id = node.path("id").asInt();
            nodes.put(id, node);
            inputs.put(id, new ArrayList<>());
            if (type(node).endsWith("-sink")) {
                sinks.add(id);
            }
        }
        for (JsonNode edge : plan.path("edges")) {
            inputs.get(edge.path("target").asInt()).add(edge.path("source").asInt());
        }
    }

    JsonNode node(int id) {
        return nodes.get(id);
    }

    List<Integer> inputs(int id) {
        return inputs.get(id);
    }

    /** The nodes that read node {@code id}. */
    List<Integer> consumers(int id) {
        List<Integer> consumers = new ArrayList<>();
        inputs.forEach((node, in) -> {
            if (in.contains(id)) {
                consumers.add(node);
            }
        });
        return consumers;
    }

    /** The only input of a node that has one. */
    int input(int id) {
        List<Integer> in = inputs.get(id);
        if (in.size() != 1) {
            throw new UnsupportedConstructException(
                    null, "the plan node " + node(id).path("type").asText() + " with " + in.size() + " inputs");
        }
        return in.get(0);
    }

    /** The sink nodes, one per INSERT (or the query's sink), in statement order. */
    List<Integer> sinks() {
        return sinks;
    }

    /** A node's type without its version: {@code stream-exec-calc} for {@code stream-exec-calc_1}. */
    static String type(JsonNode node) {
        String type = node.path("type").asText();
        int version = type.lastIndexOf('_');
        return version < 0 ? type : type.substring(0, version);
    }
}
