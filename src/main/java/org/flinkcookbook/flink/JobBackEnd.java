package org.flinkcookbook.flink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWith;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.table.utils.print.RowDataToStringConverter;
import org.apache.flink.util.CloseableIterator;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.guard.RecipeGuard;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.StartedQuery;
import org.flinkcookbook.session.StatementFailure;

/**
 * Runs a recipe session's statements as jobs on the cluster and records every statement that yields
 * rows as a result. An INSERT writes nothing: its query runs with the values cast to the sink's
 * column types and its rows are recorded as the sink's result. The statements of a statement set
 * each run as one such job, so each sink's late-row count is its own.
 */
final class JobBackEnd extends FlinkBackEnd {

    private static final Duration QUICK_FINISH = Duration.ofSeconds(1);
    private static final String BIND_FIXTURE_HINT = "bind a fixture with <!-- cookbook:fixture TABLE = file.csv -->";

    private final FlinkCluster cluster;
    private final Duration timeout;
    private final ScheduledExecutorService watchdog;

    JobBackEnd(Recipe recipe, FlinkSettings settings, FlinkCluster cluster, ScheduledExecutorService watchdog) {
        super(recipe, settings);
        this.cluster = cluster;
        this.timeout = settings.statementTimeout();
        this.watchdog = watchdog;
    }

    @Override
    StreamExecutionEnvironment streamEnvironment(Configuration configuration, ClassLoader classLoader) {
        cluster.configure(configuration);
        configuration.set(DeploymentOptions.ATTACHED, true);
        return new StreamExecutionEnvironment(cluster.executors(), configuration, classLoader);
    }

    /** The query's job, submitted: its rows are fetched when the session takes them. */
    @Override
    public StartedQuery query(ParsedStatement statement) {
        List<Boolean> nondeterministic =
                nondeterministicColumns(statement, () -> environment().sqlQuery(statement.sql()));
        TableResultInternal result = (TableResultInternal) run(statement);
        Job job = new Job(statement, null, result, nondeterministic, isOrdered(statement.tree()));
        return new StartedQuery() {
            @Override
            public Optional<StatementResult> result() throws StatementFailure {
                return Optional.of(job.result());
            }

            @Override
            public void cancel() {
                job.cancel();
            }
        };
    }

    @Override
    public Optional<StatementResult> describe(ParsedStatement statement) throws StatementFailure {
        TableResultInternal result = (TableResultInternal) run(statement);
        List<Boolean> none = result.getResolvedSchema().getColumns().stream()
                .map(column -> false)
                .toList();
        return Optional.of(new Job(statement, null, result, none, false).result());
    }

    @Override
    public List<StatementResult> insert(List<ParsedStatement> inserts) throws StatementFailure {
        List<StatementResult> results = new ArrayList<>();
        for (ParsedStatement insert : inserts) {
            results.add(insert(insert, insert.insert()));
        }
        return results;
    }

    /** An INSERT's rows, as the sink would receive them, without writing anything. */
    private StatementResult insert(ParsedStatement statement, RichSqlInsert insert) throws StatementFailure {
        try {
            CapturedInsert captured = capturedInsert(statement, insert);
            List<Boolean> nondeterministic = nondeterministicColumns(statement, captured::table);
            TableResultInternal result = (TableResultInternal) captured.table().execute();
            return new Job(statement, captured.sink(), result, nondeterministic, false).result();
        } catch (RuntimeException e) {
            throw failed(statement, e);
        }
    }

    /**
     * A statement's job, from its submission (its timeout counts from then: the watchdog cancels it)
     * until its rows are fetched, with the late rows it dropped.
     */
    private final class Job {
        private final ParsedStatement statement;
        private final String sink;
        private final TableResultInternal result;
        private final List<Boolean> nondeterministic;
        private final boolean ordered;
        private final Optional<JobClient> client;
        private final AtomicBoolean timedOut = new AtomicBoolean();
        private final ScheduledFuture<?> cancellation;

