package org.flinkcookbook.flink;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;
import static org.apache.flink.table.api.Expressions.nullOf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.config.ExecutionConfigOptions.RowtimeInserter;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.SinkModifyOperation;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.table.types.utils.DataTypeUtils;
import org.apache.flink.table.types.utils.TypeConversions;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.guard.InputLog;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.session.BoundFixture;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.SessionBackEnd;
import org.flinkcookbook.session.StatementFailure;

/**
 * The Flink environment of one recipe session, shared by the planning and the job back end: the
 * session's options (parallelism 1, UTC, streaming unless SET), a runtime-mode change or RESET
 * building a new table environment with the session's definitions replayed into it as the SQL
 * client does, and the tables bound to their fixtures.
 */
abstract class FlinkBackEnd implements SessionBackEnd {

    private static final String RUNTIME_MODE = ExecutionOptions.RUNTIME_MODE.key();
    static final String AGG_PHASE_STRATEGY = "table.optimizer.agg-phase-strategy";

    /** The name of the temporary sink a query is compiled into; never a recipe's. */
    private static final String QUERY_SINK = "cookbook_simulated_query";

    private static final ConfigOption<RowtimeInserter> ROWTIME_INSERTER =
            ExecutionConfigOptions.TABLE_EXEC_SINK_ROWTIME_INSERTER;

    /** A statement that changed the catalog, with the fixture its table is bound to, replayed into a new environment. */
    private record Definition(ParsedStatement statement, Optional<BoundFixture> fixture) {}

    private final Recipe recipe;
    private final Map<String, String> sessionOptions = new LinkedHashMap<>();
    private final List<Definition> definitions = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final FixtureTables fixtureTables;
    private StreamTableEnvironment tableEnvironment;

    FlinkBackEnd(Recipe recipe, FlinkSettings settings) {
        this.recipe = recipe;
        this.fixtureTables = new FixtureTables(settings.fixturesDirectory(), this::catalogManager);
    }

    /** The stream environment jobs of this back end would run on. */
    abstract StreamExecutionEnvironment streamEnvironment(Configuration configuration, ClassLoader classLoader);

    /** A table the recipe binds no fixture to, just created in the catalog. */
    void boundToNoFixture(ParsedStatement statement, ObjectIdentifier table) throws StatementFailure {}

    @Override
    public void define(ParsedStatement statement, Optional<BoundFixture> fixture) throws Exception {
        run(statement);
        definitions.add(new Definition(statement, fixture));
        if (statement.tree() instanceof SqlCreateTable created) {
            bindTable(statement, created, fixture);
            fixtureTables.checkCsvTable(statement.statement(), created);
        }
    }

    private void bindTable(ParsedStatement statement, SqlCreateTable created, Optional<BoundFixture> fixture)
            throws StatementFailure {
        CatalogManager catalog = catalogManager();
        ObjectIdentifier id = catalog.qualifyIdentifier(UnresolvedIdentifier.of(created.getName().names));
        if (fixture.isPresent()) {
            fixtureTables.bind(fixture.get(), id);
        } else {
            boundToNoFixture(statement, id);
        }
    }

    @Override
    public void set(ParsedStatement statement, String key, String value) throws StatementFailure {
        if (key.equals(AGG_PHASE_STRATEGY)) {
            warnings.add(recipe.at(statement.line()) + ": '" + AGG_PHASE_STRATEGY
                    + "' is kept at ONE_PHASE so that late rows are counted as rows");
            return;
        }
        sessionOptions.put(key, value);
        if (key.equals(RUNTIME_MODE)) {
            rebuildEnvironment(statement);
        } else {
            environment().getConfig().getConfiguration().setString(key, value);
        }
    }

    @Override
    public void reset(ParsedStatement statement, String key) throws StatementFailure {
        if (key == null) {
            sessionOptions.clear();
        } else {
            sessionOptions.remove(key);
        }
        rebuildEnvironment(statement);
    }

