package org.flinkcookbook.flink;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;
import static org.apache.flink.table.api.Expressions.nullOf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWith;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.table.types.utils.TypeConversions;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.guard.Deadline;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.Nondeterminism;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;

/**
 * One recipe run as one SQL session on Flink, the way the SQL client runs a script: statements in
 * order, SET and RESET changing the session, a runtime-mode change building a new environment with
 * the session's definitions replayed, and every statement that yields rows recorded as a result.
 *
 * <p>An INSERT writes nothing: its query runs with the values cast to the sink's column types and
 * its rows are recorded as the sink's result. The statements of a statement set each run as one
 * such job, so each sink's late-row count is its own.
 *
 * <p>A planning session ({@link #forPlanning}) runs no job: it has Flink explain every query,
 * INSERT and statement set, with tables that cannot run here bound to {@link StandIns stand-ins}.
 */
final class RecipeSession {

    private static final String RUNTIME_MODE = ExecutionOptions.RUNTIME_MODE.key();
    private static final String AGG_PHASE_STRATEGY = "table.optimizer.agg-phase-strategy";
    private static final Duration QUICK_FINISH = Duration.ofSeconds(1);
    private static final String BIND_FIXTURE_HINT = "bind a fixture with <!-- cookbook:fixture TABLE = file.csv -->";

    private final FlinkCluster cluster;
    private final FlinkSettings settings;
    private final ScheduledExecutorService watchdog;
    private final Recipe recipe;
    private final String fixturesUri;

    private final Map<String, String> sessionOptions = new LinkedHashMap<>();
    private final List<Statement> definitions = new ArrayList<>();
    private final Nondeterminism nondeterminism = new Nondeterminism();
    private final FixtureTables fixtureTables;
    private final List<StatementResult> results = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final StandIns standIns;
    private List<Statement> openStatementSet;
    private StreamTableEnvironment tableEnvironment;

    RecipeSession(FlinkCluster cluster, FlinkSettings settings, ScheduledExecutorService watchdog, Recipe recipe) {
        this(cluster, settings, watchdog, recipe, null);
    }

    private RecipeSession(FlinkCluster cluster, FlinkSettings settings, ScheduledExecutorService watchdog, Recipe recipe, StandIns standIns) {
        this.cluster = cluster;
        this.settings = settings;
        this.watchdog = watchdog;
        this.recipe = recipe;
        this.fixturesUri = FixturePlaceholder.uriOf(settings.fixturesDirectory());
        this.standIns = standIns;
        this.fixtureTables = new FixtureTables(recipe, settings.fixturesDirectory(), this::catalogManager);
    }

    /**
     * A session that plans the recipe without a cluster. It completes when every table the recipe
     * reads can run here; otherwise its problem is {@link Problem.Kind#PLANNED}, and a statement
     * Flink rejects is {@link Problem.Kind#BROKEN}.
     */
    static RecipeSession forPlanning(FlinkSettings settings, Recipe recipe) {
        return new RecipeSession(null, settings, null, recipe, new StandIns());
    }

    private boolean planning() {
        return standIns != null;
    }

    RecipeRun run() {
        tableEnvironment = newEnvironment();
        Statement current = null;
        try {
            for (Statement statement : recipe.statements()) {
                current = statement;
                Deadline.statementStarts(statement.line());
                execute(statement);
            }
            if (openStatementSet != null) {
                throw new StatementFailure(current.line(), "BEGIN STATEMENT SET is never closed: add END; after its INSERT statements");
            }
            List<StandIns.StandIn> standInsRead = planning() ? standIns.read() : List.of();
            if (!standInsRead.isEmpty()) {
                return new RecipeRun(results, Problem.planned(standInsRead.get(0).line(), plannedOnly(standInsRead)), warnings);
            }
            return RecipeRun.completed(results, warnings);
        } catch (StatementFailure failure) {
            return new RecipeRun(results, new Problem(failure.kind, failure.line, failure.getMessage()), warnings);
        }
    }

