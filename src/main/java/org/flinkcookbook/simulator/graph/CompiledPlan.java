package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.util.TimeUtils;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.RowCollector;
import org.flinkcookbook.simulator.trace.StatementTrace;

/**
 * One compiled plan of Flink's planner (of a query or of what an INSERT writes, into a sink of its
 * own schema that takes every change), executed by the simulator's operators: the sink's rows are
 * what Flink's job would collect.
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

    /**
     * Runs the nodes that feed sink {@code index} over the fixtures.
     *
     * @param notNull for each of the sink's columns, whether its schema declares it NOT NULL
     */
    public SinkRows run(int index, List<Boolean> notNull, StatementTrace trace) {
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
        int input = graph.input(sink);
        checkStateTtl(input);
        Relation relation = new PlanExecution(graph, settings, trace, fixturesDirectory).relation(input);
        RowCollector collector = new RowCollector();
        relation.producer().run(collector);
        enforceNotNull(notNull, relation.columns(), collector.rows());
        return new SinkRows(relation.columns(), collector.rows(), sorted(input));
    }

    /**
     * CommonExecSink#applyConstraintValidations: the sink checks every record for a NULL in a column its
     * table declares NOT NULL, and with {@code table.exec.sink.not-null-enforcer} at its default, ERROR, fails
     * the job. The plan's sink is the statement's (a query's columns typed as the collect sink takes them, an
     * INSERT's as what it writes), so a column the planner typed NOT NULL whose value is NULL at run time (a
     * DECIMAL cast or sum that overflows) fails here as it does on Flink; another value of the option is a
     * session option the simulator does not model.
     */
    private static void enforceNotNull(List<Boolean> notNull, List<Column> columns, List<RowCollector.Change> rows) {
        for (RowCollector.Change row : rows) {
            for (int i = 0; i < notNull.size() && i < row.values().length; i++) {
                if (notNull.get(i) && row.values()[i] == null) {
                    throw new SimulationException(
                            null,
                            "Column '" + columns.get(i).name() + "' is NOT NULL, however, a null value is being written"
                                    + " into it. You can set job configuration 'table.exec.sink.not-null-enforcer'="
                                    + "'DROP' to suppress this exception and drop such records silently.");
                }
            }
        }
    }

    /**
     * State with a time-to-live (Flink's state TTL counts processing time) is modelled where it is
     * exact: when no state can expire within the longest run of a statement's job on Flink, and on
     * a regular aggregation, whose only other change is that it emits an update even when its
     * results stay the same (GroupAggFunction, "state cleaning is enabled"). A TTL anywhere else,
     * or one that could expire while a job runs, is unsupported, naming why.
     */
    private void checkStateTtl(int id) {
        JsonNode node = graph.node(id);
        Duration ttl = PlanExecution.stateTtl(node);
        if (!ttl.isZero()) {
            if (!PlanGraph.type(node).equals("stream-exec-group-aggregate")) {
                throw PlanExecution.notModelled(node, "state with a time-to-live (table.exec.state.ttl) on this node");
            }
            if (ttl.compareTo(settings.longestRun()) <= 0) {
                throw PlanExecution.notModelled(
                        node,
                        "a state time-to-live of " + TimeUtils.formatWithHighestUnit(ttl)
                                + " (table.exec.state.ttl): Flink counts it in processing time, and a statement's"
                                + " job may run " + TimeUtils.formatWithHighestUnit(settings.longestRun())
                                + " under cookbook.timeout, so state could expire while it runs");
            }
        }
        for (int input : graph.inputs(id)) {
            checkStateTtl(input);
        }
    }

    /** Whether a sort decides the order of the rows a node gives (through nodes that keep it). */
    private boolean sorted(int id) {
        String type = PlanGraph.type(graph.node(id));
        return switch (type) {
            case "batch-exec-sort", "batch-exec-sort-limit" -> true;
            // a top-level LIMIT or ORDER BY, which the Flink engine compares in order: rows as the operator emits them
            case "stream-exec-limit", "stream-exec-sort-limit", "stream-exec-temporal-sort" -> true;
            case "batch-exec-calc", "batch-exec-exchange", "stream-exec-calc", "stream-exec-exchange" ->
                sorted(graph.input(id));
            default -> false;
        };
    }
}
