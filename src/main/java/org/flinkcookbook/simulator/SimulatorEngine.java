package org.flinkcookbook.simulator;

import java.nio.file.Files;
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
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.table.SqlDropTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.ddl.view.SqlDropView;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dql.SqlRichDescribeTable;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.parse.SimulationException;
import org.flinkcookbook.simulator.parse.UnsupportedConstructException;
import org.flinkcookbook.simulator.plan.PlannedQuery;
import org.flinkcookbook.simulator.plan.QueryPlanner;
import org.flinkcookbook.simulator.session.Catalog;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.session.TableDefinition;
import org.flinkcookbook.simulator.session.TableDefinition.ColumnDefinition;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;

/**
 * The event-time simulator: runs a recipe's statements without Flink, feeding each fixture through
 * Flink's operator rules in file order, and explains late and filtered rows.
 */
public final class SimulatorEngine implements Engine {

    private final Path fixturesDirectory;
    private final boolean strict;

    /** A lenient simulator: constructs it does not model stop the recipe as UNSUPPORTED. */
    public SimulatorEngine(Path fixturesDirectory) {
        this(fixturesDirectory, false);
    }

    /**
     * @param fixturesDirectory the directory {@code ${fixtures}} and {@code cookbook:fixture} paths refer to
     * @param strict when true, a construct the simulator does not model is an ERROR, not UNSUPPORTED
     */
    public SimulatorEngine(Path fixturesDirectory, boolean strict) {
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
        this.strict = strict;
    }

    @Override
    public String name() {
        return "simulator";
    }

    @Override
    public String flinkVersion() {
        return "2.3.0";
    }

    @Override
    public RecipeRun run(Recipe recipe) {
        return new Session(recipe).run();
    }

    @Override
    public void close() {}

    /** One recipe's SQL session. */
    private final class Session {

        private final Recipe recipe;
        private final String fixturesUri = FixturePlaceholder.uriOf(fixturesDirectory);
        private final SessionSettings settings = new SessionSettings();
        private final Catalog catalog = new Catalog(fixturesDirectory);
        private final List<StatementResult> results = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();
        /** INSERTs between BEGIN STATEMENT SET and END, or null outside a statement set. */
        private List<Statement> statementSet;

        Session(Recipe recipe) {
            this.recipe = recipe;
        }

        RecipeRun run() {
            for (Statement statement : recipe.statements()) {
                try {
                    execute(statement);
                } catch (UnsupportedConstructException e) {
                    String message = "unsupported by the simulator: " + e.construct();
                    int line = lineOf(statement, e);
                    return new RecipeRun(results, strict ? Problem.error(line, message + " (strict mode)") : Problem.unsupported(line, message), warnings);
                } catch (SimulationException e) {
                    return new RecipeRun(results, Problem.error(lineOf(statement, e), e.getMessage()), warnings);
                } catch (RuntimeException e) {
                    return new RecipeRun(results, Problem.error(statement.line(), "the simulator failed on this statement: " + e), warnings);
                }
            }
            if (statementSet != null) {
                return new RecipeRun(results, Problem.error(recipe.statements().get(recipe.statements().size() - 1).line(),
                        "BEGIN STATEMENT SET is never closed by END"), warnings);
            }
            return RecipeRun.completed(results, warnings);
        }

        private int lineOf(Statement statement, SimulationException e) {
            return e.markdownLine() > 0 ? e.markdownLine() : statement.line() + Math.max(0, e.lineInStatement() - 1);
        }

        private void execute(Statement statement) {
            StatementKind kind = statement.kind();
            if (statementSet != null && kind != StatementKind.END_STATEMENT_SET) {
                if (kind != StatementKind.INSERT) {
                    throw new SimulationException(null, "only INSERT statements can be added to a statement set");
                }
                statementSet.add(statement);
                return;
            }
            switch (kind) {
                case BEGIN_STATEMENT_SET -> statementSet = new ArrayList<>();
                case END_STATEMENT_SET -> {
                    if (statementSet == null) {
                        throw new SimulationException(null, "END without BEGIN STATEMENT SET");
                    }
                    List<Statement> inserts = statementSet;
                    statementSet = null;
                    inserts.forEach(this::insert);
                }
                case STATEMENT_SET -> statement.members().forEach(this::insert);
                case SET -> set(statement);
                case RESET -> reset(statement);
                case CREATE_TABLE -> createTable((SqlCreateTable) parse(statement));
                case CREATE_VIEW -> catalog.createView((SqlCreateView) parse(statement));
                case QUERY -> query(statement);
                case INSERT -> insert(statement);
                case DROP -> drop(statement);
                case DESCRIBE -> describe(statement);
                default -> throw new UnsupportedConstructException(null, statement.kind() + " statements (" + statement.firstWords() + ")");
            }
        }