    private static String plannedOnly(List<StandIns.StandIn> read) {
        StringBuilder message = new StringBuilder("planned with stand-ins, not run: it reads ");
        for (int i = 0; i < read.size(); i++) {
            StandIns.StandIn standIn = read.get(i);
            message.append(i == 0 ? "" : ", ").append(standIn.table()).append(" (line ").append(standIn.line()).append(": ").append(standIn.reason()).append(')');
        }
        return message.append("; to verify its results, bind each to a CSV file with <!-- cookbook:fixture TABLE = file.csv -->").toString();
    }

    private void execute(Statement statement) throws StatementFailure {
        String sql = statement.textWithFixtures(fixturesUri);
        SqlNode parsed = parse(statement, sql);
        switch (statement.kind()) {
            case SET -> set(statement, (SqlSet) parsed);
            case RESET -> reset((SqlReset) parsed);
            case QUERY -> {
                if (planning()) {
                    explain(statement, () -> tableEnvironment.explainSql(sql));
                } else {
                    results.add(query(statement, sql, parsed));
                }
            }
            case INSERT -> {
                if (openStatementSet != null) {
                    openStatementSet.add(statement);
                } else {
                    insertAll(List.of(statement));
                }
            }
            case BEGIN_STATEMENT_SET -> openStatementSet = new ArrayList<>();
            case END_STATEMENT_SET -> endStatementSet(statement);
            case STATEMENT_SET -> insertAll(statement.members());
            case DESCRIBE, SHOW -> {
                TableResultInternal result = (TableResultInternal) run(statement, sql);
                if (!planning()) {
                    results.add(collect(statement, null, result, List.of(), false));
                }
            }
            case ADD_JAR, REMOVE_JAR -> throw new StatementFailure(
                    statement.line(), statement.firstWords() + ": recipes may not load jars; the build runs them with its own classpath");
            default -> define(statement, sql, parsed);
        }
    }

    private void endStatementSet(Statement statement) throws StatementFailure {
        if (openStatementSet == null) {
            throw new StatementFailure(statement.line(), "END; without BEGIN STATEMENT SET;");
        }
        List<Statement> members = openStatementSet;
        openStatementSet = null;
        insertAll(members);
    }

    /** The INSERTs of a statement set, or one INSERT: each sink's rows, or, when planning, the plan of them all. */
    private void insertAll(List<Statement> inserts) throws StatementFailure {
        if (planning()) {
            StatementSet set = tableEnvironment.createStatementSet();
            for (Statement insert : inserts) {
                String sql = insert.textWithFixtures(fixturesUri);
                parse(insert, sql);
                explain(insert, () -> set.addInsertSql(sql));
            }
            explain(inserts.get(0), set::explain);
            return;
        }
        for (Statement member : inserts) {
            String memberSql = member.textWithFixtures(fixturesUri);
            results.add(insert(member, memberSql, insertOf(member, parse(member, memberSql))));
        }
    }

