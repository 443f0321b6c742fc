package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.flink.util.TimeUtils;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.aggregate.LagCall;
import org.flinkcookbook.simulator.aggregate.PlanAggregates;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.PlanExpressions;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.BatchAggregation;
import org.flinkcookbook.simulator.stream.Calc;
import org.flinkcookbook.simulator.stream.CsvSource;
import org.flinkcookbook.simulator.stream.Expand;
import org.flinkcookbook.simulator.stream.FixtureScan;
import org.flinkcookbook.simulator.stream.ForwardingRowSink;
import org.flinkcookbook.simulator.stream.GroupAggregation;
import org.flinkcookbook.simulator.stream.OverAggregation;
import org.flinkcookbook.simulator.stream.Permutation;
import org.flinkcookbook.simulator.stream.RowSink;
import org.flinkcookbook.simulator.stream.SessionWindowAggregation;
import org.flinkcookbook.simulator.stream.SortedRows;
import org.flinkcookbook.simulator.stream.UnionAll;
import org.flinkcookbook.simulator.stream.WatermarkAssigner;
import org.flinkcookbook.simulator.stream.WindowAggregation;
import org.flinkcookbook.simulator.stream.WindowRows;
import org.flinkcookbook.simulator.stream.WindowTableFunction;
import org.flinkcookbook.simulator.stream.WindowTopN;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.PlanTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.simulator.window.WindowSpec;

/**
 * Builds the simulator's operators from the ExecNodes of one compiled plan, node by node, each
 * reading what Flink's planner decided (its expressions, aggregate calls, window, types) and none
 * of it decided again. A node type or version, a node property or a window the simulator does not
 * model makes the statement unsupported, naming it.
 */
final class PlanExecution {

    /**
     * The assigner's processing-time timer fires every interval; a recipe's test job runs for
     * seconds, so only intervals below this can emit a held-back watermark mid-input.
     */
    static final long PERIODIC_EMISSION_HORIZON_MILLIS = 10_000;

    private final PlanGraph graph;
    private final SessionSettings settings;
    private final StatementTrace trace;
    private final Path fixturesDirectory;
    private final ZoneId zone;
    /** The SESSION window table functions and the window aggregations built, by node id: the timers they fire. */
    private final Map<Integer, SessionFiring> sessionFirings = new HashMap<>();
    /** The window table functions of TUMBLE, HOP and CUMULATE built, by node id. */
    private final Map<Integer, LastRowtime> tvfRowtimes = new HashMap<>();

    private final JoinNodes joins;

    PlanExecution(PlanGraph graph, SessionSettings settings, StatementTrace trace, Path fixturesDirectory) {
        this.graph = graph;
        this.settings = settings;
        this.trace = trace;
        this.fixturesDirectory = fixturesDirectory;
        this.zone = settings.timeZone();
        this.joins = new JoinNodes(graph, this::relation, zone);
    }

    /** The rows node {@code id} gives. */
    Relation relation(int id) {
        JsonNode node = graph.node(id);
        String type = node.path("type").asText();
        return switch (type) {
            case "stream-exec-table-source-scan_2", "batch-exec-table-source-scan_1" -> scan(node);
            case "stream-exec-watermark-assigner_1" -> watermarkAssigner(id, node);
            case "stream-exec-calc_1", "batch-exec-calc_1" -> calc(id, node);
            case "batch-exec-expand_1" -> expand(id, node);
            case "stream-exec-exchange_1", "batch-exec-exchange_1" -> relation(graph.input(id));
            case "stream-exec-union_1", "batch-exec-union_1" -> union(id, node);
            case "stream-exec-values_1", "batch-exec-values_1" -> values(node);
            case "stream-exec-window-table-function_1", "batch-exec-window-table-function_1" ->
                windowTableFunction(id, node);
            case "stream-exec-window-aggregate_1" -> windowAggregate(id, node);
            case "stream-exec-group-window-aggregate_1" -> groupWindowAggregate(id, node);
            case "stream-exec-group-aggregate_1" -> groupAggregate(id, node);
            case "batch-exec-hash-aggregate_1", "batch-exec-sort-aggregate_1" -> batchAggregate(id, node);
            case "stream-exec-over-aggregate_1" -> overAggregate(id, node);
            case "stream-exec-window-rank_1" -> windowRank(id, node);
            case "stream-exec-window-deduplicate_1" -> windowDeduplicate(id, node);
            case "stream-exec-join_1" -> joins.regular(id, node);
            case "stream-exec-interval-join_1" -> joins.interval(id, node);
            case "batch-exec-sort_1" -> sort(id, node, -1);
            case "batch-exec-sort-limit_1" -> sort(id, node, limit(node));
            case "stream-exec-deduplicate_1" ->
                ChangelogNodes.deduplicate(node, relation(graph.input(id)), trace, zone);
            case "stream-exec-rank_1", "stream-exec-limit_1", "stream-exec-sort-limit_1" ->
                ChangelogNodes.rank(node, relation(graph.input(id)), trace, zone);
            case "stream-exec-temporal-sort_1" -> ChangelogNodes.temporalSort(node, relation(graph.input(id)), trace);
            default -> throw notModelled(node, "the plan node " + type);
        };
    }

    // ---------------------------------------------------------------- sources

