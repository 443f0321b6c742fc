package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.stream.AppendOnlyTopN;
import org.flinkcookbook.simulator.stream.Deduplicate;
import org.flinkcookbook.simulator.stream.TemporalSort;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.PlanTypes;
import org.flinkcookbook.simulator.types.Values;

/**
 * The streaming nodes of ROW_NUMBER without a window, read as Flink's StreamExecDeduplicate and
 * StreamExecRank (with StreamExecLimit, a rank without order) choose their functions: what the plan
 * says is taken, anything else is unsupported by name.
 */
final class ChangelogNodes {

    private ChangelogNodes() {}

    /** {@code stream-exec-deduplicate_1}: ROW_NUMBER over a time attribute filtered to 1. */
    static Relation deduplicate(JsonNode node, Relation input, StatementTrace trace, ZoneId zone) {
        input.ordered(null, "a deduplication");
        JsonNode configuration = node.path("configuration");
        if (configuration.path("table.exec.mini-batch.enabled").asBoolean(false)) {
            throw PlanExecution.notModelled(node, "a mini-batch deduplication");
        }
        boolean rowtime = node.path("isRowtime").asBoolean();
        boolean last = node.path("keepLastRow").asBoolean();
        List<Column> columns = input.columns();
        int rowtimeIndex = -1;
        List<Integer> proctimes = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).rowtime()) {
                if (rowtimeIndex >= 0 && rowtime) {
                    throw PlanExecution.notModelled(node, "a deduplication of rows with several rowtime columns");
                }
                rowtimeIndex = i;
            }
            if (columns.get(i).proctime()) {
                proctimes.add(i);
            }
        }
        Deduplicate.Kind kind;
        if (rowtime) {
            if (!last && !node.path("outputInsertOnly").asBoolean()) {
                throw PlanExecution.notModelled(node, "a rowtime deduplication keeping the first row as a changelog");
            }
            kind = last ? Deduplicate.Kind.ROWTIME_LAST : Deduplicate.Kind.ROWTIME_FIRST;
        } else {
            kind = last ? Deduplicate.Kind.PROCTIME_LAST : Deduplicate.Kind.PROCTIME_FIRST;
        }
        int time = rowtimeIndex;
        List<Expression> keys = PlanExecution.columns(node.path("uniqueKeys"), input);
        boolean generateUpdateBefore = node.path("generateUpdateBefore").asBoolean();
        boolean generateInsert = configuration
                .path("table.exec.deduplicate.insert-update-after-sensitive-enabled")
                .asBoolean(true);
        int[] proctimeColumns = proctimes.stream().mapToInt(Integer::intValue).toArray();
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new Deduplicate(
                                kind,
                                keys,
                                time,
                                time < 0 ? null : columns.get(time).type(),
                                proctimeColumns,
                                generateUpdateBefore,
                                generateInsert,
                                sink,
                                trace,
                                input.fixture(),
                                zone)));
    }

    /**
     * {@code stream-exec-rank_1} and {@code stream-exec-limit_1} with the AppendFast strategy (an
     * insert-only input): ROW_NUMBER, a constant range.
     */
    static Relation rank(JsonNode node, Relation input, StatementTrace trace, ZoneId zone) {
        input.ordered(null, "a Top-N");
        String strategy = node.path("rankStrategy").path("type").asText();
        if (!strategy.equals("AppendFast")) {
            throw PlanExecution.notModelled(
                    node, "a Top-N with the " + strategy + " strategy (over an updating input)");
        }
        JsonNode range = node.path("rankRange");
        if (!node.path("rankType").asText().equals("ROW_NUMBER")
                || !range.path("type").asText().equals("Constant")) {
            throw PlanExecution.notModelled(node, "a rank other than ROW_NUMBER in a constant range");
        }
        long start = range.path("start").asLong();
        long end = range.path("end").asLong();
        JsonNode fields = node.path("orderBy").path("fields");
        List<Column> columns = input.columns();
        AppendOnlyTopN.Function function;
        if (fields.size() == 1
                && columns.get(fields.get(0).path("index").asInt()).proctime()
                && fields.get(0).path("isAscending").asBoolean()) {
            function = AppendOnlyTopN.Function.FIRST_N;
        } else {
            for (JsonNode field : fields) {
                Column column = columns.get(field.path("index").asInt());
                if (column.proctime()) {
                    throw PlanExecution.notModelled(
                            node, "a Top-N ordered by processing time descending (the wall clock)");
                }
                if (column.type().isApproximate()) {
                    // Flink's generated comparator ties NaN with every value and -0.0 with 0.0 in its TreeMap
                    throw PlanExecution.notModelled(node, "a streaming Top-N ordered by a FLOAT/DOUBLE column");
                }
            }
            function = start == 1 && end == 1 ? AppendOnlyTopN.Function.TOP_1 : AppendOnlyTopN.Function.TOP_N;
        }
        Comparator<Object[]> sorted = PlanExecution.order(node.path("orderBy"), Values::compare);
        Comparator<Object[]> order = sorted == null ? (a, b) -> 0 : sorted;
        List<Expression> partition =
                PlanExecution.columns(node.path("partition").path("fields"), input);
        boolean rankNumber = node.path("outputRowNumber").asBoolean();
        boolean generateUpdateBefore = node.path("generateUpdateBefore").asBoolean();
        if (function != AppendOnlyTopN.Function.FIRST_N || rankNumber) {
            trace.updatingResult();
        }
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new AppendOnlyTopN(
                                function, partition, order, start, end, rankNumber, generateUpdateBefore, sink, zone)));
    }

    /** {@code stream-exec-temporal-sort_1}: ORDER BY a rowtime ascending, then other columns. */
    static Relation temporalSort(JsonNode node, Relation input, StatementTrace trace) {
        input.ordered(null, "a streaming ORDER BY");
        JsonNode fields = node.path("orderBy").path("fields");
        Column time = input.columns().get(fields.get(0).path("index").asInt());
        if (!time.rowtime() || !fields.get(0).path("isAscending").asBoolean()) {
            throw PlanExecution.notModelled(node, "a streaming ORDER BY other than a rowtime ascending first");
        }
        ArrayNode rest = JsonNodeFactory.instance.arrayNode();
        for (int i = 1; i < fields.size(); i++) {
            if (input.columns().get(fields.get(i).path("index").asInt()).type().isApproximate()) {
                throw PlanExecution.notModelled(node, "a streaming ORDER BY a FLOAT/DOUBLE column after the rowtime");
            }
            rest.add(fields.get(i));
        }
        Comparator<Object[]> secondary =
                PlanExecution.order(JsonNodeFactory.instance.objectNode().set("fields", rest), Values::compare);
        int rowtime = fields.get(0).path("index").asInt();
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer().run(new TemporalSort(rowtime, secondary, sink, trace, input.fixture())));
    }
}
