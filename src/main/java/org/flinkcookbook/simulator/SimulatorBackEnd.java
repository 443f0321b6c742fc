package org.flinkcookbook.simulator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.flink.sql.parser.ddl.SqlDropObject;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.table.SqlDropTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.ddl.view.SqlDropView;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dql.SqlRichDescribeTable;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.BoundFixture;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.SessionBackEnd;
import org.flinkcookbook.session.StartedQuery;
import org.flinkcookbook.session.StatementFailure;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.plan.PlannedQuery;
import org.flinkcookbook.simulator.plan.QueryPlanner;
import org.flinkcookbook.simulator.session.Catalog;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.session.TableDefinition;
import org.flinkcookbook.simulator.session.TableDefinition.ColumnDefinition;
import org.flinkcookbook.simulator.stream.RowCollector;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.sql.SqlParsing;

/** One recipe session on the simulator: its catalog and settings, and each statement's rows computed without Flink. */
final class SimulatorBackEnd implements SessionBackEnd {

    private final Recipe recipe;
    private final boolean strict;
    private final boolean timelines;
    private final SessionSettings settings = new SessionSettings();
    private final Catalog catalog;
    private final List<String> warnings = new ArrayList<>();

    /**
     * @param strict when true, a construct the simulator does not model is an ERROR, not UNSUPPORTED
     * @param timelines when true, windowed and CURRENT_WATERMARK results carry a timeline for the HTML report
     */
    SimulatorBackEnd(Recipe recipe, Path fixturesDirectory, boolean strict, boolean timelines) {
        this.recipe = recipe;
        this.strict = strict;
        this.timelines = timelines;
        this.catalog = new Catalog(fixturesDirectory);
    }

    @Override
    public void define(ParsedStatement statement, Optional<BoundFixture> fixture) {
        switch (statement.statement().kind()) {
            case CREATE_TABLE ->
                catalog.createTable((SqlCreateTable) statement.tree(), fixture.map(BoundFixture::binding));
            case CREATE_VIEW -> {
                SqlCreateView view = (SqlCreateView) statement.tree();
                catalog.createView(view);
                validate(view);
            }
            case DROP -> drop(statement);
            default ->
                throw new UnsupportedConstructException(
                        null, statement.statement().kind() + " statements (" + statement.firstWords() + ")");
        }
    }

    /**
     * Flink validates a view's query when the view is created (a missing table is an error at the
     * CREATE VIEW), but reads the session time zone only when a query is planned; what the simulator
     * does not model is left for the queries that read the view.
     */
    private void validate(SqlCreateView view) {
        if (settings.refusesTimeZone()) {
            return;
        }
        try {
            new QueryPlanner(catalog, settings, new StatementTrace()).plan(view.getQuery());
        } catch (UnsupportedConstructException notModelled) {
            // not an error in Flink; reported if a query reads the view
        } catch (SimulationException refused) {
            catalog.drop(Catalog.name(view.getName()));
            throw refused;
        }
    }

    @Override
    public void set(ParsedStatement statement, String key, String value) {
        try {
            if (settings.set(key, value) == SessionSettings.Outcome.NOT_MODELLED) {
                warnings.add(recipe.at(statement.line()) + ": SET '" + key
                        + "' is not modelled by the simulator; its results assume Flink's default for it");
            }
        } catch (RuntimeException e) {
            throw new SimulationException(
                    statement.tree().getParserPosition(), "invalid value for '" + key + "': " + e.getMessage());
        }
    }

    @Override
    public void reset(ParsedStatement statement, String key) {
        if (key == null) {
            settings.resetAll();
        } else {
            settings.reset(key);
        }
    }

    private void drop(ParsedStatement statement) {
        SqlNode node = statement.tree();
        if (!(node instanceof SqlDropTable || node instanceof SqlDropView)) {
            throw new UnsupportedConstructException(node.getParserPosition(), statement.firstWords());
        }
        SqlDropObject drop = (SqlDropObject) node;
        String name = String.join(".", drop.getFullName());
        if (!catalog.drop(name) && !drop.getIfExists()) {
            throw new SimulationException(drop.getParserPosition(), "Table or view '" + name + "' does not exist");
        }
    }