    private Relation scan(JsonNode node) {
        JsonNode table = node.path("scanTableSource").path("table");
        String identifier = table.path("identifier").asText();
        String name = identifier.substring(identifier.lastIndexOf('.') + 1).replace("`", "");
        JsonNode resolved = table.path("resolvedTable");
        JsonNode options = resolved.path("options");
        String file = fixtureFile(name, options);
        List<SqlType> physicalTypes = new ArrayList<>();
        for (JsonNode column : resolved.path("schema").path("columns")) {
            if (column.has("expression")
                    || column.has("metadataKey")
                    || column.path("kind").asText("PHYSICAL").matches("COMPUTED|METADATA")) {
                continue; // computed columns are the plan's calc, metadata columns a pushed-down ability
            }
            physicalTypes.add(PlanTypes.of(column.path("dataType")));
        }
        int[] projection = null;
        for (JsonNode ability : node.path("scanTableSource").path("abilities")) {
            String kind = ability.path("type").asText();
            switch (kind) {
                case "ProjectPushDown" -> {
                    JsonNode fields = ability.path("projectedFields");
                    projection = new int[fields.size()];
                    for (int i = 0; i < projection.length; i++) {
                        if (fields.get(i).size() != 1) {
                            throw notModelled(node, "a nested projection pushed into the scan of " + name);
                        }
                        projection[i] = fields.get(i).get(0).asInt();
                    }
                }
                case "FilterPushDown" -> {
                    // the filesystem source keeps every filter it is given as a remaining one
                    // (FileSystemTableSource#applyFilters): the CSV rows are all read, the plan's calc filters
                }
                case "ReadingMetadata" -> {
                    if (ability.path("metadataKeys").size() > 0) {
                        throw notModelled(node, "metadata columns of " + name);
                    }
                }
                default -> throw notModelled(node, "the " + kind + " ability of the scan of " + name);
            }
        }
        if (projection == null) {
            projection = new int[physicalTypes.size()];
            for (int i = 0; i < projection.length; i++) {
                projection[i] = i;
            }
        }
        Path path = readable(name, file);
        CsvSource source = new CsvSource(path, displayName(path));
        FixtureScan scan = new FixtureScan(source, physicalTypes, projection);
        return new Relation(
                PlanTypes.columns(node.path("outputType")), scan::run, source.displayName(), ZoneOffset.UTC);
    }

    /** The CSV file a scanned table reads: its bound fixture, or a CSV filesystem table's path. */
    private static String fixtureFile(String table, JsonNode options) {
        String connector = options.path("connector").asText();
        if (connector.equals("cookbook-fixture")
                && !options.path("changes").asText("insert-only").equals("insert-only")) {
            throw new UnsupportedConstructException(
                    null,
                    "a changelog source (" + options.path("original").asText() + ", its fixture's rows +I/-U/+U/-D)");
        }
        if (!connector.equals("cookbook-fixture")
                && !(connector.equals("filesystem")
                        && options.path("format").asText().equals("csv"))) {
            throw new UnsupportedConstructException(
                    null,
                    "reading table " + table + ", which has no cookbook:fixture and is not a CSV filesystem table");
        }
        Map.Entry<String, JsonNode> extra = null;
        for (var it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> option = it.next();
            if (!List.of("connector", "format", "path", "changes", "original", "sink-changes")
                    .contains(option.getKey())) {
                extra = option;
            }
        }
        if (extra != null) {
            throw new UnsupportedConstructException(
                    null,
                    "filesystem tables other than the CSV format with its default options (" + table + ": '"
                            + extra.getKey() + "')");
        }
        return options.path("path").asText();
    }

    /** The file a table reads, read by the same rule as on Flink: only under the project and fixtures directories. */
    private static Path readable(String table, String path) {
        try {
            return FileAccess.readable(path);
        } catch (AccessDeniedException e) {
            throw new SimulationException(
                    null,
                    "the table " + table + " reads " + path + ", which " + e.getReason()
                            + "; keep files under the project or bind a fixture");
        } catch (IllegalArgumentException e) {
            throw new SimulationException(
                    null, "the table " + table + " reads " + path + ", which is not a path: " + e.getMessage());
        }
    }

    private String displayName(Path file) {
        Path base = fixturesDirectory.getParent() == null ? fixturesDirectory : fixturesDirectory.getParent();
        return file.startsWith(base) ? base.relativize(file).toString().replace('\\', '/') : file.toString();
    }