        Job(
                ParsedStatement statement,
                String sink,
                TableResultInternal result,
                List<Boolean> nondeterministic,
                boolean ordered) {
            this.statement = statement;
            this.sink = sink;
            this.result = result;
            this.nondeterministic = nondeterministic;
            this.ordered = ordered;
            this.client = result.getJobClient();
            this.cancellation = client.map(job -> watchdog.schedule(
                            () -> {
                                timedOut.set(true);
                                job.cancel();
                            },
                            timeout.toMillis(),
                            TimeUnit.MILLISECONDS))
                    .orElse(null);
        }

        /** Stops the job: the session ended before its rows were needed. */
        void cancel() {
            if (cancellation != null) {
                cancellation.cancel(false);
            }
            client.ifPresent(JobClient::cancel);
        }

        /** The job's rows, waited for, and its late rows. */
        StatementResult result() throws StatementFailure {
            RowDataToStringConverter converter = result.getRowDataToStringConverter();
            List<ResultRow> rows = new ArrayList<>();
            try (CloseableIterator<RowData> iterator = result.collectInternal()) {
                if (client.isPresent()) {
                    awaitQuickFinish(client.get());
                }
                while (iterator.hasNext()) {
                    if (rows.size() == RecipeGuard.MAX_ROWS) { // closing the iterator cancels the job
                        throw new StatementFailure(
                                statement.line(),
                                statement.firstWords() + ": yields more than " + RecipeGuard.MAX_ROWS
                                        + " rows, more than the build keeps in memory; a recipe shows a few");
                    }
                    rows.add(render(iterator.next(), converter, nondeterministic));
                }
                Long lateRows = null;
                if (client.isPresent()) {
                    client.get().getJobExecutionResult().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    lateRows = cluster.takeLateRowsDropped(client.get().getJobID());
                }
                return new StatementResult(
                        statement.line(),
                        statement.firstWords(),
                        sink,
                        result.getResolvedSchema().getColumnNames(),
                        rows,
                        ordered,
                        lateRows,
                        RowExplanations.NONE,
                        0);
            } catch (StatementFailure failure) {
                throw failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StatementFailure(statement.line(), statement.firstWords() + ": interrupted");
            } catch (Exception e) {
                if (timedOut.get() || e instanceof TimeoutException) {
                    throw new StatementFailure(
                            statement.line(),
                            statement.firstWords() + ": did not finish within " + timeout.toSeconds()
                                    + " s (cookbook.timeout); it probably reads an unbounded source: "
                                    + BIND_FIXTURE_HINT);
                }
                throw failed(statement, e);
            } finally {
                if (cancellation != null) {
                    cancellation.cancel(false);
                }
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

    /**
     * Placeholders for the columns whose values differ from run to run in the plan Flink runs
     * ({@link #varyingValuesInPlan}: the plan is compiled, a second optimization of the statement
     * besides its job's, only while the session names a function Flink declares nondeterministic)
     * and for processing-time columns.
     */
    private List<Boolean> nondeterministicColumns(ParsedStatement statement, Supplier<Table> query) {
        Table table = query.get();
        List<Column> columns = table.getResolvedSchema().getColumns();
        List<Boolean> fromPlan = varyingValuesInPlan(statement, columns.size(), () -> compiledPlan(table, false))
                .placeholders();
        List<Boolean> placeholders = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            placeholders.add(fromPlan.get(i)
                    || LogicalTypeChecks.isProctimeAttribute(
                            columns.get(i).getDataType().getLogicalType()));
        }
        return placeholders;
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

    private static boolean isOrdered(SqlNode query) {
        SqlNode node = query;
        if (node.getKind() == SqlKind.WITH) {
            node = ((SqlWith) node).body;
        }
        return node.getKind() == SqlKind.ORDER_BY;
    }

    @Override
    public Optional<PlannedOnly> finish() {
        return Optional.empty();
    }

    @Override
    public RecipeStatus rejected() {
        return RecipeStatus.ERROR;
    }
}