    /** DESCRIBE of a table: its columns as Flink prints them; views and SHOW are not modelled. */
    @Override
    public Optional<StatementResult> describe(ParsedStatement statement) {
        if (!(statement.tree() instanceof SqlRichDescribeTable describe)) {
            throw new UnsupportedConstructException(
                    null, statement.statement().kind() + " statements (" + statement.firstWords() + ")");
        }
        String name = String.join(".", describe.fullTableName());
        TableDefinition table = catalog.table(name)
                .orElseThrow(() -> catalog.view(name).isPresent()
                        ? new UnsupportedConstructException(describe.getParserPosition(), "DESCRIBE of a view")
                        : new SimulationException(
                                describe.getParserPosition(),
                                "Tables or views with the identifier '" + name + "' doesn't exist."));
        for (TableDefinition.ColumnDefinition column : table.columns()) {
            if (column.nullable() == null) {
                throw new UnsupportedConstructException(
                        describe.getParserPosition(),
                        "DESCRIBE of the computed column " + column.name() + " (its nullability is not derived for "
                                + column.computedExpression() + ")");
            }
        }
        List<ResultRow> rows = table.describe(settings.streaming()).stream()
                .map(values -> new ResultRow(RowKind.INSERT, values))
                .toList();
        return Optional.of(result(
                statement,
                null,
                List.of("name", "type", "null", "key", "extras", "watermark"),
                rows,
                false,
                new StatementTrace()));
    }

    @Override
    public StartedQuery query(ParsedStatement statement) {
        StatementTrace trace = new StatementTrace(timelines);
        PlannedQuery plan = new QueryPlanner(catalog, settings, trace).plan(statement.tree());
        List<Column> columns = plan.columns();
        List<ResultRow> rows = new ArrayList<>();
        for (RowCollector.Change change : plan.run()) {
            Object[] row = change.values();
            List<String> values = new ArrayList<>(row.length);
            for (int i = 0; i < row.length; i++) {
                values.add(Values.render(row[i], columns.get(i).type(), settings.timeZone()));
            }
            rows.add(new ResultRow(change.kind(), values));
        }
        return StartedQuery.finished(Optional.of(
                result(statement, null, columns.stream().map(Column::name).toList(), rows, plan.ordered(), trace)));
    }

    /** Each INSERT's rows in turn; a failure is reported at the INSERT it belongs to. */
    @Override
    public List<StatementResult> insert(List<ParsedStatement> inserts) throws StatementFailure {
        List<StatementResult> results = new ArrayList<>();
        for (ParsedStatement insert : inserts) {
            try {
                results.add(insert(insert));
            } catch (RuntimeException e) {
                throw new StatementFailure(failure(insert, e));
            }
        }
        return results;
    }

