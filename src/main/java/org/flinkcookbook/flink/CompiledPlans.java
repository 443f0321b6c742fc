package org.flinkcookbook.flink;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.config.ExecutionConfigOptions.RowtimeInserter;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.delegation.Parser;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.SinkModifyOperation;
import org.apache.flink.table.types.utils.DataTypeUtils;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.StatementFailure;

/**
 * Flink's planner for the simulator: the session's definitions and options go to a planning table
 * environment as on {@link PlanningBackEnd} (tables bound to their fixtures, stand-ins for those
 * that cannot run here, ONE_PHASE aggregation), and each query, INSERT or statement set comes back
 * as Flink's JSON compiled plan, every rewrite of the planner done (constant folding and
 * propagation, filters pushed down, empty inputs pruned, implicit casts into the sink).
 */
public final class CompiledPlans extends PlanningBackEnd {

    /** The name of the temporary sink a query is compiled into; never a recipe's. */
    private static final String QUERY_SINK = "cookbook_simulated_query";

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final ConfigOption<RowtimeInserter> ROWTIME_INSERTER =
            ExecutionConfigOptions.TABLE_EXEC_SINK_ROWTIME_INSERTER;

    /**
     * The plan of a query, or of what an INSERT writes.
     *
     * @param json the compiled plan, written into a sink of exactly the query's schema that takes
     *     every kind of change, as the sink Flink collects a query's rows with
     * @param columns the result's column names: the query's, or the sink table's persisted columns
     * @param sink the sink table as the INSERT names it, or null for a query
     */
    public record CompiledQuery(String json, List<String> columns, String sink) {}

    private final Path fixturesDirectory;

    public CompiledPlans(Recipe recipe, Path fixturesDirectory) {
        super(recipe, new FlinkSettings(fixturesDirectory, Duration.ZERO, false));
        this.fixturesDirectory = fixturesDirectory;
    }

    /** The plan of a query (from {@link PlanCache} when this session state planned it before). */
    public CompiledQuery compileQuery(ParsedStatement statement) {
        String key = PlanCache.key(fixturesDirectory.toString(), sessionState(), List.of(statement.sql()));
        Optional<List<CompiledQuery>> cached = PlanCache.get(key);
        if (cached.isPresent()) {
            return cached.get().get(0);
        }
        CompiledQuery plan = compile(environment().sqlQuery(statement.sql()), null);
        PlanCache.put(key, List.of(plan));
        return plan;
    }

    /**
     * The plans of INSERTs: the INSERTs are planned together first, as Flink plans a statement set
     * (a sink that refuses the query's changes, or a column it cannot take, is Flink's error), then
     * what each writes is planned as the Flink engine captures it: the INSERT's query cast to the
     * sink's columns ({@link CapturedInsert}).
     */
    public List<CompiledQuery> compileInserts(List<ParsedStatement> inserts) throws StatementFailure {
        String key = PlanCache.key(
                fixturesDirectory.toString(),
                sessionState(),
                inserts.stream().map(ParsedStatement::sql).toList());
        Optional<List<CompiledQuery>> cached = PlanCache.get(key);
        if (cached.isPresent()) {
            return cached.get();
        }
        insert(inserts);
        List<CompiledQuery> plans = new ArrayList<>();
        for (ParsedStatement insert : inserts) {
            try {
                CapturedInsert captured = capturedInsert(insert, insert.insert());
                plans.add(compile(captured.table(), captured.sink()));
            } catch (PlanNotCompiled e) {
                throw e;
            } catch (RuntimeException e) {
                throw failed(insert, e);
            }
        }
        PlanCache.put(key, plans);
        return plans;
    }

    /** A statement Flink's planner refuses is an error of the recipe's, as when Flink runs it. */
    @Override
    public RecipeStatus rejected() {
        return RecipeStatus.ERROR;
    }

    /**
     * The plan of a query, inserted into a temporary sink that discards (and takes every kind of
     * change, as Flink's collect sink does) whose columns have exactly the query's types (time
     * attributes as plain timestamps), so that the planner adds no cast.
     */
    private CompiledQuery compile(Table query, String sinkName) {
        ResolvedSchema schema = query.getResolvedSchema();
        Schema.Builder sink = Schema.newBuilder();
        List<Column> columns = schema.getColumns();
        for (int i = 0; i < columns.size(); i++) {
            // distinct names: a query may give two columns one name
            sink.column(
                    "f" + i, DataTypeUtils.removeTimeAttribute(columns.get(i).getDataType()));
        }
        environment()
                .createTemporaryTable(
                        QUERY_SINK,
                        TableDescriptor.forConnector(StandInConnector.IDENTIFIER)
                                .option(StandInConnector.SINK_CHANGES, "all")
                                .schema(sink.build())
                                .build());
        try {
            return new CompiledQuery(compilePlan(query), schema.getColumnNames(), sinkName);
        } finally {
            environment().dropTemporaryTable(QUERY_SINK);
        }
    }

