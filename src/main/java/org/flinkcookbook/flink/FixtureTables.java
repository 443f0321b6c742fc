package org.flinkcookbook.flink;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarCharType;
import org.flinkcookbook.csv.FixtureCheck;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.session.BoundFixture;
import org.flinkcookbook.session.StatementFailure;
import org.flinkcookbook.sql.ChangelogSources;
import org.flinkcookbook.sql.ChangelogSources.Changes;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.Statement;

/**
 * The tables of a recipe session that read CSV fixtures: a table a {@code cookbook:fixture}
 * directive binds is rebound to its file once the recipe creates it, and every
 * fixture a table reads is checked row by row first, so a malformed row is reported with its line.
 */
final class FixtureTables {

    private final Path fixturesDirectory;
    private final Supplier<CatalogManager> catalogs;

    /** @param catalogs the session's current catalog manager: a runtime-mode change replaces it */
    FixtureTables(Path fixturesDirectory, Supplier<CatalogManager> catalogs) {
        this.fixturesDirectory = fixturesDirectory;
        this.catalogs = catalogs;
    }

    /** Rebinds a table the recipe just created to its fixture, once every row of the fixture is checked. */
    void bind(BoundFixture fixture, ObjectIdentifier id) throws StatementFailure {
        FixtureBinding binding = fixture.binding();
        CatalogManager catalog = catalogs.get();
        ContextResolvedTable table = catalog.getTable(id).orElseThrow();
        Map<String, String> own = table.getResolvedTable().getOptions();
        Changes changes = ChangelogSources.of(own);
        checkFixture(binding.line(), fixture.csv(), table.getResolvedSchema(), changes);
        Map<String, String> options = FixtureConnector.options(
                FixturePlaceholder.uriOf(fixture.csv()),
                StandIns.canBeLookedUp(own.getOrDefault("connector", "")),
                own);
        try {
            TableRebinding.rebind(
                    catalog, id, table, options, List.of()); // a fixture is one file, not partition directories
        } catch (RuntimeException e) {
            throw new StatementFailure(
                    binding.line(),
                    "cannot bind fixture " + binding.csvPath() + " to table " + binding.table() + ": "
                            + FlinkErrors.message(e));
        }
    }

    /** A malformed fixture row is reported with its line, before Flink fails on it with a stack of its own. */
    private void checkFixture(int line, Path csv, ResolvedSchema schema, Changes changes) throws StatementFailure {
        List<Column> physical =
                schema.getColumns().stream().filter(Column::isPhysical).toList();
        List<String> names = new ArrayList<>();
        List<LogicalType> types = new ArrayList<>();
        boolean changelog = changes != Changes.INSERT_ONLY;
        if (changelog) {
            names.add("row kind");
            types.add(new VarCharType(VarCharType.MAX_LENGTH));
        }
        physical.forEach(column -> {
            names.add(column.getName());
            types.add(column.getDataType().getLogicalType());
        });
        int rowtime = schema.getWatermarkSpecs().isEmpty()
                ? -1
                : names.indexOf(schema.getWatermarkSpecs().get(0).getRowtimeAttribute());
        String shownAs = shownAs(csv);
        Optional<String> problem;
        try {
            FileAccess.readable(csv); // before reading it: a row of it may end up in the message
            problem = FixtureCheck.problem(csv, shownAs, names, types, rowtime, changelog);
        } catch (AccessDeniedException e) {
            problem = Optional.of(shownAs + ": " + e.getReason());
        } catch (IOException e) {
            problem = Optional.of(shownAs + ": cannot be read (" + e.getMessage() + ")");
        }
        if (problem.isPresent()) {
            throw new StatementFailure(
                    Problem.inFixture(line, problem.get(), new Problem.FixtureFault(shownAs, Problem.Fix.EDIT)));
        }
    }

    /**
     * How messages name a fixture file: relative to the fixtures directory, under its name, however
     * the directive or the table spelled the path (an absolute one too).
     */
    private String shownAs(Path file) {
        Path fixtures = fixturesDirectory.toAbsolutePath().normalize();
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(fixtures)
                ? fixturesDirectory.getFileName() + "/"
                        + fixtures.relativize(absolute).toString().replace('\\', '/')
                : absolute.toString();
    }

    /** A table that reads a CSV file of the fixtures directory directly gets the same check as a bound one. */
    void checkCsvTable(Statement statement, SqlCreateTable created) throws StatementFailure {
        Map<String, String> options = created.getProperties();
        String path = options.get("path");
        if (!"filesystem".equals(options.get("connector"))
                || !"csv".equals(options.get("format"))
                || path == null
                || !path.startsWith("file:")) {
            return;
        }
        Path file = localPath(path).normalize();
        Path fixtures = fixturesDirectory.toAbsolutePath().normalize();
        if (!file.startsWith(fixtures)) {
            return;
        }
        String shownAs = shownAs(file);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new StatementFailure(Problem.inFixture(
                    statement.line(),
                    "fixture file " + shownAs + " of table " + String.join(".", created.getName().names)
                            + " does not exist (a fixture has one row a line, in the table's column order, and no"
                            + " header line)",
                    new Problem.FixtureFault(shownAs, Problem.Fix.GENERATE)));
        }
        if (!Files.isRegularFile(file)) {
            return;
        }
        CatalogManager catalog = catalogs.get();
        ContextResolvedTable table = catalog.getTable(
                        catalog.qualifyIdentifier(UnresolvedIdentifier.of(created.getName().names)))
                .orElseThrow();
        checkFixture(statement.line(), file, table.getResolvedSchema(), Changes.INSERT_ONLY);
    }

    /** The file of a {@code file:} path as ${fixtures} writes it: not URI-encoded, so spaces stay spaces. */
    private static Path localPath(String fileUri) {
        String path = fileUri.substring("file:".length());
        while (path.startsWith("//")) {
            path = path.substring(1);
        }
        return Path.of(path);
    }
}
