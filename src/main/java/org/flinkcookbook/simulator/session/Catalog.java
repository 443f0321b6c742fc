package org.flinkcookbook.simulator.session;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.flink.sql.parser.ddl.SqlTableColumn;
import org.apache.flink.sql.parser.ddl.SqlWatermark;
import org.apache.flink.sql.parser.ddl.constraint.SqlTableConstraint;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTableAs;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTableLike;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.flinkcookbook.csv.FixtureCheck;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.session.TableDefinition.ColumnDefinition;
import org.flinkcookbook.simulator.session.TableDefinition.CsvSource;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.sql.ChangelogSources;
import org.flinkcookbook.sql.ChangelogSources.Changes;

/** The tables and views a recipe's session has created; names are case-sensitive, as in Flink. */
public final class Catalog {

    private final Path fixturesDirectory;
    private final Map<String, TableDefinition> tables = new HashMap<>();
    private final Map<String, SqlNode> views = new HashMap<>();

    public Catalog(Path fixturesDirectory) {
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
    }

    /**
     * CREATE TABLE: a {@code cookbook:fixture} binding makes the table read that CSV file; so does a
     * filesystem connector with the CSV format. Other tables can only be written.
     */
    public void createTable(SqlCreateTable create, Optional<FixtureBinding> fixture) {
        if (create instanceof SqlCreateTableAs || create instanceof SqlCreateTableLike) {
            throw new UnsupportedConstructException(create.getParserPosition(), "CREATE TABLE ... AS / LIKE");
        }
        if (fixture.isPresent() && ChangelogSources.of(create.getProperties()) != Changes.INSERT_ONLY) {
            throw new UnsupportedConstructException(
                    create.getParserPosition(),
                    "a changelog source (" + create.getProperties().get("connector")
                            + ", its fixture's rows +I/-U/+U/-D)");
        }
        String name = name(create.getName());
        if (exists(name)) {
            if (create.isIfNotExists()) {
                return;
            }
            throw new SimulationException(
                    create.getName().getParserPosition(), "Table or view '" + name + "' already exists");
        }
        List<String> primaryKey = primaryKey(create);
        List<ColumnDefinition> columns = columns(create, primaryKey);
        SqlWatermark watermark = create.getWatermark().orElse(null);
        String rowtime = null;
        if (watermark != null) {
            rowtime = name(watermark.getEventTimeColumnName());
            String rowtimeName = rowtime;
            ColumnDefinition column = columns.stream()
                    .filter(c -> c.name().equals(rowtimeName))
                    .findFirst()
                    .orElseThrow(() -> new SimulationException(
                            watermark.getParserPosition(),
                            "The rowtime attribute field '" + rowtimeName + "' is not defined in the table schema"));
            if (!column.type().isTimestamp() || column.type().precision() > 3) {
                throw new SimulationException(
                        watermark.getParserPosition(),
                        "Invalid data type of time field for watermark definition. "
                                + "The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is "
                                + column.type());
            }
        }
        tables.put(
                name,
                new TableDefinition(
                        name,
                        columns,
                        rowtime,
                        watermark == null ? null : watermark.getWatermarkStrategy(),
                        source(create, fixture),
                        primaryKey));
        fixture.ifPresent(binding -> checkFixture(binding, columns, watermark == null ? null : rowtimeOf(watermark)));
    }

    private static String rowtimeOf(SqlWatermark watermark) {
        return name(watermark.getEventTimeColumnName());
    }

    /** Every row of a bound fixture is checked when its table is created, as the Flink engine does (FixtureTables). */
    private void checkFixture(FixtureBinding binding, List<ColumnDefinition> columns, String rowtime) {
        List<ColumnDefinition> physical =
                columns.stream().filter(ColumnDefinition::physical).toList();
        List<String> names = physical.stream().map(ColumnDefinition::name).toList();
        Optional<String> problem;
        try {
            problem = FixtureCheck.problem(
                    fixturesDirectory.resolve(binding.csvPath()).normalize(),
                    fixturesDirectory.getFileName() + "/" + binding.csvPath(),
                    names,
                    physical.stream()
                            .map(column -> FlinkTypes.logical(column.type()))
                            .toList(),
                    rowtime == null ? -1 : names.indexOf(rowtime),
                    false); // a changelog source is unsupported before its fixture is read
        } catch (IOException e) {
            problem = Optional.of(binding.csvPath() + ": cannot be read (" + e.getMessage() + ")");
        }
        if (problem.isPresent()) {
            tables.remove(binding.table());
            throw SimulationException.atMarkdownLine(binding.line(), problem.get());
        }
    }

