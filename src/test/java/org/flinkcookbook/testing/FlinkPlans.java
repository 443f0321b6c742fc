package org.flinkcookbook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.flink.SharedClusterEnvironment;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.PlanAggregates;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.PlanExpressions;
import org.flinkcookbook.simulator.types.PlanTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * One Flink table environment over one CSV table {@code t}, for tests that take Flink's compiled plan of
 * {@code INSERT INTO blackhole_sink SELECT ... FROM t} as input and compare what the simulator computes from it with
 * what Flink returns for the same query. Rows are read in file order (parallelism 1); without periodic watermarks
 * Flink's watermark assigner emits a watermark after each row, so a Calc reads the watermark of the rows before.
 * Its jobs run on the test run's shared cluster ({@link SharedFlink#cluster}).
 */
public final class FlinkPlans {

    /** How a NULL field is written in the CSV fixture. */
    public static final String NULL = "N/A";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final TableEnvironment env;
    private final List<String> columnNames;
    private final List<String[]> rows;
    private final ZoneId zone;

    /**
     * @param columns the physical columns of {@code t}, as DDL, in CSV order
     * @param extra computed columns and the watermark, as DDL
     * @param csv the rows, fields separated by commas, {@link #NULL} for NULL
     * @param cluster where {@link #onFlink} runs its jobs
     */
    public FlinkPlans(
            Path directory, List<String> columns, String extra, List<String> csv, ZoneId zone, KeptCluster cluster) {
        this.zone = zone;
        Configuration configuration = new Configuration();
        configuration.setString("parallelism.default", "1");
        configuration.setString("pipeline.auto-watermark-interval", "0"); // a watermark after each row
        configuration.setString("table.local-time-zone", zone.getId());
        env = SharedClusterEnvironment.streaming(cluster, configuration);
        try {
            Files.write(directory.resolve("t.csv"), csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        env.executeSql("CREATE TABLE t (" + String.join(", ", columns) + (extra.isEmpty() ? "" : ", " + extra)
                + ") WITH ('connector' = 'filesystem', 'path' = '" + directory.resolve("t.csv")
                + "', 'format' = 'csv', 'csv.null-literal' = '" + NULL + "')");
        columnNames = columns.stream().map(column -> column.split(" ")[0]).toList();
        rows = csv.stream().map(line -> line.split(",", -1)).toList();
    }

    /** Flink's compiled plan of the query inserted into a blackhole sink of the query's own types. */
    public JsonNode plan(String query) {
        ResolvedSchema schema = env.sqlQuery(query).getResolvedSchema();
        String columns = schema.getColumns().stream()
                .map(column -> "`" + column.getName() + "` "
                        + column.getDataType().getLogicalType().copy(true).asSerializableString())
                .collect(Collectors.joining(", "));
        env.executeSql("DROP TABLE IF EXISTS blackhole_sink");
        env.executeSql("CREATE TABLE blackhole_sink (" + columns + ") WITH ('connector' = 'blackhole')");
        try {
            return JSON.readTree(
                    env.compilePlanSql("INSERT INTO blackhole_sink " + query).asJsonString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node of a plan and the columns of its input row. */
    public record PlanNode(JsonNode node, List<Column> input) {}

    /** The first node of the query's plan whose type starts with {@code typePrefix}, such as {@code stream-exec-calc}. */
    public PlanNode node(String query, String typePrefix) {
        JsonNode previous = null;
        for (JsonNode node : plan(query).path("nodes")) {
            if (node.path("type").asText().startsWith(typePrefix)) {
                return new PlanNode(node, PlanTypes.columns(previous.path("outputType")));
            }
            previous = node;
        }
        throw new IllegalStateException("no " + typePrefix + " in the plan of " + query);
    }

    /** The query's rows as Flink prints them (NULL as null). */
    public List<List<String>> onFlink(String query) {
        TableResultInternal result = (TableResultInternal) env.executeSql(query);
        RowDataToStringConverter converter = result.getRowDataToStringConverter();
        List<List<String>> printed = new ArrayList<>();
        try (CloseableIterator<RowData> iterator = result.collectInternal()) {
            while (iterator.hasNext()) {
                RowData row = iterator.next();
                String[] values = converter.convert(row);
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < values.length; i++) {
                    cells.add(row.isNullAt(i) ? null : values[i]);
                }
                printed.add(cells);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return printed;
    }

    /**
     * The query's rows as the simulator computes them from Flink's plan: the source's rows read as the simulator
     * reads fixtures, then each Calc's condition and projection compiled by {@link PlanExpressions} and evaluated with
     * no watermark, a group aggregation without keys by {@link PlanAggregates} (its final row), rendered as the
     * simulator renders values.
     */
    public List<List<String>> onPlan(String query) {
        JsonNode plan = plan(query);
        List<Object[]> current = new ArrayList<>();
        List<Long> watermarks = new ArrayList<>(); // the watermark each row meets downstream
        List<Column> columns = null;
        for (JsonNode node : plan.path("nodes")) {
            String type = node.path("type").asText();
            if (type.startsWith("stream-exec-table-source-scan")) {
                columns = PlanTypes.columns(node.path("outputType"));
                for (String[] fields : rows) {
                    current.add(read(columns, fields));
                    watermarks.add(EvaluationContext.NO_WATERMARK);
                }
            } else if (type.startsWith("stream-exec-watermark-assigner")) {
                // without periodic watermarks the assigner emits one after each row (WatermarkAssignerOperator)
                Expression watermarkExpression = PlanExpressions.compile(node.path("watermarkExpr"), columns);
                long watermark = EvaluationContext.NO_WATERMARK;
                for (int k = 0; k < current.size(); k++) {
                    watermarks.set(k, watermark);
                    Object value = watermarkExpression.evaluate(current.get(k), context(watermark));
                    watermark = Math.max(watermark, Timestamps.millis(value));
                }
            } else if (type.startsWith("stream-exec-calc")) {
                current = calc(node, columns, current, watermarks);
                columns = PlanTypes.columns(node.path("outputType"));
            } else if (type.startsWith("stream-exec-group-aggregate")
                    && node.path("grouping").isEmpty()) {
                current = List.<Object[]>of(aggregate(node, columns, current));
                watermarks = new ArrayList<>(List.of(EvaluationContext.NO_WATERMARK));
                columns = PlanTypes.columns(node.path("outputType"));
            } else if (type.startsWith("stream-exec-sink")) {
                break;
            } else if (!type.startsWith("stream-exec-exchange")) {
                throw new IllegalStateException("a plan with a " + type + ": " + query);
            }
        }
        List<List<String>> printed = new ArrayList<>();
        for (Object[] row : current) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < row.length; i++) {
                cells.add(Values.render(row[i], columns.get(i).type(), zone));
            }
            printed.add(cells);
        }
        return printed;
    }

    /** A Calc over the rows, each evaluated with the watermark it meets; the watermarks of the rows kept stay. */
    private List<Object[]> calc(JsonNode node, List<Column> input, List<Object[]> rows, List<Long> watermarks) {
        JsonNode condition = node.path("condition");
        Expression filter = condition.isObject() ? PlanExpressions.compile(condition, input) : null;
        List<Expression> projection = new ArrayList<>();
        node.path("projection").forEach(expression -> projection.add(PlanExpressions.projection(expression, input)));
        List<Object[]> output = new ArrayList<>();
        List<Long> kept = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            EvaluationContext context = context(watermarks.get(k));
            if (filter == null || filter.isTrue(rows.get(k), context)) {
                Object[] projected = new Object[projection.size()];
                for (int i = 0; i < projected.length; i++) {
                    projected[i] = projection.get(i).evaluate(rows.get(k), context);
                }
                output.add(projected);
                kept.add(watermarks.get(k));
            }
        }
        watermarks.clear();
        watermarks.addAll(kept);
        return output;
    }

    private Object[] aggregate(JsonNode node, List<Column> input, List<Object[]> rows) {
        List<AggregateCall> calls = new ArrayList<>();
        node.path("aggCalls").forEach(call -> calls.add(PlanAggregates.compile(call, input)));
        AggregateCall.Accumulator[] accumulators = AggregateCall.newAccumulators(calls);
        for (Object[] row : rows) {
            for (AggregateCall.Accumulator accumulator : accumulators) {
                accumulator.add(row, context());
            }
        }
        Object[] result = new Object[accumulators.length];
        for (int i = 0; i < result.length; i++) {
            result[i] = accumulators[i].result();
        }
        return result;
    }

    public EvaluationContext context() {
        return EvaluationContext.withoutWatermark(zone);
    }

    private EvaluationContext context(long watermark) {
        return EvaluationContext.at(watermark, zone);
    }

    /** A CSV row's fields for the scan's columns, found by name. */
    private Object[] read(List<Column> columns, String[] fields) {
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            int field = columnNames.indexOf(columns.get(i).name());
            if (field < 0) {
                throw new IllegalStateException("no CSV field " + columns.get(i) + " in " + Arrays.toString(fields));
            }
            String text = fields[field];
            SqlType type = columns.get(i).type();
            row[i] = text.equals(NULL) ? null : Values.parseCsvField(text, type);
        }
        return row;
    }
}