    private Relation watermarkAssigner(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        int rowtime = node.path("rowtimeFieldIndex").asInt();
        Expression expression = PlanExpressions.compile(node.path("watermarkExpr"), input.columns());
        long interval = settings.watermarkIntervalMillis();
        boolean plausible = interval > 0 && interval < PERIODIC_EMISSION_HORIZON_MILLIS;
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new WatermarkAssigner(
                                expression, rowtime, interval, plausible, input.fixture(), zone, sink)));
    }

    private Relation values(JsonNode node) {
        List<Column> columns = PlanTypes.columns(node.path("outputType"));
        List<Object[]> rows = new ArrayList<>();
        for (JsonNode tuple : node.path("tuples")) {
            Object[] row = new Object[tuple.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = PlanExpressions.compile(tuple.get(i), List.of())
                        .evaluate(new Object[0], EvaluationContext.withoutWatermark(zone));
            }
            rows.add(row);
        }
        return new Relation(
                columns,
                sink -> {
                    for (Object[] row : rows) {
                        sink.row(row.clone(), 0);
                    }
                    sink.watermark(Long.MAX_VALUE);
                    sink.endOfInput();
                },
                "VALUES",
                ZoneOffset.UTC);
    }

    // ---------------------------------------------------------------- row by row

    private Relation calc(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        List<Expression> projection = new ArrayList<>();
        for (JsonNode rex : node.path("projection")) {
            projection.add(PlanExpressions.projection(rex, input.columns()));
        }
        JsonNode condition = node.path("condition");
        Expression filter = condition.isMissingNode() || condition.isNull()
                ? null
                : PlanExpressions.compile(condition, input.columns());
        if ((filter != null && filter.readsWatermark()) || projection.stream().anyMatch(Expression::readsWatermark)) {
            input.ordered(null, "CURRENT_WATERMARK");
        }
        Calc.WatermarkFilterTrace filterTrace = watermarkFilterTrace(input);
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer().run(new Calc(filter, projection, sink, zone, filterTrace)));
    }

    /** Each row once per projection (the planner's expansion below DISTINCT aggregates and grouping sets). */
    private Relation expand(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        List<List<Expression>> projections = new ArrayList<>();
        for (JsonNode projects : node.path("projects")) {
            List<Expression> projection = new ArrayList<>();
            for (JsonNode rex : projects) {
                projection.add(PlanExpressions.compile(rex, input.columns()));
            }
            projections.add(projection);
        }
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer().run(new Expand(projections, sink, zone)));
    }

    private Calc.WatermarkFilterTrace watermarkFilterTrace(Relation input) {
        int rowtime = input.rowtimeIndex();
        return rowtime < 0
                ? null
                : new Calc.WatermarkFilterTrace(
                        trace,
                        input.fixture(),
                        rowtime,
                        input.columns().get(rowtime).type());
    }

    private Relation union(int id, JsonNode node) {
        List<Relation> inputs = new ArrayList<>();
        for (int input : graph.inputs(id)) {
            inputs.add(relation(input));
        }
        List<Column> columns = PlanTypes.columns(node.path("outputType"));
        SqlType[] types = columns.stream().map(Column::type).toArray(SqlType[]::new);
        SqlType[][] inputTypes = new SqlType[inputs.size()][];
        for (int j = 0; j < inputs.size(); j++) {
            inputTypes[j] = inputs.get(j).columns().stream().map(Column::type).toArray(SqlType[]::new);
        }
        return new Relation(
                columns,
                sink -> {
                    UnionAll unionAll = new UnionAll(inputTypes, types, sink);
                    for (int j = 0; j < inputs.size(); j++) {
                        inputs.get(j).producer().run(unionAll.input(j));
                    }
                },
                inputs.get(0).fixture(),
                inputs.get(0).windowShift(),
                settings.streaming());
    }

    // ---------------------------------------------------------------- windows

    private Relation windowTableFunction(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        JsonNode windowing = node.path("windowing");
        if (settings.streaming()) {
            requireRowtimeWindowing(node, windowing);
        }
        int rowtime = windowing.path("timeAttributeIndex").asInt();
        SqlType rowtimeType = input.columns().get(rowtime).type();
        WindowSpec spec = windowSpec(node, windowing.path("window"));
        List<Column> columns = PlanTypes.columns(node.path("outputType"));
        ZoneId shift = WindowRows.shiftZone(rowtimeType, zone);
        if (spec == null) {
            if (!settings.streaming()) {
                throw notModelled(node, "the SESSION window table function in batch mode");
            }
            input.ordered(null, "a SESSION window"); // a session merges rows in the order they arrive
            long gap = millis(windowing.path("window").path("gap"));
            List<Expression> keys = columns(windowing.path("window").path("partition_key_indices"), input);
            SessionFiring firing = new SessionFiring(input.columns().size() + 1, keys, shift, zone);
            sessionFirings.put(id, firing);
            return new Relation(
                    columns,
                    sink -> input.producer()
                            .run(SessionWindowAggregation.tableFunction(
                                    gap, rowtime, rowtimeType, keys, firing.into(sink), trace, input.fixture(), zone)),
                    input.fixture(),
                    shift,
                    false);
        }
        LastRowtime tap = new LastRowtime(rowtime, rowtimeType);
        tvfRowtimes.put(id, tap);
        return new Relation(
                columns,
                sink -> input.producer().run(new WindowTableFunction(spec, rowtime, rowtimeType, zone, tap.into(sink))),
                input.fixture(),
                shift,
                input.interleaved());
    }

    private static void requireRowtimeWindowing(JsonNode node, JsonNode windowing) {
        if (!windowing.path("strategy").asText().equals("TimeAttribute")) {
            throw notModelled(
                    node, "window strategy " + windowing.path("strategy").asText());
        }
        if (!windowing.path("isRowtime").asBoolean()) {
            throw notModelled(node, "processing-time windows (Flink fires them by the wall clock)");
        }
    }

    /** The window of a window TVF's node; null for a session window. */
    private static WindowSpec windowSpec(JsonNode node, JsonNode window) {
        long offset = millis(window.path("offset"));
        return switch (window.path("type").asText()) {
            case "TumblingWindow" -> WindowSpec.tumble(millis(window.path("size")), offset);
            case "HoppingWindow" -> WindowSpec.hop(millis(window.path("size")), millis(window.path("slide")), offset);
            case "CumulativeWindow" ->
                WindowSpec.cumulate(millis(window.path("maxSize")), millis(window.path("step")), offset);
            case "SessionWindow" -> null;
            default ->
                throw notModelled(node, "the window " + window.path("type").asText());
        };
    }

    private static long millis(JsonNode duration) {
        return duration.isMissingNode() || duration.isNull()
                ? 0
                : Duration.parse(duration.asText()).toMillis();
    }

    private Relation windowAggregate(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        JsonNode windowing = node.path("windowing");
        if (windowing.path("strategy").asText().equals("WindowAttached")) {
            return attachedWindowAggregate(id, node, input);
        }
        requireRowtimeWindowing(node, windowing);
        requireNoRetraction(node);
        int rowtime = windowing.path("timeAttributeIndex").asInt();
        WindowSpec spec = windowSpec(node, windowing.path("window"));
        long gap = spec == null ? millis(windowing.path("window").path("gap")) : 0;
        if (spec == null && !groupsBy(node, windowing.path("window").path("partition_key_indices"))) {
            // the operator merges sessions per grouping key (StreamExecWindowAggregate's key selector);
            // the planner fuses a partitioned SESSION TVF only into an aggregation grouped by its partition
            throw notModelled(node, "a SESSION window partitioned by columns it is not grouped by");
        }
        return aggregation(id, input, node, rowtime, spec, gap, false);
    }

    /**
     * A window aggregation over the rows of a TUMBLE window table function, with a calc between them
     * (the planner's shape when a filter on window_start or window_end is pushed below the
     * aggregation): Flink's WindowAggOperator takes each row's window from its window_end
     * (SliceAssigners#windowed) and drops it as late when that window has fired, as the fused
     * aggregation does with the one TUMBLE window of its rowtime. So it is run as that aggregation,
     * over each row with the rowtime of the window table function's row it comes from appended.
     *
     * <p>HOP and CUMULATE rows come once per window, every window a slice of its own
     * (SliceAssigners#windowed), each late when its window has fired and counted so. Windows of one
     * end fire alike, so each row is aggregated in the TUMBLE window of the slice length (HOP's slide,
     * CUMULATE's step: the same timers and buffer grid) that ends at its window_end, at a rowtime of
     * window_end - 1, and the aggregated rows get the start of the HOP or CUMULATE window of that end.
     * A late row's explanation names that slice-long window.
     */
    private Relation attachedWindowAggregate(int id, JsonNode node, Relation input) {
        JsonNode windowing = node.path("windowing");
        WindowSpec spec = windowSpec(node, windowing.path("window"));
        if (!windowing.path("isRowtime").asBoolean()) {
            throw notModelled(node, "processing-time windows (Flink fires them by the wall clock)");
        }
        int current = graph.input(id);
        while (PlanGraph.type(graph.node(current)).matches("stream-exec-(calc|exchange)")) {
            current = graph.input(current);
        }
        LastRowtime tvf = tvfRowtimes.get(current);
        if (spec == null || tvf == null) {
            throw notModelled(
                    node,
                    "window strategy WindowAttached of other than a TUMBLE, HOP or CUMULATE window table function");
        }
        requireNoRetraction(node);
        List<Column> columns = new ArrayList<>(input.columns());
        columns.add(new Column("$rowtime", tvf.type, true));
        int width = input.columns().size();
        if (spec.kind() == WindowSpec.Kind.TUMBLE) {
            Relation withRowtime = input.with(columns, sink -> input.producer().run(tvf.appendedTo(width, sink)));
            return aggregation(id, withRowtime, node, width, spec, 0, false);
        }
        if (!WindowRows.shiftZone(tvf.type, zone).normalized().equals(ZoneOffset.UTC)) {
            throw notModelled(
                    node,
                    "window strategy WindowAttached of a " + spec.kind() + " window over a TIMESTAMP_LTZ rowtime"
                            + " outside UTC");
        }
        int windowEnd = windowing.path("windowEnd").asInt();
        List<Expression> appended = unchanged(input.columns());
        appended.add(new Expression(tvf.type, (row, context) -> Timestamps.millis(row[windowEnd]) - 1, false));
        Relation withRowtime =
                input.with(columns, sink -> input.producer().run(new Calc(null, appended, sink, zone, null)));
        long slice = spec.sliceSize();
        Relation aggregated =
                aggregation(id, withRowtime, node, width, WindowSpec.tumble(slice, spec.offset()), 0, false);
        List<Expression> started = unchanged(aggregated.columns());
        int column = node.path("grouping").size() + node.path("aggCalls").size();
        for (JsonNode property : node.path("namedWindowProperties")) {
            if (property.path("property").path("kind").asText().equals("WindowStart")) {
                int start = column;
                started.set(
                        start,
                        new Expression(
                                started.get(start).type(),
                                (row, context) -> {
                                    long end = (Long) row[start] + slice;
                                    return spec.windowsOf(end - 1).stream()
                                            .filter(window -> window.end() == end)
                                            .findFirst()
                                            .orElseThrow()
                                            .start();
                                },
                                false));
            }
            column++;
        }
        return aggregated.with(
                aggregated.columns(), sink -> aggregated.producer().run(new Calc(null, started, sink, zone, null)));
    }

    /** A projection of every column as it is. */
    private static List<Expression> unchanged(List<Column> columns) {
        List<Expression> projection = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            projection.add(Expression.column(i, columns.get(i).type()));
        }
        return projection;
    }

    /** Passes a window table function's rows on, keeping the rowtime of the last. */
    private static class LastRowtime extends ForwardingRowSink {
        private final int rowtimeIndex;
        private final SqlType type;
        private Object rowtime;

        LastRowtime(int rowtimeIndex, SqlType type) {
            super(null);
            this.rowtimeIndex = rowtimeIndex;
            this.type = type;
        }

        /** A sink that passes rows of {@code width} columns on with this rowtime appended. */
        RowSink appendedTo(int width, RowSink sink) {
            LastRowtime tap = this;
            return new LastRowtime(-1, type) {
                {
                    into(sink);
                }

                @Override
                public void row(Object[] values, int fixtureLine) {
                    Object[] row = Arrays.copyOf(values, width + 1);
                    row[width] = tap.rowtime;
                    sink.row(row, fixtureLine);
                }
            };
        }

        @Override
        public void row(Object[] values, int fixtureLine) {
            rowtime = values[rowtimeIndex];
            downstream.row(values, fixtureLine);
        }

        @Override
        public void interleavedWatermark(long watermark) {
            downstream.interleavedWatermark(watermark);
        }
    }

    /** Whether every column of {@code columns} is one of the node's grouping keys. */
    private static boolean groupsBy(JsonNode node, JsonNode columns) {
        List<Integer> grouping = new ArrayList<>();
        node.path("grouping").forEach(index -> grouping.add(index.asInt()));
        for (JsonNode column : columns) {
            if (!grouping.contains(column.asInt())) {
                return false;
            }
        }
        return true;
    }

    private Relation groupWindowAggregate(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        requireNoRetraction(node);
        JsonNode window = node.path("window");
        int rowtime = window.path("timeField").path("fieldIndex").asInt();
        if (!window.path("isTimeWindow").asBoolean(true)) {
            throw notModelled(node, "row-count group windows");
        }
        if (!input.columns().get(rowtime).rowtime()) {
            throw notModelled(node, "processing-time windows (Flink fires them by the wall clock)");
        }
        WindowSpec spec;
        long gap = 0;
        switch (window.path("kind").asText()) {
            case "TUMBLING" -> spec = WindowSpec.tumble(millis(window.path("size")), 0);
            case "SLIDING" -> spec = WindowSpec.hop(millis(window.path("size")), millis(window.path("slide")), 0);
            case "SESSION" -> {
                spec = null;
                gap = millis(window.path("gap"));
            }
            default ->
                throw notModelled(
                        node, "the group window " + window.path("kind").asText());
        }
        return aggregation(id, input, node, rowtime, spec, gap, true);
    }

    /**
     * A windowed aggregation: the simulator's operator gives [keys..., window_start, window_end,
     * window_time, aggregates...]; the node gives [keys..., aggregates..., its window properties].
     */
    private Relation aggregation(
            int id, Relation input, JsonNode node, int rowtime, WindowSpec spec, long gap, boolean groupWindow) {
        if (spec == null) {
            input.ordered(null, "a SESSION window"); // a session merges rows in the order they arrive
        }
        List<Expression> keys = keys(node, input);
        List<AggregateCall> aggregates = aggregateCalls(id, node, input);
        if (!settings.streaming()) {
            throw notModelled(node, "a streaming window aggregation in batch mode");
        }
        SqlType rowtimeType = input.columns().get(rowtime).type();
        List<Column> columns = PlanTypes.columns(node.path("outputType"));
        int[] from = new int[columns.size()];
        int k = keys.size();
        for (int i = 0; i < k; i++) {
            from[i] = i;
        }
        for (int i = 0; i < aggregates.size(); i++) {
            from[k + i] = k + 3 + i;
        }
        int next = k + aggregates.size();
        for (JsonNode property : node.path("namedWindowProperties")) {
            from[next++] = switch (property.path("property").path("kind").asText()) {
                case "WindowStart" -> k;
                case "WindowEnd" -> k + 1;
                case "Rowtime", "WindowTime" -> k + 2;
                case "Proctime" -> -1;
                default ->
                    throw notModelled(
                            node,
                            "the window property " + property.path("property").path("kind"));
            };
        }
        ZoneId shift = WindowRows.shiftZone(rowtimeType, zone);
        List<Expression> outputKeys = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            outputKeys.add(Expression.column(i, keys.get(i).type()));
        }
        SessionFiring firing = new SessionFiring(k + 1, outputKeys, shift, zone);
        sessionFirings.put(id, firing);
        return new Relation(
                columns,
                sink -> {
                    RowSink output = firing.into(new Permutation(from, sink));
                    RowSink aggregation = spec == null
                            ? new SessionWindowAggregation(
                                    gap, rowtime, rowtimeType, keys, aggregates, output, trace, input.fixture(), zone)
                            : new WindowAggregation(
                                    spec,
                                    groupWindow,
                                    rowtime,
                                    rowtimeType,
                                    true,
                                    keys,
                                    aggregates,
                                    output,
                                    trace,
                                    input.fixture(),
                                    zone);
                    input.producer().run(aggregation);
                },
                input.fixture(),
                shift,
                input.interleaved());
    }

    // ---------------------------------------------------------------- aggregations

    private List<Expression> keys(JsonNode node, Relation input) {
        List<Expression> keys = new ArrayList<>();
        for (JsonNode index : node.path("grouping")) {
            int column = index.asInt();
            keys.add(Expression.column(column, input.columns().get(column).type()));
        }
        return keys;
    }

    private List<AggregateCall> aggregateCalls(int id, JsonNode node, Relation input) {
        List<AggregateCall> calls = new ArrayList<>();
        for (JsonNode call : node.path("aggCalls")) {
            AggregateCall compiled = PlanAggregates.compile(call, input.columns());
            if (!settings.streaming()) {
                compiled = compiled.inBatchOrder();
            }
            calls.add(compiled);
        }
        if (readsUnion(graph.input(id))) {
            for (AggregateCall call : calls) {
                if (call.dependsOnArrivalOrder()) {
                    throw new UnsupportedConstructException(
                            null,
                            call.function() + " of " + call.argument().type() + " over UNION ALL"
                                    + " (it rounds or picks in arrival order, which depends on how Flink interleaves"
                                    + " the inputs)");
                }
            }
        }
        return calls;
    }

    /** Whether a node reads a UNION ALL, through nodes of one input. */
    private boolean readsUnion(int id) {
        List<Integer> inputs = graph.inputs(id);
        return PlanGraph.type(graph.node(id)).endsWith("-union") || (inputs.size() == 1 && readsUnion(inputs.get(0)));
    }

    private static void requireNoRetraction(JsonNode node) {
        if (node.path("needRetraction").asBoolean(false)) {
            throw notModelled(node, "an aggregation over an updating (changelog) input, whose updates retract");
        }
    }

    private Relation groupAggregate(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        requireNoRetraction(node);
        if (!node.path("generateUpdateBefore").asBoolean(false)) {
            throw notModelled(node, "a regular aggregation that emits no UPDATE_BEFORE");
        }
        Function<Object[], List<Object>> firingTag = sessionFiringTag(graph.input(id));
        if (firingTag == null && !emitsOnArrival(graph.input(id))) {
            throw new UnsupportedConstructException(
                    null,
                    "a regular aggregation over rows that OVER, Top-N, deduplication or regular aggregation operators"
                            + " emit (rows of several keys whose timers fire together come in the order of Flink's timer"
                            + " heap; updates retract)");
        }
        input.ordered(null, "a regular aggregation");
        List<Expression> keys = keys(node, input);
        List<AggregateCall> aggregates = aggregateCalls(id, node, input);
        trace.updatingResult();
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new GroupAggregation(
                                keys,
                                aggregates,
                                firingTag,
                                sink,
                                zone,
                                !stateTtl(node).isZero())));
    }

    /**
     * For the rows of a SESSION window table function (UnalignedWindowTableFunctionOperator emits a
     * session's rows when its timer fires) or of a window aggregation (each window's row when its
     * timer fires), through calcs and exchanges: the timer time and partition or grouping key of the
     * row each row comes from, with which {@link GroupAggregation} finds windows of different keys
     * firing together into one group (their order is Flink's timer heap's). Null for other inputs.
     */
    private Function<Object[], List<Object>> sessionFiringTag(int id) {
        int current = id;
        while (PlanGraph.type(graph.node(current)).matches("stream-exec-(calc|exchange)")) {
            current = graph.input(current);
        }
        SessionFiring firing = sessionFirings.get(current);
        return firing == null ? null : row -> firing.tag;
    }

    /**
     * Passes the rows of a SESSION window TVF or of a window aggregation on, keeping the timer time and
     * partition (grouping) key of the last: the operators after it run synchronously, so a row reaching
     * a later operator is that row's.
     */
    private static final class SessionFiring extends ForwardingRowSink {
        private final int windowEnd;
        private final List<Expression> partition;
        private final ZoneId shift;
        private final EvaluationContext context;
        private List<Object> tag;

        SessionFiring(int windowEnd, List<Expression> partition, ZoneId shift, ZoneId zone) {
            super(null);
            this.windowEnd = windowEnd;
            this.partition = partition;
            this.shift = shift;
            this.context = EvaluationContext.withoutWatermark(zone);
        }

        @Override
        public void row(Object[] values, int fixtureLine) {
            List<Object> next = new ArrayList<>(partition.size() + 1);
            next.add(WindowRows.timerTime((Long) values[windowEnd], shift));
            for (Expression key : partition) {
                next.add(key.evaluate(values, context));
            }
            tag = next;
            downstream.row(values, fixtureLine);
        }
    }

    /** Whether a node's rows come as the fixture's rows arrive: a scan, through watermark assigners, calcs, exchanges. */
    private boolean emitsOnArrival(int id) {
        String type = PlanGraph.type(graph.node(id));
        return switch (type) {
            case "stream-exec-table-source-scan" -> true;
            case "stream-exec-watermark-assigner", "stream-exec-calc", "stream-exec-exchange" ->
                emitsOnArrival(graph.input(id));
            // TUMBLE, HOP and CUMULATE rows go on as they arrive (AlignedWindowTableFunctionOperator), SESSION's as it
            // fires
            case "stream-exec-window-table-function" ->
                !sessionFirings.containsKey(id) && emitsOnArrival(graph.input(id));
            default -> false;
        };
    }

    private Relation batchAggregate(int id, JsonNode node) {
        Relation input = relation(graph.input(id));
        if (node.path("isMerge").asBoolean(false) || !node.path("isFinal").asBoolean(true)) {
            throw notModelled(node, "a two-phase batch aggregation");
        }
        if (node.path("auxGrouping").size() > 0) {
            throw notModelled(node, "auxiliary grouping");
        }
        List<Expression> keys = keys(node, input);
        List<AggregateCall> aggregates = aggregateCalls(id, node, input);
        if (keys.stream().anyMatch(key -> key.type().isApproximate())
                || aggregates.stream()
                        .anyMatch(call -> call.distinct()
                                && call.argument() != null
                                && call.argument().type().isApproximate())) {
            // measured (fuzz seed 17, case 1200): six DOUBLEs with NaN and two -0.0 of four values counted 5 by
            // Flink; the planner makes a DISTINCT aggregate a grouping by its argument below the aggregation
            throw new UnsupportedConstructException(
                    null,
                    "grouping by FLOAT/DOUBLE values in batch mode, as DISTINCT aggregates of FLOAT/DOUBLE in batch"
                            + " mode do (Flink's batch aggregation does not tell NaN and -0.0 apart as the simulator"
                            + " does)");
        }
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer().run(new BatchAggregation(keys, aggregates, sink, zone)));
    }

    private Relation overAggregate(int id, JsonNode node) {
        Relation input = relation(graph.input(id)).ordered(null, "an OVER aggregation");
        JsonNode spec = node.path("overSpec");
        if (spec.path("groups").size() != 1) {
            throw notModelled(node, "OVER aggregations with several windows");
        }
        JsonNode group = spec.path("groups").get(0);
        if (BoundedOverNode.applies(group)) {
            return BoundedOverNode.relation(node, group, input, trace, zone);
        }
        if (!group.path("lowerBound").path("kind").asText().equals("UNBOUNDED_PRECEDING")
                || !group.path("upperBound").path("kind").asText().equals("CURRENT_ROW")) {
            throw notModelled(node, "OVER windows other than UNBOUNDED PRECEDING to CURRENT ROW");
        }
        JsonNode order = group.path("orderBy").path("fields");
        if (order.size() != 1 || !order.get(0).path("isAscending").asBoolean()) {
            throw notModelled(node, "OVER windows ordered by anything but one time attribute ascending");
        }
        int time = order.get(0).path("index").asInt();
        Column timeColumn = input.columns().get(time);
        if (!timeColumn.rowtime() && !timeColumn.proctime()) {
            throw notModelled(node, "OVER windows ordered by a column that is no time attribute");
        }
        List<Expression> partition = new ArrayList<>();
        for (JsonNode field : spec.path("partition").path("fields")) {
            int column = field.asInt();
            partition.add(Expression.column(column, input.columns().get(column).type()));
        }
        List<Supplier<Accumulator>> calls = new ArrayList<>();
        List<Expression> constants = new ArrayList<>();
        for (JsonNode constant : spec.path("constants")) {
            constants.add(PlanExpressions.compile(constant, List.of()));
        }
        for (JsonNode call : group.path("aggCalls")) {
            if (call.path("internalName").asText().equals("$LAG$1")) {
                LagCall lag = lag(node, call, input.columns(), constants);
                calls.add(lag::newAccumulator);
                continue;
            }
            for (JsonNode argument : call.path("argList")) {
                if (argument.asInt() >= input.columns().size()) {
                    throw notModelled(node, "an OVER aggregate of a constant");
                }
            }
            AggregateCall compiled = PlanAggregates.compile(call, input.columns());
            calls.add(compiled::newAccumulator);
        }
        boolean rows = group.path("isRows").asBoolean();
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer()
                        .run(new OverAggregation(
                                partition,
                                timeColumn.rowtime() ? time : -1,
                                timeColumn.type(),
                                rows,
                                calls,
                                sink,
                                trace,
                                input.fixture(),
                                zone)));
    }

    /**
     * LAG(value [, offset [, default]]): the offset and a constant default are the OVER node's
     * constants, which the call's arguments index after the input's columns.
     */
    private static LagCall lag(JsonNode node, JsonNode call, List<Column> input, List<Expression> constants) {
        JsonNode arguments = call.path("argList");
        List<Expression> operands = new ArrayList<>();
        for (JsonNode argument : arguments) {
            int index = argument.asInt();
            operands.add(
                    index < input.size()
                            ? Expression.column(index, input.get(index).type())
                            : constants.get(index - input.size()));
        }
        if (operands.isEmpty() || operands.size() > 3) {
            throw notModelled(node, "LAG of " + operands.size() + " arguments");
        }
        int offset = 1;
        if (operands.size() > 1) {
            int index = arguments.get(1).asInt();
            Object value = index < input.size() ? null : operands.get(1).evaluate(new Object[0], null);
            if (!(value instanceof Number number)) {
                throw notModelled(node, "LAG with an offset that is no constant");
            }
            offset = number.intValue();
        }
        if (!PlanTypes.of(call.path("type")).equals(operands.get(0).type())) {
            throw notModelled(
                    node,
                    "LAG typed " + PlanTypes.of(call.path("type")) + " of "
                            + operands.get(0).type());
        }
        return new LagCall(operands.get(0), offset, operands.size() > 2 ? operands.get(2) : null);
    }

    // ---------------------------------------------------------------- batch order

    private static long limit(JsonNode node) {
        if (node.path("limitStart").asLong(0) != 0) {
            throw notModelled(node, "OFFSET");
        }
        return node.path("limitEnd").asLong();
    }

    /**
     * A window top-N, ROW_NUMBER over the window's rows filtered to a constant range from 1
     * (WindowRankOperator): the window's rows are sorted by the plan's sort spec when it fires.
     */
    private Relation windowRank(int id, JsonNode node) {
        Relation input = relation(graph.input(id)).ordered(null, "a window top-N");
        JsonNode range = node.path("rankRange");
        if (!node.path("rankType").asText().equals("ROW_NUMBER")
                || !range.path("type").asText().equals("Constant")
                || range.path("start").asLong() != 1) {
            throw notModelled(node, "a window rank other than ROW_NUMBER from 1 to a constant");
        }
        JsonNode windowing = node.path("windowing");
        List<Expression> partition = columns(node.path("partitionSpec").path("fields"), input);
        Comparator<Object[]> order = order(node.path("sortSpec"), Values::sortKeyCompare);
        Comparator<Object[]> exactOrder = order(node.path("sortSpec"), Values::compare);
        boolean rowNumber = node.path("outputRowNumber").asBoolean();
        return topN(
                node,
                input,
                windowing,
                partition,
                order,
                exactOrder,
                range.path("end").asLong(),
                false,
                rowNumber);
    }

    /**
     * A window deduplication (WindowDeduplicate: a top-1 ordered by the rowtime), which keeps the
     * first row of a partition or the last, of rows tied on rowtime the last
     * (RowTimeDeduplicateRecordsCombiner#isDuplicate).
     */
    private Relation windowDeduplicate(int id, JsonNode node) {
        Relation input = relation(graph.input(id)).ordered(null, "a window deduplication");
        List<Expression> partition = columns(node.path("partitionKeys"), input);
        int orderKey = node.path("orderKey").asInt();
        if (!input.columns().get(orderKey).rowtime()) {
            throw notModelled(node, "a window deduplication ordered by anything but the rowtime");
        }
        boolean last = node.path("keepLastRow").asBoolean();
        Comparator<Object[]> byRowtime = (a, b) -> Values.compare(a[orderKey], b[orderKey]);
        Comparator<Object[]> order = last ? byRowtime.reversed() : byRowtime;
        return topN(node, input, node.path("windowing"), partition, order, order, 1, last, false);
    }

    private Relation topN(
            JsonNode node,
            Relation input,
            JsonNode windowing,
            List<Expression> partition,
            Comparator<Object[]> order,
            Comparator<Object[]> exactOrder,
            long limit,
            boolean keepLastOfTies,
            boolean rowNumber) {
        if (!windowing.path("strategy").asText().equals("WindowAttached")
                || !windowing.path("isRowtime").asBoolean()) {
            throw notModelled(
                    node, "window strategy " + windowing.path("strategy").asText() + " of a top-N");
        }
        int start = windowing.path("windowStart").asInt();
        int end = windowing.path("windowEnd").asInt();
        List<Column> columns = PlanTypes.columns(node.path("outputType"));
        int width = input.columns().size();
        return input.with(columns, sink -> {
            RowSink output = rowNumber ? sink : new Permutation(identity(width), sink);
            input.producer()
                    .run(new WindowTopN(
                            partition,
                            start,
                            end,
                            order,
                            exactOrder,
                            limit,
                            keepLastOfTies,
                            input.windowShift(),
                            settings.streaming(),
                            output,
                            trace,
                            input.fixture(),
                            zone));
        });
    }

    private static int[] identity(int width) {
        int[] columns = new int[width];
        for (int i = 0; i < width; i++) {
            columns[i] = i;
        }
        return columns;
    }

    static List<Expression> columns(JsonNode indices, Relation input) {
        List<Expression> columns = new ArrayList<>();
        for (JsonNode index : indices) {
            int column = index.asInt();
            columns.add(Expression.column(column, input.columns().get(column).type()));
        }
        return columns;
    }

    /** A plan's sort spec as a comparator of rows, non-null values compared with {@code compare}. */
    static Comparator<Object[]> order(JsonNode sortSpec, Comparator<Object> compare) {
        Comparator<Object[]> order = null;
        for (JsonNode field : sortSpec.path("fields")) {
            int index = field.path("index").asInt();
            boolean ascending = field.path("isAscending").asBoolean();
            boolean nullsLast = field.path("nullIsLast").asBoolean();
            Comparator<Object[]> byField = (a, b) -> {
                Object x = a[index];
                Object y = b[index];
                if (x == null || y == null) {
                    return x == y ? 0 : (x == null) == nullsLast ? 1 : -1;
                }
                int compared = compare.compare(x, y);
                return ascending ? compared : -compared;
            };
            order = order == null ? byField : order.thenComparing(byField);
        }
        return order;
    }

    /**
     * ORDER BY (and LIMIT) in batch mode: every row, sorted at the end of the input. Which of the rows
     * its keys tie comes first matters where a LIMIT cuts them or where the sort's order is the
     * result's (through calcs and exchanges to the sink); a sort the planner puts below a sort
     * aggregation only groups.
     */
    private Relation sort(int id, JsonNode node, long limit) {
        Relation input = relation(graph.input(id));
        Comparator<Object[]> sorted = order(node.path("sortSpec"), Values::compare);
        boolean tiesShow = limit >= 0 || ordersTheSink(id);
        return input.with(
                PlanTypes.columns(node.path("outputType")),
                sink -> input.producer().run(new SortedRows(sorted, limit, tiesShow, sink)));
    }

    /** Whether a node's rows reach a sink in the order it gives them: through calcs and exchanges only. */
    private boolean ordersTheSink(int id) {
        for (int consumer : graph.consumers(id)) {
            String type = PlanGraph.type(graph.node(consumer));
            boolean keeps = switch (type) {
                case "batch-exec-sink", "stream-exec-sink" -> true;
                case "batch-exec-calc", "batch-exec-exchange", "stream-exec-calc", "stream-exec-exchange" ->
                    ordersTheSink(consumer);
                default -> false;
            };
            if (keeps) {
                return true;
            }
        }
        return false;
    }

    /**
     * The longest time-to-live of a node's state, as the plan's state metadata says (Flink writes
     * {@code table.exec.state.ttl}, or a STATE_TTL hint, into each stateful node's {@code state}):
     * zero when its state never expires.
     */
    static Duration stateTtl(JsonNode node) {
        Duration longest = Duration.ZERO;
        for (JsonNode state : node.path("state")) {
            Duration ttl = TimeUtils.parseDuration(state.path("ttl").asText("0 ms"));
            longest = ttl.compareTo(longest) > 0 ? ttl : longest;
        }
        return longest;
    }

    static UnsupportedConstructException notModelled(JsonNode node, String what) {
        return new UnsupportedConstructException(
                null,
                what + " (" + node.path("description").asText(node.path("type").asText()) + ")");
    }
}