    /** A new environment with the session's options, and every definition so far replayed into it. */
    private void rebuildEnvironment(ParsedStatement cause) throws StatementFailure {
        try {
            tableEnvironment = newEnvironment();
        } catch (RuntimeException e) {
            throw new StatementFailure(cause.line(), FlinkErrors.message(e));
        }
        for (Definition definition : definitions) {
            try {
                tableEnvironment.executeSql(definition.statement().sql());
            } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
                throw new StatementFailure(failure(definition.statement(), e));
            }
            if (definition.statement().tree() instanceof SqlCreateTable created) {
                bindTable(definition.statement(), created, definition.fixture());
            }
        }
    }

    private StreamTableEnvironment newEnvironment() {
        Configuration configuration = new Configuration();
        configuration.set(CoreOptions.DEFAULT_PARALLELISM, 1);
        configuration.setString("table.local-time-zone", "UTC");
        sessionOptions.forEach(configuration::setString);
        configuration.setString(AGG_PHASE_STRATEGY, "ONE_PHASE");
        configuration.set(
                ExecutionOptions.RUNTIME_MODE, batch() ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        ClassLoader classLoader = FlinkBackEnd.class.getClassLoader();
        EnvironmentSettings environmentSettings = EnvironmentSettings.newInstance()
                .withConfiguration(configuration)
                .withClassLoader(classLoader)
                .build();
        return StreamTableEnvironment.create(streamEnvironment(configuration, classLoader), environmentSettings);
    }

    /** Whether the statement, or a definition before it, names a function Flink declares nondeterministic. */
    boolean namesNondeterministicFunction(ParsedStatement statement) {
        return PlanNondeterminism.names(statement.tree(), planner(), batch())
                || definitions.stream()
                        .anyMatch(definition ->
                                PlanNondeterminism.names(definition.statement().tree(), planner(), batch()));
    }

    /**
     * What the plan Flink runs says of values that differ from run to run ({@link PlanNondeterminism}).
     *
     * @param placeholders for each sink column, whether its values differ, which both engines print as
     *     placeholders
     * @param read whether the plan calls such a function anywhere (a filter on the clock too): recorded in
     *     {@link InputLog}, since a run of another day may give other rows
     */
    record VaryingValues(List<Boolean> placeholders, boolean read) {}

    /**
     * The plan is read only while the session names a function Flink declares nondeterministic; a
     * plan Flink cannot compile into JSON (a batch group window aggregation) has no placeholders, and
     * the name is all there is to go by.
     */
    VaryingValues varyingValuesInPlan(ParsedStatement statement, int width, Supplier<String> plan) {
        List<Boolean> none = Collections.nCopies(width, false);
        if (!namesNondeterministicFunction(statement)) {
            return new VaryingValues(none, false);
        }
        VaryingValues found;
        try {
            PlanNondeterminism analysis = PlanNondeterminism.of(plan.get(), planner(), batch());
            found = new VaryingValues(analysis.sinkColumns(), analysis.callsAny());
        } catch (CompiledPlans.PlanNotCompiled notCompiled) {
            found = new VaryingValues(none, true);
        }
        if (found.read()) {
            InputLog.readVaryingValues(); // the clock is an input: a run of another day may differ
        }
        return found;
    }

    /** The planner of the session's table environment. */
    Planner planner() {
        return ((TableEnvironmentImpl) environment()).getPlanner();
    }

    /** Whether the session runs in batch mode. */
    boolean batch() {
        return "batch".equalsIgnoreCase(sessionOptions.getOrDefault(RUNTIME_MODE, "streaming"));
    }

    /** The session's table environment, built at its first statement. */
    StreamTableEnvironment environment() {
        if (tableEnvironment == null) {
            tableEnvironment = newEnvironment();
        }
        return tableEnvironment;
    }

    /**
     * What a plan depends on besides its statement: the options the session SET and did not RESET, and every
     * definition so far with the fixture file it binds, in order ({@link PlanCache}'s key).
     */
    String sessionState() {
        StringBuilder state = new StringBuilder();
        sessionOptions.forEach((key, value) ->
                state.append("SET '").append(key).append("' = '").append(value).append("'\n"));
        for (Definition definition : definitions) {
            state.append(definition.statement().sql())
                    .append('\n')
                    .append(definition
                            .fixture()
                            .map(BoundFixture::csv)
                            .map(Object::toString)
                            .orElse(""))
                    .append('\n');
        }
        return state.toString();
    }

    /** The options the session SET and did not RESET, as given. */
    Map<String, String> options() {
        return Map.copyOf(sessionOptions);
    }

    CatalogManager catalogManager() {
        return ((TableEnvironmentInternal) environment()).getCatalogManager();
    }

    TableResult run(ParsedStatement statement) {
        return environment().executeSql(statement.sql());
    }

    /**
     * What an INSERT writes, as a query: its own query, its columns cast to the sink's persisted
     * columns (the planner's implicit casts: a NULL into a NOT NULL column is that type's default),
     * static partition values and NULL for the columns it does not name.
     *
     * @param sink the sink table as the INSERT names it
     * @param table the query of the rows the sink receives
     */
    record CapturedInsert(String sink, Table table) {}

    CapturedInsert capturedInsert(ParsedStatement statement, RichSqlInsert insert) throws StatementFailure {
        SqlIdentifier target = (SqlIdentifier) insert.getTargetTableID();
        CatalogManager catalog = catalogManager();
        ObjectIdentifier sinkId = catalog.qualifyIdentifier(UnresolvedIdentifier.of(target.names));
        ContextResolvedTable sink = catalog.getTable(sinkId)
                .orElseThrow(() -> new StatementFailure(
                        statement.line(),
                        statement.firstWords() + ": the sink table " + target + " does not exist; create it first"));
        List<Column> sinkColumns = sink.getResolvedSchema().getColumns().stream()
                .filter(Column::isPersisted)
                .toList();
        List<String> targetNames = insert.getTargetColumnList() == null
                ? sinkColumns.stream().map(Column::getName).toList()
                : insert.getTargetColumnList().stream()
                        .map(node -> ((SqlIdentifier) node).getSimple())
                        .toList();
        Map<String, String> staticPartitions = insert.getStaticPartitionKVs();
        List<String> writtenNames = targetNames.stream()
                .filter(name -> !staticPartitions.containsKey(name))
                .toList();
        Table source = environment().sqlQuery(InsertQueryText.of(statement.sql(), insert.getSource()));
        if (source.getResolvedSchema().getColumnCount() != writtenNames.size()) {
            throw new StatementFailure(
                    statement.line(),
                    statement.firstWords() + ": the query has "
                            + source.getResolvedSchema().getColumnCount() + " columns but " + target + " takes "
                            + writtenNames.size());
        }
        String[] positional = new String[writtenNames.size()];
        for (int i = 0; i < positional.length; i++) {
            positional[i] = "cookbook_" + i;
        }
        Table renamed = source.as(positional[0], Arrays.copyOfRange(positional, 1, positional.length));
        List<ApiExpression> projection = new ArrayList<>();
        for (Column column : sinkColumns) {
            DataType type = castableType(column.getDataType());
            int written = writtenNames.indexOf(column.getName());
            if (written >= 0) {
                projection.add($(positional[written]).cast(type).as(column.getName()));
            } else if (staticPartitions.containsKey(column.getName())) {
                projection.add(
                        lit(staticPartitions.get(column.getName())).cast(type).as(column.getName()));
            } else {
                projection.add(nullOf(type).as(column.getName()));
            }
        }
        return new CapturedInsert(target.toString(), renamed.select(projection.toArray(new ApiExpression[0])));
    }

    /**
     * Flink's JSON compiled plan of a query, planned as {@code Table#insertInto(...)#compilePlan}
     * plans it, into a temporary sink that discards (and takes every kind of change, as Flink's
     * collect sink does) whose columns have exactly the query's types (time attributes as plain
     * timestamps), so that the planner adds no cast. Some plans Flink runs cannot be serialized (a
     * batch group window aggregation's ExecNode has no serializable type): {@link
     * CompiledPlans.PlanNotCompiled}.
     *
     * @param translated whether the plan is also translated into Flink's operators as a job's
     *     submission does (code generated, no class compiled, no job): what Flink refuses only there
     *     (a HOP whose size is no multiple of its slide, a SESSION window table function in batch
     *     mode, an interval literal of more than 3 leading digits) is then its error of the statement
     */
    final String compiledPlan(Table query, boolean translated) {
        Schema.Builder sink = Schema.newBuilder();
        List<Column> columns = query.getResolvedSchema().getColumns();
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
        CatalogManager catalog = catalogManager();
        ModifyOperation insert = new SinkModifyOperation(
                catalog.getTableOrError(catalog.qualifyIdentifier(UnresolvedIdentifier.of(QUERY_SINK))),
                query.getQueryOperation(),
                Map.of(),
                null,
                false,
                Map.of());
        Planner planner = planner();
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
                throw new CompiledPlans.PlanNotCompiled(compiling);
            }
            if (translated) {
                planner.translatePlan(plan);
            }
            return json;
        } finally {
            inserter.ifPresentOrElse(
                    value -> config.set(ROWTIME_INSERTER, value),
                    () -> config.getConfiguration().removeConfig(ROWTIME_INSERTER));
            environment().dropTemporaryTable(QUERY_SINK);
        }
    }

    /** Time attributes cannot be cast to; their plain timestamp type is what the sink stores. */
    private static DataType castableType(DataType type) {
        if (LogicalTypeChecks.isTimeAttribute(type.getLogicalType())) {
            return TypeConversions.fromLogicalToDataType(
                    LogicalTypeChecks.isProctimeAttribute(type.getLogicalType())
                            ? new LocalZonedTimestampType(3)
                            : new TimestampType(LogicalTypeChecks.getPrecision(type.getLogicalType())));
        }
        return type;
    }

    /** Flink's error about a statement, at the recipe line it points at, with positions as Markdown positions. */
    @Override
    public Problem failure(ParsedStatement statement, Exception error) {
        return new Problem(
                rejected(),
                FlinkErrors.line(statement.statement(), error),
                statement.firstWords() + ": " + FlinkErrors.message(statement.statement(), statement.sql(), error));
    }

    /** {@link #failure}, to throw. */
    StatementFailure failed(ParsedStatement statement, Exception error) {
        return error instanceof StatementFailure failure ? failure : new StatementFailure(failure(statement, error));
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }
}