        /** Flink's parser, configured as the Flink engine configures it; EXECUTE INSERT is its INSERT. */
        private SqlNode parse(Statement statement) {
            SqlNode node;
            try {
                node = SqlParsing.parse(statement, statement.textWithFixtures(fixturesUri));
            } catch (SqlSyntaxException e) {
                throw SimulationException.atMarkdownLine(e.line(), statement.firstWords() + ": " + e.getMessage());
            }
            return node instanceof SqlExecute execute ? execute.getStatement() : node;
        }

        /**
         * A fixture binds to the table's name as written, or to its last part, as the Flink engine binds
         * it; a missing fixture file is an error at the directive.
         */
        private void createTable(SqlCreateTable create) {
            List<String> names = create.getName().names;
            Optional<FixtureBinding> fixture = recipe.fixtureFor(String.join(".", names)).or(() -> recipe.fixtureFor(names.get(names.size() - 1)));
            if (fixture.isPresent() && !Files.isRegularFile(fixturesDirectory.resolve(fixture.get().csvPath()))) {
                throw SimulationException.atMarkdownLine(fixture.get().line(), "the fixture " + fixture.get().csvPath() + " for table "
                        + fixture.get().table() + " does not exist in " + fixturesDirectory + "; add the CSV file or fix the path");
            }
            catalog.createTable(create, fixture);
        }

        private void set(Statement statement) {
            SqlSet set = (SqlSet) parse(statement);
            if (set.getKey() == null) {
                return; // SET without arguments lists the options
            }
            try {
                if (settings.set(set.getKeyString(), set.getValueString()) == SessionSettings.Outcome.NOT_MODELLED) {
                    warnings.add(recipe.at(statement.line()) + ": SET '" + set.getKeyString()
                            + "' is not modelled by the simulator; its results assume Flink's default for it");
                }
            } catch (RuntimeException e) {
                throw new SimulationException(set.getParserPosition(), "invalid value for '" + set.getKeyString() + "': " + e.getMessage());
            }
        }

        private void reset(Statement statement) {
            SqlReset reset = (SqlReset) parse(statement);
            if (reset.getKey() == null) {
                settings.resetAll();
            } else {
                settings.reset(reset.getKeyString());
            }
        }

        private void drop(Statement statement) {
            SqlNode node = parse(statement);
            if (!(node instanceof SqlDropTable || node instanceof SqlDropView)) {
                throw new UnsupportedConstructException(node.getParserPosition(), statement.firstWords());
            }
            SqlDropObject drop = (SqlDropObject) node;
            String name = String.join(".", drop.getFullName());
            if (!catalog.drop(name) && !drop.getIfExists()) {
                throw new SimulationException(drop.getParserPosition(), "Table or view '" + name + "' does not exist");
            }
        }

        /** DESCRIBE of a table: its columns as Flink prints them; views are not modelled. */
        private void describe(Statement statement) {
            if (!(parse(statement) instanceof SqlRichDescribeTable describe)) {
                throw new UnsupportedConstructException(null, statement.firstWords());
            }
            String name = String.join(".", describe.fullTableName());
            TableDefinition table = catalog.table(name).orElseThrow(() -> catalog.view(name).isPresent()
                    ? new UnsupportedConstructException(describe.getParserPosition(), "DESCRIBE of a view")
                    : new SimulationException(describe.getParserPosition(), "Tables or views with the identifier '" + name + "' doesn't exist."));
            List<ResultRow> rows = table.describe().stream().map(values -> new ResultRow(RowKind.INSERT, values)).toList();
            finish(statement, null, List.of("name", "type", "null", "key", "extras", "watermark"), rows, false, new StatementTrace());
        }

