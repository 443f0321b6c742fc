package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.RowCollector;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.PlanTypes;

/**
 * One compiled plan of Flink's planner (a query's, written into a sink of its own schema, or a
 * statement set's), executed by the simulator's operators one sink at a time: each sink's rows
 * are what Flink's job would write into it.
 */
public final class CompiledPlan {

    private final PlanGraph graph;
    private final SessionSettings settings;
    private final Path fixturesDirectory;

    /**
     * The rows one sink received.
     *
     * @param columns the columns of the row the sink receives (names as the sink's input calls them)
     * @param rows the changes, in the order they reached the sink
     * @param ordered whether a sort decides their order (ORDER BY in batch mode)
     */
    public record SinkRows(List<Column> columns, List<RowCollector.Change> rows, boolean ordered) {}

    /**
     * @param json Flink's JSON compiled plan
     * @param settings the session options it was planned with
     * @param fixturesDirectory the fixtures directory, for the names explanations give the files
     */
    public CompiledPlan(String json, SessionSettings settings, Path fixturesDirectory) {
        this.graph = new PlanGraph(json);
        this.settings = settings;
        this.fixturesDirectory = fixturesDirectory;
    }

    /** How many sinks the plan writes: one per INSERT, in statement order. */
    public int sinks() {
        return graph.sinks().size();
    }

    /**
     * Runs the nodes that feed sink {@code index} over the fixtures.
     *
     * @param insertOnly whether the sink is a table an INSERT writes, which the simulator models for
     *     inserts only; a query's sink takes every kind of change
     */
    public SinkRows run(int index, boolean insertOnly, StatementTrace trace) {
        String option = settings.notModelled().orElse(null);
        if (option != null) {
            throw new UnsupportedConstructException(null, "the session option " + option);
        }
        int sink = graph.sinks().get(index);
        JsonNode node = graph.node(sink);
        String type = node.path("type").asText();
        if (!type.equals("stream-exec-sink_2") && !type.equals("batch-exec-sink_1")) {
            throw PlanExecution.notModelled(node, "the plan node " + type);
        }
        if (node.path("upsertMaterialize").asBoolean(false)) {
            throw PlanExecution.notModelled(node, "a sink that materializes upserts");
        }
        JsonNode changelog = node.path("inputChangelogMode");
        if (insertOnly
                && changelog.size() > 0
                && !(changelog.size() == 1 && changelog.get(0).asText().equals("INSERT"))) {
            throw new UnsupportedConstructException(null, "INSERT of an updating (changelog) query");
        }
        int input = graph.input(sink);
        Relation relation = new PlanExecution(graph, settings, trace, fixturesDirectory).relation(input);
        boolean[] notNull = insertOnly ? notNullColumns(node, relation.columns().size()) : new boolean[0];
        RowCollector collector = new RowCollector();
        relation.producer().run(collector);
        List<RowCollector.Change> rows = new ArrayList<>(collector.rows());
        for (RowCollector.Change change : rows) {
            if (change.kind() == RowKind.UPDATE_BEFORE || change.kind() == RowKind.DELETE) {
                continue;
            }
            for (int i = 0; i < notNull.length; i++) {
                if (notNull[i] && change.values()[i] == null) {
                    // SinkNotNullEnforcer with table.exec.sink.not-null-enforcer = ERROR, the default
                    throw new SimulationException(
                            null,
                            "Column '" + relation.columns().get(i).name()
                                    + "' is NOT NULL, however, a null value is being written into it. You can set job"
                                    + " configuration 'table.exec.sink.not-null-enforcer'='DROP' to suppress this"
                                    + " exception and drop such records silently.");
                }
            }
        }
        return new SinkRows(relation.columns(), rows, sorted(input));
    }

    /** The names of the columns sink {@code index} writes: its table's persisted columns. */
    public List<String> sinkColumns(int index) {
        List<String> names = new ArrayList<>();
        for (JsonNode column : persistedColumns(graph.node(graph.sinks().get(index)))) {
            names.add(column.path("name").asText());
        }
        return names;
    }

    private static List<JsonNode> persistedColumns(JsonNode sink) {
        List<JsonNode> columns = new ArrayList<>();
        for (JsonNode column : sink.path("dynamicTableSink")
                .path("table")
                .path("resolvedTable")
                .path("schema")
                .path("columns")) {
            if (!column.has("expression") && !column.path("isVirtual").asBoolean(false)) {
                columns.add(column);
            }
        }
        return columns;
    }

    /** The sink table's persisted columns that are NOT NULL, by position in the row it receives. */
    private static boolean[] notNullColumns(JsonNode sink, int width) {
        boolean[] notNull = new boolean[width];
        int i = 0;
        for (JsonNode column : persistedColumns(sink)) {
            if (i < width) {
                JsonNode type = column.path("dataType");
                notNull[i++] = !PlanTypes.nullable(type);
            }
        }
        return notNull;
    }

    /** Whether a sort decides the order of the rows a node gives (through nodes that keep it). */
    private boolean sorted(int id) {
        String type = PlanGraph.type(graph.node(id));
        return switch (type) {
            case "batch-exec-sort", "batch-exec-sort-limit" -> true;
            case "batch-exec-calc", "batch-exec-exchange", "stream-exec-calc", "stream-exec-exchange" ->
                sorted(graph.input(id));
            default -> false;
        };
    }
}
