package org.flinkcookbook.flink;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.table.api.CompiledPlan;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.types.utils.DataTypeUtils;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
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
     * The query's compiled plan. Some plans Flink runs cannot be compiled (a batch group window
     * aggregation's ExecNode has no serializable type): when the query explains but does not
     * compile, the simulator has no plan to execute, which is no error of the recipe's.
     */
    private String compilePlan(Table query) {
        CompiledPlan plan;
        String json;
        try {
            plan = query.insertInto(QUERY_SINK).compilePlan();
            json = plan.asJsonString();
        } catch (Exception compiling) { // Jackson's serialization errors come through undeclared
            query.explain(); // Flink's own error, if the query is wrong
            throw new PlanNotCompiled(compiling);
        }
        translate(plan);
        return json;
    }

    /**
     * Flink's code generation of the compiled plan's ExecNode graph, in memory, as a job's submission runs it
     * ({@code Planner#translatePlan}: no job, no generated class compiled): what it refuses is Flink's error of the
     * statement, though the JSON plan may not show it (an interval literal of more than 3 leading digits is {@code
     * INTERVAL SECOND(6)} there). {@code CompiledPlan#explain} would translate it too, but not in batch mode.
     */
    private void translate(CompiledPlan plan) {
        InternalPlan internal;
        try {
            Method unwrap = plan.getClass().getDeclaredMethod("unwrap");
            unwrap.setAccessible(true);
            internal = (InternalPlan) unwrap.invoke(plan);
        } catch (ReflectiveOperationException notThisFlink) {
            throw new IllegalStateException("Flink's compiled plan has no internal plan to translate", notThisFlink);
        }
        ((TableEnvironmentImpl) environment()).getPlanner().translatePlan(internal);
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
                null);
    }

    /** The options the session SET (and did not RESET), as Flink got them. */
    public Map<String, String> sessionOptions() {
        return options();
    }
}
