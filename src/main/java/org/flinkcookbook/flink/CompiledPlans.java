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
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.delegation.Parser;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.guard.InputLog;
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

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The plan of a query, or of what an INSERT writes.
     *
     * @param json the compiled plan, written into a sink of exactly the query's schema that takes
     *     every kind of change, as the sink Flink collects a query's rows with
     * @param columns the result's column names: the query's, or the sink table's persisted columns
     * @param sink the sink table as the INSERT names it, or null for a query
     */
    /**
     * @param placeholders for each column, whether its values differ from run to run in the plan, as
     *     the Flink engine prints them ({@link #varyingValuesInPlan})
     * @param notNull for each column, whether the sink's schema declares it NOT NULL: the query's
     *     resolved type, as the Flink engine's collect sink takes it, whose NOT NULL enforcer fails the
     *     job on a NULL there (the temporary sink is gone from the plan's catalog once it is compiled)
     * @param readsVaryingValues whether the plan calls a function whose values differ from run to
     *     run (the clock): recorded again in {@link InputLog} when the plan is recalled
     */
    public record CompiledQuery(
            String json,
            List<String> columns,
            List<Boolean> placeholders,
            String sink,
            List<Boolean> notNull,
            boolean readsVaryingValues) {}

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
            return recalled(cached.get()).get(0);
        }
        CompiledQuery plan = compile(statement, environment().sqlQuery(statement.sql()), null);
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
            return recalled(cached.get());
        }
        insert(inserts);
        List<CompiledQuery> plans = new ArrayList<>();
        for (ParsedStatement insert : inserts) {
            try {
                CapturedInsert captured = capturedInsert(insert, insert.insert());
                plans.add(compile(insert, captured.table(), captured.sink()));
            } catch (PlanNotCompiled e) {
                throw e;
            } catch (RuntimeException e) {
                throw failed(insert, e);
            }
        }
        PlanCache.put(key, plans);
        return plans;
    }

    /**
     * Plans planned before: a plan that read values differing from run to run counts for this run's
     * inputs too, as planning it again would have ({@link #varyingValuesInPlan}).
     */
    private static List<CompiledQuery> recalled(List<CompiledQuery> plans) {
        if (plans.stream().anyMatch(CompiledQuery::readsVaryingValues)) {
            InputLog.readVaryingValues();
        }
        return plans;
    }

    /** A statement Flink's planner refuses is an error of the recipe's, as when Flink runs it. */
    @Override
    public RecipeStatus rejected() {
        return RecipeStatus.ERROR;
    }

    /** The plan of a query, with the temporary tables it reads written out. */
    private CompiledQuery compile(ParsedStatement statement, Table query, String sinkName) {
        String json = compiledPlan(query, true);
        List<String> columns = query.getResolvedSchema().getColumnNames();
        VaryingValues varying = varyingValuesInPlan(statement, columns.size(), () -> json);
        return new CompiledQuery(
                withTemporaryTables(json),
                columns,
                varying.placeholders(),
                sinkName,
                query.getResolvedSchema().getColumns().stream()
                        .map(column -> !column.getDataType().getLogicalType().isNullable())
                        .toList(),
                varying.read());
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