    /**
     * The query's compiled plan, planned as {@code Table#insertInto(...)#compilePlan} plans it. Some
     * plans Flink runs cannot be serialized (a batch group window aggregation's ExecNode has no
     * serializable type): the simulator then has no plan to execute, which is no error of the
     * recipe's.
     */
    private String compilePlan(Table query) {
        CatalogManager catalog = catalogManager();
        ModifyOperation insert = new SinkModifyOperation(
                catalog.getTableOrError(catalog.qualifyIdentifier(UnresolvedIdentifier.of(QUERY_SINK))),
                query.getQueryOperation(),
                Map.of(),
                null,
                false,
                Map.of());
        Planner planner = ((TableEnvironmentImpl) environment()).getPlanner();
        // the sink stands for Flink's collect sink, which sets no rowtime on its records (CommonExecSink): a query
        // with two rowtime columns (an interval join's) is no error there
        TableConfig config = environment().getConfig();
        Optional<RowtimeInserter> inserter = config.getOptional(ROWTIME_INSERTER);
        config.set(ROWTIME_INSERTER, RowtimeInserter.DISABLED);
        try {
            InternalPlan plan = planner.compilePlan(List.of(insert));
            String json;
            try {
                json = plan.asJsonString();
            } catch (Exception compiling) { // Jackson's serialization errors come through undeclared
                planner.translatePlan(plan); // Flink's own error first, if its code generation refuses the plan
                throw new PlanNotCompiled(compiling);
            }
            json = withTemporaryTables(json);
            // translated into Flink's operators as a job's submission does (code generated, no class compiled, no
            // job): what Flink refuses only there (a HOP whose size is no multiple of its slide, a SESSION window
            // table function in batch mode, an interval literal of more than 3 leading digits) is its error of the
            // statement
            planner.translatePlan(plan);
            return json;
        } finally {
            inserter.ifPresentOrElse(
                    value -> config.set(ROWTIME_INSERTER, value),
                    () -> config.getConfiguration().removeConfig(ROWTIME_INSERTER));
        }
    }

    /**
     * The plan with the temporary tables it reads written out as its permanent ones are. Flink
     * writes a temporary table into a compiled plan by its identifier alone
     * (ContextResolvedTableJsonSerializer: only permanent and anonymous tables are written out), and a
     * restored plan looks it up in its session's catalog; so does this, in the session's catalog as
     * the recipe's definitions and their {@code cookbook:fixture} bindings left it: the table's
     * options, and its physical columns with their types as serializable strings.
     */
    private String withTemporaryTables(String json) {
        try {
            JsonNode plan = JSON.readTree(json);
            List<ObjectNode> unresolved = new ArrayList<>();
            plan.findParents("identifier").forEach(node -> {
                if (node instanceof ObjectNode table && !table.has("resolvedTable")) {
                    unresolved.add(table);
                }
            });
            if (unresolved.isEmpty()) {
                return json;
            }
            CatalogManager catalog = catalogManager();
            Parser parser = ((TableEnvironmentInternal) environment()).getParser();
            for (ObjectNode table : unresolved) {
                ObjectIdentifier id = catalog.qualifyIdentifier(
                        parser.parseIdentifier(table.path("identifier").asText()));
                catalog.getTable(id)
                        .filter(ContextResolvedTable::isTemporary)
                        .ifPresent(temporary -> table.set("resolvedTable", resolved(temporary)));
            }
            return JSON.writeValueAsString(plan);
        } catch (JsonProcessingException | TableException e) { // a column type without a serializable string
            throw new PlanNotCompiled(e);
        }
    }

    private static ObjectNode resolved(ContextResolvedTable table) {
        ObjectNode resolved = JSON.createObjectNode();
        ArrayNode columns = resolved.putObject("schema").putArray("columns");
        for (Column column : table.getResolvedSchema().getColumns()) {
            if (column.isPhysical()) {
                columns.addObject()
                        .put("name", column.getName())
                        .put("dataType", column.getDataType().getLogicalType().asSerializableString());
            }
        }
        ObjectNode options = resolved.putObject("options");
        table.getResolvedTable().getOptions().forEach(options::put);
        return resolved;
    }

    /** A plan Flink runs but cannot compile into JSON. */
    public static final class PlanNotCompiled extends RuntimeException {
        PlanNotCompiled(Exception cause) {
            super("a plan Flink cannot compile (" + FlinkErrors.message(cause) + ")", cause);
        }
    }

    /** What Flink's DESCRIBE gives, computed in the session without a job, rendered as a job's rows are. */
    public StatementResult describeResult(ParsedStatement statement) throws Exception {
        TableResultInternal result = (TableResultInternal) run(statement);
        RowDataToStringConverter converter = result.getRowDataToStringConverter();
        List<ResultRow> rows = new ArrayList<>();
        try (CloseableIterator<RowData> iterator = result.collectInternal()) {
            while (iterator.hasNext()) {
                RowData row = iterator.next();
                String[] printed = converter.convert(row);
                List<String> values = new ArrayList<>(printed.length);
                for (int i = 0; i < printed.length; i++) {
                    values.add(row.isNullAt(i) ? null : printed[i]);
                }
                rows.add(new ResultRow(RowKind.INSERT, values));
            }
        }
        return new StatementResult(
                statement.line(),
                statement.firstWords(),
                null,
                result.getResolvedSchema().getColumnNames(),
                rows,
                false,
                null,
                RowExplanations.NONE,
                0);
    }

    /** The options the session SET (and did not RESET), as Flink got them. */
    public Map<String, String> sessionOptions() {
        return options();
    }
}