    /** Has Flink validate and optimize a statement; its error is mapped to the line it points at. */
    private void explain(Statement statement, Runnable planning) throws StatementFailure {
        try {
            planning.run();
        } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
            throw failure(statement, e);
        }
    }

    /** DDL and other statements that change the session's catalog: run, remembered for replay. */
    private void define(Statement statement, String sql, SqlNode parsed) throws StatementFailure {
        run(statement, sql);
        definitions.add(statement);
        nondeterminism.learn(parsed);
        if (parsed instanceof SqlCreateTable created) {
            bindTable(statement, created);
            fixtureTables.checkCsvTable(statement, created);
        }
    }

    /** Binds a new table to its fixture, or when planning and it cannot run here, to a stand-in. */
    private void bindTable(Statement statement, SqlCreateTable created) throws StatementFailure {
        if (!fixtureTables.bind(statement, created) && planning()) {
            CatalogManager catalog = catalogManager();
            ObjectIdentifier id = catalog.qualifyIdentifier(UnresolvedIdentifier.of(created.getName().names));
            try {
                standIns.standInIfNeeded(catalog, id, catalog.getTable(id).orElseThrow(), statement.line());
            } catch (RuntimeException e) {
                throw failure(statement, e);
            }
        }
    }

    private void set(Statement statement, SqlSet set) throws StatementFailure {
        if (set.getKey() == null) {
            return; // a bare SET lists the options; nothing to record
        }
        String key = set.getKeyString();
        String value = set.getValueString();
        if (key.equals(AGG_PHASE_STRATEGY)) {
            warnings.add(recipe.at(statement.line()) + ": '" + AGG_PHASE_STRATEGY + "' is kept at ONE_PHASE so that late rows are counted as rows");
            return;
        }
        sessionOptions.put(key, value);
        if (key.equals(RUNTIME_MODE)) {
            rebuildEnvironment(statement);
        } else {
            tableEnvironment.getConfig().getConfiguration().setString(key, value);
        }
    }

    private void reset(SqlReset reset) throws StatementFailure {
        if (reset.getKey() == null) {
            sessionOptions.clear();
        } else {
            sessionOptions.remove(reset.getKeyString());
        }
        rebuildEnvironment(null);
    }

    /** A new environment with the session's options, and every definition so far replayed into it. */
    private void rebuildEnvironment(Statement cause) throws StatementFailure {
        try {
            tableEnvironment = newEnvironment();
        } catch (RuntimeException e) {
            throw new StatementFailure(cause == null ? 1 : cause.line(), FlinkErrors.message(e));
        }
        for (Statement definition : definitions) {
            String sql = definition.textWithFixtures(fixturesUri);
            SqlNode parsed = parse(definition, sql);
            run(definition, sql);
            if (parsed instanceof SqlCreateTable created) {
                bindTable(definition, created);
            }
        }
    }

    private StreamTableEnvironment newEnvironment() {
        Configuration configuration = new Configuration();
        if (!planning()) {
            cluster.configure(configuration);
            configuration.set(DeploymentOptions.ATTACHED, true);
        }
        configuration.set(CoreOptions.DEFAULT_PARALLELISM, 1);
        configuration.setString("table.local-time-zone", "UTC");
        sessionOptions.forEach(configuration::setString);
        configuration.setString(AGG_PHASE_STRATEGY, "ONE_PHASE");
        boolean batch = "batch".equalsIgnoreCase(sessionOptions.getOrDefault(RUNTIME_MODE, "streaming"));
        configuration.set(ExecutionOptions.RUNTIME_MODE, batch ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        ClassLoader classLoader = RecipeSession.class.getClassLoader();
        StreamExecutionEnvironment environment = planning()
                ? new StreamExecutionEnvironment(configuration, classLoader)
                : new StreamExecutionEnvironment(cluster.executors(), configuration, classLoader);
        EnvironmentSettings environmentSettings = EnvironmentSettings.newInstance()
                .withConfiguration(configuration)
                .withClassLoader(classLoader)
                .build();
        return StreamTableEnvironment.create(environment, environmentSettings);
    }

    private StatementResult query(Statement statement, String sql, SqlNode parsed) throws StatementFailure {
        List<Boolean> nondeterministicItems = nondeterminism.selectColumns(parsed);
        TableResultInternal result = (TableResultInternal) run(statement, sql);
        return collect(statement, null, result, nondeterministicItems, isOrdered(parsed));
    }

    /** The INSERT a statement is ({@code EXECUTE INSERT ...} included); a failure for anything else. */
    static RichSqlInsert insertOf(Statement statement, SqlNode parsed) throws StatementFailure {
        SqlNode node = parsed instanceof SqlExecute execute ? execute.getStatement() : parsed;
        if (node instanceof RichSqlInsert insert) {
            return insert;
        }
        throw new StatementFailure(statement.line(), statement.firstWords() + ": only INSERT statements can be run here");
    }

    /** An INSERT's rows, as the sink would receive them, without writing anything. */
    private StatementResult insert(Statement statement, String sql, RichSqlInsert insert) throws StatementFailure {
        SqlIdentifier target = (SqlIdentifier) insert.getTargetTableID();
        CatalogManager catalog = catalogManager();
        ObjectIdentifier sinkId = catalog.qualifyIdentifier(UnresolvedIdentifier.of(target.names));
        ContextResolvedTable sink = catalog.getTable(sinkId).orElseThrow(() -> new StatementFailure(
                statement.line(), statement.firstWords() + ": the sink table " + target + " does not exist; create it first"));
        List<Column> sinkColumns = sink.getResolvedSchema().getColumns().stream().filter(Column::isPersisted).toList();
        List<String> targetNames = insert.getTargetColumnList() == null
                ? sinkColumns.stream().map(Column::getName).toList()
                : insert.getTargetColumnList().stream().map(node -> ((SqlIdentifier) node).getSimple()).toList();
        Map<String, String> staticPartitions = insert.getStaticPartitionKVs();
        List<String> writtenNames = targetNames.stream().filter(name -> !staticPartitions.containsKey(name)).toList();

        try {
            Table source = tableEnvironment.sqlQuery(InsertQueryText.of(sql, insert.getSource()));
            if (source.getResolvedSchema().getColumnCount() != writtenNames.size()) {
                throw new StatementFailure(statement.line(), statement.firstWords() + ": the query has "
                        + source.getResolvedSchema().getColumnCount() + " columns but " + target + " takes " + writtenNames.size());
            }
            List<Boolean> sourceNondeterministic = nondeterministicColumns(nondeterminism.selectColumns(insert.getSource()), source.getResolvedSchema());
            String[] positional = new String[writtenNames.size()];
            for (int i = 0; i < positional.length; i++) {
                positional[i] = "cookbook_" + i;
            }
            Table renamed = source.as(positional[0], java.util.Arrays.copyOfRange(positional, 1, positional.length));
            List<ApiExpression> projection = new ArrayList<>();
            List<Boolean> sinkNondeterministic = new ArrayList<>();
            for (Column column : sinkColumns) {
                DataType type = castableType(column.getDataType());
                int written = writtenNames.indexOf(column.getName());
                if (written >= 0) {
                    projection.add($(positional[written]).cast(type).as(column.getName()));
                    sinkNondeterministic.add(sourceNondeterministic.get(written));
                } else if (staticPartitions.containsKey(column.getName())) {
                    projection.add(lit(staticPartitions.get(column.getName())).cast(type).as(column.getName()));
                    sinkNondeterministic.add(false);
                } else {
                    projection.add(nullOf(type).as(column.getName()));
                    sinkNondeterministic.add(false);
                }
            }
            Table captured = renamed.select(projection.toArray(new ApiExpression[0]));
            TableResultInternal result = (TableResultInternal) captured.execute();
            return collect(statement, target.toString(), result, sinkNondeterministic, false);
        } catch (StatementFailure failure) {
            throw failure;
        } catch (RuntimeException e) {
            throw failure(statement, sql, e);
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

    private StatementResult collect(
            Statement statement, String sink, TableResultInternal result, List<Boolean> nondeterministicItems, boolean ordered)
            throws StatementFailure {
        ResolvedSchema schema = result.getResolvedSchema();
        List<Boolean> nondeterministic = nondeterministicColumns(nondeterministicItems, schema);
        RowDataToStringConverter converter = result.getRowDataToStringConverter();
        Optional<JobClient> job = result.getJobClient();
        AtomicBoolean timedOut = new AtomicBoolean();
        Duration timeout = settings.statementTimeout();
        ScheduledFuture<?> cancellation = job.map(client -> watchdog.schedule(() -> {
                    timedOut.set(true);
                    client.cancel();
                }, timeout.toMillis(), TimeUnit.MILLISECONDS))
                .orElse(null);
        List<ResultRow> rows = new ArrayList<>();
        try (CloseableIterator<RowData> iterator = result.collectInternal()) {
            if (job.isPresent()) {
                awaitQuickFinish(job.get());
            }
            while (iterator.hasNext()) {
                rows.add(render(iterator.next(), converter, nondeterministic));
            }
            Long lateRows = null;
            if (job.isPresent()) {
                job.get().getJobExecutionResult().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                lateRows = cluster.takeLateRowsDropped(job.get().getJobID());
            }
            return new StatementResult(statement.line(), statement.firstWords(), sink, schema.getColumnNames(), rows, ordered, lateRows);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StatementFailure(statement.line(), statement.firstWords() + ": interrupted");
        } catch (Exception e) {
            if (timedOut.get() || e instanceof TimeoutException) {
                throw new StatementFailure(statement.line(), statement.firstWords() + ": did not finish within "
                        + timeout.toSeconds() + " s (cookbook.timeout); it probably reads an unbounded source: " + BIND_FIXTURE_HINT);
            }
            throw failure(statement, e);
        } finally {
            if (cancellation != null) {
                cancellation.cancel(false);
            }
        }
    }

    /**
     * Waits briefly for a job to finish before its rows are fetched. Flink's result fetcher sleeps
     * 100 ms between polls of a running job, but takes a finished job's rows in one go; recipe jobs
     * mostly finish in well under a second. A job with more rows than the collect sink buffers
     * waits for them to be fetched, so the wait is bounded; a failure is left to the fetcher,
     * which reports it as it would have.
     */
    private static void awaitQuickFinish(JobClient job) throws InterruptedException {
        try {
            job.getJobExecutionResult().get(QUICK_FINISH.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException stillRunningOrFailed) {
            // fetched and reported below
        }
    }

    /** Placeholders for processing-time columns and for columns the SQL computes nondeterministically. */
    private List<Boolean> nondeterministicColumns(List<Boolean> selectItems, ResolvedSchema schema) {
        List<Boolean> columns = new ArrayList<>();
        for (int i = 0; i < schema.getColumnCount(); i++) {
            Column column = schema.getColumns().get(i);
            boolean fromSql = selectItems.size() == schema.getColumnCount()
                    ? selectItems.get(i)
                    : nondeterminism.isNondeterministicName(column.getName());
            columns.add(fromSql || LogicalTypeChecks.isProctimeAttribute(column.getDataType().getLogicalType()));
        }
        return columns;
    }

    private static ResultRow render(RowData row, RowDataToStringConverter converter, List<Boolean> nondeterministic) {
        String[] printed = converter.convert(row);
        List<String> values = new ArrayList<>(printed.length);
        for (int i = 0; i < printed.length; i++) {
            if (nondeterministic.get(i)) {
                values.add(ResultRow.NONDETERMINISTIC);
            } else {
                values.add(row.isNullAt(i) ? null : printed[i]);
            }
        }
        return new ResultRow(RowKind.ofSymbol(row.getRowKind().shortString()), values);
    }

    private CatalogManager catalogManager() {
        return ((TableEnvironmentInternal) tableEnvironment).getCatalogManager();
    }

    private TableResult run(Statement statement, String sql) throws StatementFailure {
        try {
            return tableEnvironment.executeSql(sql);
        } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
            throw failure(statement, sql, e);
        }
    }

    private SqlNode parse(Statement statement, String sql) throws StatementFailure {
        try {
            return SqlParsing.parse(statement, sql);
        } catch (SqlSyntaxException e) {
            throw new StatementFailure(e.line(), rejected(), statement.firstWords() + ": " + e.getMessage());
        }
    }

    private StatementFailure failure(Statement statement, Exception error) {
        return failure(statement, statement.text(), error);
    }

    /** A failure of {@code sql}, the statement with {@code ${fixtures}} expanded, about which Flink names positions. */
    private StatementFailure failure(Statement statement, String sql, Exception error) {
        return new StatementFailure(
                FlinkErrors.line(statement, error), rejected(), statement.firstWords() + ": " + FlinkErrors.message(statement, sql, error));
    }

    /** What Flink refusing a statement makes of the recipe: broken when planning finds it, an error while running. */
    private Problem.Kind rejected() {
        return planning() ? Problem.Kind.BROKEN : Problem.Kind.ERROR;
    }

    private static boolean isOrdered(SqlNode query) {
        SqlNode node = query;
        if (node.getKind() == SqlKind.WITH) {
            node = ((SqlWith) node).body;
        }
        return node.getKind() == SqlKind.ORDER_BY;
    }

    /** A statement failed: stops the recipe with a message for its line. */
    static final class StatementFailure extends Exception {
        final int line;
        final Problem.Kind kind;

        StatementFailure(int line, String message) {
            this(line, Problem.Kind.ERROR, message);
        }

        StatementFailure(int line, Problem.Kind kind, String message) {
            super(message);
            this.line = line;
            this.kind = kind;
        }
    }
}