        private void query(Statement statement) {
            StatementTrace trace = new StatementTrace();
            PlannedQuery plan = new QueryPlanner(catalog, settings, trace).plan(parse(statement));
            List<Column> columns = plan.columns();
            List<ResultRow> rows = new ArrayList<>();
            for (Object[] row : plan.run()) {
                List<String> values = new ArrayList<>(row.length);
                for (int i = 0; i < row.length; i++) {
                    values.add(Values.render(row[i], columns.get(i).type(), settings.timeZone()));
                }
                rows.add(new ResultRow(RowKind.INSERT, values));
            }
            finish(statement, null, columns.stream().map(Column::name).toList(), rows, plan.ordered(), trace);
        }

        private void insert(Statement statement) {
            RichSqlInsert insert = (RichSqlInsert) parse(statement);
            if (insert.isOverwrite() || !(insert.getTargetTable() instanceof SqlIdentifier target)) {
                throw new UnsupportedConstructException(insert.getParserPosition(), "INSERT OVERWRITE or into anything but a table name");
            }
            String sink = target.toString();
            TableDefinition table = catalog.table(Catalog.name(target)).orElseThrow(() -> new SimulationException(target.getParserPosition(),
                    "Object '" + sink + "' not found"));
            List<ColumnDefinition> sinkColumns = table.persistedColumns();
            int[] targetOf = targetPositions(insert, sinkColumns);
            StatementTrace trace = new StatementTrace();
            PlannedQuery plan = new QueryPlanner(catalog, settings, trace).plan(insert.getSource());
            List<Column> queryColumns = plan.columns();
            if (queryColumns.size() != targetOf.length) {
                throw new SimulationException(insert.getSource().getParserPosition(), "Column types of query result and sink for '"
                        + sink + "' do not match: the query has " + queryColumns.size() + " columns, the sink " + targetOf.length);
            }
            for (int i = 0; i < targetOf.length; i++) {
                SqlType from = queryColumns.get(i).type();
                SqlType to = sinkColumns.get(targetOf[i]).type();
                if (!FlinkTypes.implicitlyCasts(from, to)) {
                    throw new SimulationException(insert.getSource().getParserPosition(), "Column types of query result and sink for '"
                            + sink + "' do not match: Incompatible types for sink column '" + sinkColumns.get(targetOf[i]).name()
                            + "': the query gives " + from + ", the sink takes " + to);
                }
            }
            List<ResultRow> rows = new ArrayList<>();
            for (Object[] row : plan.run()) {
                String[] values = new String[sinkColumns.size()];
                for (int i = 0; i < row.length; i++) {
                    ColumnDefinition column = sinkColumns.get(targetOf[i]);
                    Object value = Values.cast(row[i], queryColumns.get(i).type(), column.type(), settings.timeZone());
                    values[targetOf[i]] = Values.render(value, column.type(), settings.timeZone());
                }
                rows.add(new ResultRow(RowKind.INSERT, Arrays.asList(values)));
            }
            finish(statement, sink, sinkColumns.stream().map(ColumnDefinition::name).toList(), rows, plan.ordered(), trace);
        }

        /** Where each query column goes in the sink: in order, or by the INSERT's column list. */
        private int[] targetPositions(RichSqlInsert insert, List<ColumnDefinition> sinkColumns) {
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
                    throw new SimulationException(targetColumns.get(i).getParserPosition(), "Unknown target column '" + name + "'");
                }
            }
            return positions;
        }

        private void finish(Statement statement, String sink, List<String> columns, List<ResultRow> rows, boolean ordered, StatementTrace trace) {
            results.add(new StatementResult(statement.line(), statement.firstWords(), sink, columns, rows, ordered,
                    trace.lateRowsDropped(), trace.explanations()));
            if (!trace.timingDependentRows().isEmpty()) {
                warnings.add(recipe.at(statement.line()) + ": Flink's result may depend on processing time: with '"
                        + SessionSettings.WATERMARK_INTERVAL + "' = " + settings.watermarkIntervalMillis() + " ms a periodic watermark"
                        + " could reach " + String.join(", ", trace.timingDependentRows())
                        + " before the row arrives and change whether it is late or filtered; set the interval to 0 for a deterministic run");
            }
        }
    }
}
