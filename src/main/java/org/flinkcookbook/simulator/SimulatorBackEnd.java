package org.flinkcookbook.simulator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.flink.CompiledPlans;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.BoundFixture;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.SessionBackEnd;
import org.flinkcookbook.session.StartedQuery;
import org.flinkcookbook.session.StatementFailure;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.graph.CompiledPlan;
import org.flinkcookbook.simulator.graph.CompiledPlan.SinkRows;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.RowCollector;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.sql.SqlParsing;

/**
 * One recipe session on the simulator: Flink's planner takes the definitions and options and
 * plans each query and INSERT ({@link CompiledPlans}); the simulator executes the plan over the
 * fixtures ({@link CompiledPlan}) without a job.
 */
final class SimulatorBackEnd implements SessionBackEnd {

    private final Recipe recipe;
    private final Path fixturesDirectory;
    private final boolean strict;
    private final boolean timelines;
    private final Duration statementTimeout;
    private final CompiledPlans planner;
    private final List<String> warnings = new ArrayList<>();

    /**
     * @param strict when true, a construct the simulator does not model is an ERROR, not UNSUPPORTED
     * @param timelines when true, windowed and CURRENT_WATERMARK results carry a timeline for the HTML report
     * @param statementTimeout cookbook.timeout, which bounds how long a statement's job runs on Flink
     */
    SimulatorBackEnd(
            Recipe recipe, Path fixturesDirectory, boolean strict, boolean timelines, Duration statementTimeout) {
        this.recipe = recipe;
        this.fixturesDirectory = fixturesDirectory;
        this.strict = strict;
        this.timelines = timelines;
        this.statementTimeout = statementTimeout;
        this.planner = new CompiledPlans(recipe, fixturesDirectory);
    }

    @Override
    public void define(ParsedStatement statement, Optional<BoundFixture> fixture) throws Exception {
        planner.define(statement, fixture);
    }

    @Override
    public void set(ParsedStatement statement, String key, String value) throws StatementFailure {
        planner.set(statement, key, value);
    }

    @Override
    public void reset(ParsedStatement statement, String key) throws StatementFailure {
        planner.reset(statement, key);
    }

    /** DESCRIBE and the like: Flink's own answer, which needs no job. */
    @Override
    public Optional<StatementResult> describe(ParsedStatement statement) throws Exception {
        return Optional.of(planner.describeResult(statement));
    }

    @Override
    public StartedQuery query(ParsedStatement statement) {
        return StartedQuery.finished(Optional.of(run(statement, planner.compileQuery(statement))));
    }

    /** What each INSERT writes, planned as on Flink; a failure is reported at the INSERT it belongs to. */
    @Override
    public List<StatementResult> insert(List<ParsedStatement> inserts) throws StatementFailure {
        List<CompiledPlans.CompiledQuery> plans = planner.compileInserts(inserts);
        List<StatementResult> results = new ArrayList<>();
        for (int i = 0; i < inserts.size(); i++) {
            try {
                results.add(run(inserts.get(i), plans.get(i)));
            } catch (RuntimeException e) {
                throw new StatementFailure(failure(inserts.get(i), e));
            }
        }
        return results;
    }

    private StatementResult run(ParsedStatement statement, CompiledPlans.CompiledQuery compiled) {
        SessionSettings settings = new SessionSettings(planner.sessionOptions(), statementTimeout);
        StatementTrace trace = new StatementTrace(timelines);
        SinkRows rows =
                new CompiledPlan(compiled.json(), settings, fixturesDirectory).run(0, compiled.notNull(), trace);
        return result(statement, compiled, rows, settings, trace);
    }

    private StatementResult result(
            ParsedStatement statement,
            CompiledPlans.CompiledQuery compiled,
            SinkRows sinkRows,
            SessionSettings settings,
            StatementTrace trace) {
        List<Column> columns = sinkRows.columns();
        List<ResultRow> rows = new ArrayList<>();
        for (RowCollector.Change change : sinkRows.rows()) {
            Object[] row = change.values();
            List<String> values = new ArrayList<>(row.length);
            for (int i = 0; i < row.length; i++) {
                // a value Flink declares nondeterministic is the Flink engine's placeholder, whatever it is here
                values.add(
                        compiled.placeholders().get(i)
                                ? ResultRow.NONDETERMINISTIC
                                : Values.render(row[i], columns.get(i).type(), settings.timeZone()));
            }
            rows.add(new ResultRow(change.kind(), values));
        }
        if (!trace.timingDependentRows().isEmpty()) {
            warnings.add(
                    recipe.at(statement.line()) + ": Flink's result may depend on processing time: with '"
                            + SessionSettings.WATERMARK_INTERVAL + "' = " + settings.watermarkIntervalMillis()
                            + " ms a periodic watermark"
                            + " could reach " + String.join(", ", trace.timingDependentRows())
                            + " before the row arrives and change whether it is late or filtered; set the interval to 0 for a deterministic run");
        }
        return new StatementResult(
                statement.line(),
                statement.firstWords(),
                compiled.sink(),
                compiled.columns(),
                rows,
                sinkRows.ordered(),
                trace.lateRowsDropped(),
                trace.explanations(settings::timeZone, settings.watermarkIntervalMillis()),
                0);
    }

    @Override
    public Optional<PlannedOnly> finish() {
        return Optional.empty();
    }

    /**
     * A construct the simulator does not model is UNSUPPORTED (an ERROR when strict); its position
     * is mapped to the Markdown line. A statement Flink's planner refuses is an ERROR with Flink's
     * message, as on Flink.
     */
    @Override
    public Problem failure(ParsedStatement statement, Exception error) {
        if (error instanceof StatementFailure failure) {
            return failure.problem();
        }
        if (error instanceof CompiledPlans.PlanNotCompiled e) {
            return unsupported(statement.line(), e.getMessage());
        }
        if (error instanceof UnsupportedConstructException e) {
            return unsupported(lineOf(statement, e), e.construct());
        }
        if (error instanceof SimulationException e) {
            return Problem.error(lineOf(statement, e), e.getMessage());
        }
        return planner.failure(statement, error);
    }

    private Problem unsupported(int line, String construct) {
        String message = "unsupported by the simulator: " + construct;
        return strict ? Problem.error(line, message + " (strict mode)") : Problem.unsupported(line, message);
    }

    private static int lineOf(ParsedStatement statement, SimulationException e) {
        return e.markdownLine() > 0
                ? e.markdownLine()
                : SqlParsing.markdownLine(statement.statement(), e.lineInStatement());
    }

    @Override
    public RecipeStatus rejected() {
        return RecipeStatus.ERROR;
    }

    @Override
    public List<String> warnings() {
        List<String> all = new ArrayList<>(planner.warnings());
        all.addAll(warnings);
        return all;
    }
}