    private StatementResult insert(ParsedStatement statement) {
        RichSqlInsert insert = statement.insert();
        if (insert.isOverwrite() || !(insert.getTargetTable() instanceof SqlIdentifier target)) {
            throw new UnsupportedConstructException(
                    insert.getParserPosition(), "INSERT OVERWRITE or into anything but a table name");
        }
        String sink = target.toString();
        TableDefinition table = catalog.table(Catalog.name(target))
                .orElseThrow(
                        () -> new SimulationException(target.getParserPosition(), "Object '" + sink + "' not found"));
        List<ColumnDefinition> sinkColumns = table.persistedColumns();
        int[] targetOf = targetPositions(insert, sinkColumns);
        StatementTrace trace = new StatementTrace(timelines);
        PlannedQuery plan = new QueryPlanner(catalog, settings, trace).plan(insert.getSource());
        if (trace.updating()) {
            // whether Flink's planner accepts it depends on the sink's changelog mode (a filesystem sink refuses
            // updates)
            throw new UnsupportedConstructException(
                    insert.getSource().getParserPosition(), "INSERT of an updating (changelog) query");
        }
        List<Column> queryColumns = plan.columns();
        if (queryColumns.size() != targetOf.length) {
            throw new SimulationException(
                    insert.getSource().getParserPosition(),
                    "Column types of query result and sink for '" + sink + "' do not match: the query has "
                            + queryColumns.size() + " columns, the sink " + targetOf.length);
        }
        // DynamicSinkUtils#validateSchemaAndApplyImplicitCast: each column must cast implicitly, with no
        // coercion before it (measured on Flink 2.3's planner: BIGINT into VARCHAR(1) beside a rowtime is refused)
        for (int i = 0; i < targetOf.length; i++) {
            SqlType from = queryColumns.get(i).type();
            SqlType to = sinkColumns.get(targetOf[i]).type();
            if (!FlinkTypes.implicitlyCasts(from, to)) {
                throw new SimulationException(
                        insert.getSource().getParserPosition(),
                        "Column types of query result and sink for '"
                                + sink + "' do not match: Incompatible types for sink column '"
                                + sinkColumns.get(targetOf[i]).name()
                                + "': the query gives " + from + ", the sink takes " + to);
            }
        }
        if (trace.updating()) {
            // whether Flink's planner accepts it depends on the sink's changelog mode (a filesystem sink refuses
            // updates)
            throw new UnsupportedConstructException(
                    insert.getSource().getParserPosition(), "INSERT of an updating (changelog) query");
        }
        List<ResultRow> rows = new ArrayList<>();
        for (RowCollector.Change change : plan.run()) {
            Object[] row = change.values();
            String[] values = new String[sinkColumns.size()];
            for (int i = 0; i < row.length; i++) {
                ColumnDefinition column = sinkColumns.get(targetOf[i]);
                Object value = Values.cast(row[i], queryColumns.get(i).type(), column.type(), settings.timeZone());
                values[targetOf[i]] = Values.render(value, column.type(), settings.timeZone());
            }
            rows.add(new ResultRow(RowKind.INSERT, Arrays.asList(values)));
        }
        return result(
                statement,
                sink,
                sinkColumns.stream().map(ColumnDefinition::name).toList(),
                rows,
                plan.ordered(),
                trace);
    }

    /** Where each query column goes in the sink: in order, or by the INSERT's column list. */
    private static int[] targetPositions(RichSqlInsert insert, List<ColumnDefinition> sinkColumns) {
        SqlNodeList targetColumns = insert.getTargetColumnList();
        if (targetColumns == null || targetColumns.size() == 0) {
            return IntStream.range(0, sinkColumns.size()).toArray();
        }
        int[] positions = new int[targetColumns.size()];
        for (int i = 0; i < positions.length; i++) {
            String name = ((SqlIdentifier) targetColumns.get(i)).getSimple();
            positions[i] = -1;
            for (int j = 0; j < sinkColumns.size(); j++) {
                if (sinkColumns.get(j).name().equals(name)) {
                    positions[i] = j;
                }
            }
            if (positions[i] < 0) {
                throw new SimulationException(
                        targetColumns.get(i).getParserPosition(), "Unknown target column '" + name + "'");
            }
        }
        return positions;
    }

    private StatementResult result(
            ParsedStatement statement,
            String sink,
            List<String> columns,
            List<ResultRow> rows,
            boolean ordered,
            StatementTrace trace) {
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
                sink,
                columns,
                rows,
                ordered,
                trace.lateRowsDropped(),
                trace.explanations(settings::timeZone, settings.watermarkIntervalMillis()));
    }

    @Override
    public Optional<PlannedOnly> finish() {
        return Optional.empty();
    }

    /** A construct the simulator does not model is UNSUPPORTED (an ERROR when strict); its position is mapped to the Markdown line. */
    @Override
    public Problem failure(ParsedStatement statement, Exception error) {
        if (error instanceof UnsupportedConstructException e) {
            String message = "unsupported by the simulator: " + e.construct();
            int line = lineOf(statement, e);
            return strict ? Problem.error(line, message + " (strict mode)") : Problem.unsupported(line, message);
        }
        if (error instanceof SimulationException e) {
            return Problem.error(lineOf(statement, e), e.getMessage());
        }
        return Problem.error(statement.line(), "the simulator failed on this statement: " + error);
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
        return warnings;
    }
}