    private static List<ColumnDefinition> columns(SqlCreateTable create, List<String> primaryKey) {
        List<ColumnDefinition> columns = new ArrayList<>();
        List<Column> physical = new ArrayList<>();
        Map<String, Boolean> nullability = new HashMap<>();
        for (SqlNode node : create.getColumnList()) {
            if (node instanceof SqlTableColumn.SqlRegularColumn regular) {
                String name = name(regular.getName());
                SqlType type = SqlType.of(regular.getType());
                boolean nullable = !Boolean.FALSE.equals(regular.getType().getNullable()) && !primaryKey.contains(name);
                columns.add(new ColumnDefinition(name, type, SqlType.summary(regular.getType()), nullable, null));
                nullability.put(name, nullable);
                physical.add(new Column(name, type, false));
            } else if (node instanceof SqlTableColumn.SqlComputedColumn computed) {
                // Computed columns may only read physical columns: derive the type from those
                SqlType type = new ExpressionCompiler(physical)
                        .compile(computed.getExpr())
                        .type();
                columns.add(new ColumnDefinition(
                        name(computed.getName()),
                        type,
                        type.toString(),
                        Nullability.of(computed.getExpr(), nullability),
                        computed.getExpr()));
            } else {
                throw new UnsupportedConstructException(node.getParserPosition(), "metadata columns (" + node + ")");
            }
        }
        return columns;
    }

    private static List<String> primaryKey(SqlCreateTable create) {
        return create.getFullConstraints().stream()
                .filter(SqlTableConstraint::isPrimaryKey)
                .flatMap(constraint -> Arrays.stream(constraint.getColumnNames()))
                .toList();
    }

    private CsvSource source(SqlCreateTable create, Optional<FixtureBinding> fixture) {
        if (fixture.isPresent()) {
            Path file = fixturesDirectory.resolve(fixture.get().csvPath()).normalize();
            readable(create, file.toString());
            return new CsvSource(file, displayName(file));
        }
        Map<String, String> options = create.getProperties();
        if (!"filesystem".equals(options.get("connector")) || !options.containsKey("path")) {
            return null;
        }
        if (!"csv".equals(options.get("format")) || options.keySet().stream().anyMatch(key -> key.startsWith("csv."))) {
            throw new UnsupportedConstructException(
                    create.getParserPosition(), "filesystem tables other than the CSV format with its default options");
        }
        Path file = readable(create, options.get("path"));
        return new CsvSource(file, displayName(file));
    }

    /** The file a table reads, read by the same rule as on Flink: only under the project and fixtures directories. */
    private static Path readable(SqlCreateTable create, String path) {
        try {
            return FileAccess.readable(path);
        } catch (AccessDeniedException e) {
            throw new SimulationException(
                    create.getParserPosition(),
                    "the table " + name(create.getName()) + " reads " + path + ", which " + e.getReason()
                            + "; keep files under the project or bind a fixture");
        } catch (IllegalArgumentException e) {
            throw new SimulationException(
                    create.getParserPosition(),
                    "the table " + name(create.getName()) + " reads " + path + ", which is not a path: "
                            + e.getMessage());
        }
    }

    private String displayName(Path file) {
        Path base = fixturesDirectory.getParent() == null ? fixturesDirectory : fixturesDirectory.getParent();
        return file.startsWith(base) ? base.relativize(file).toString().replace('\\', '/') : file.toString();
    }

    public void createView(SqlCreateView create) {
        if (create.getFieldList() != null && create.getFieldList().size() > 0) {
            throw new UnsupportedConstructException(create.getParserPosition(), "views with a column list");
        }
        String name = name(create.getName());
        if (exists(name)) {
            if (create.isIfNotExists()) {
                return;
            }
            throw new SimulationException(
                    create.getName().getParserPosition(), "Table or view '" + name + "' already exists");
        }
        views.put(name, create.getQuery());
    }

    /** DROP TABLE / DROP VIEW; false when there was nothing to drop. */
    public boolean drop(String name) {
        return tables.remove(name) != null | views.remove(name) != null;
    }

    public Optional<TableDefinition> table(String name) {
        return Optional.ofNullable(tables.get(name));
    }

    public Optional<SqlNode> view(String name) {
        return Optional.ofNullable(views.get(name));
    }

    private boolean exists(String name) {
        return tables.containsKey(name) || views.containsKey(name);
    }

    /** An object name as written, qualified names joined with dots (default catalog and database). */
    public static String name(SqlIdentifier identifier) {
        return String.join(".", identifier.names);
    }
}
