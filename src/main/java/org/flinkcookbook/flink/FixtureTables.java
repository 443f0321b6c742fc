package org.flinkcookbook.flink;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
import org.flinkcookbook.flink.RecipeSession.StatementFailure;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.Statement;

/**
 * The tables of a recipe session that read CSV fixtures: a table named by a
 * {@code cookbook:fixture} directive is rebound to its file once the recipe creates it, and every
 * fixture a table reads is checked row by row first, so a malformed row is reported with its line.
 */
final class FixtureTables {

    private final Recipe recipe;
    private final Path fixturesDirectory;
    private final Supplier<CatalogManager> catalogs;

    /** @param catalogs the session's current catalog manager: a runtime-mode change replaces it */
    FixtureTables(Recipe recipe, Path fixturesDirectory, Supplier<CatalogManager> catalogs) {
        this.recipe = recipe;
        this.fixturesDirectory = fixturesDirectory;
        this.catalogs = catalogs;
    }

    /** Rebinds a new table to its fixture, if the recipe binds one; true when it did. */
    boolean bind(Statement statement, SqlCreateTable created) throws StatementFailure {
        List<String> names = created.getName().names;
        Optional<FixtureBinding> binding = recipe.fixtureFor(String.join(".", names))
                .or(() -> recipe.fixtureFor(names.get(names.size() - 1)));
        if (binding.isEmpty()) {
            return false;
        }
        Path csv = fixturesDirectory.resolve(binding.get().csvPath()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(csv)) {
            throw new StatementFailure(binding.get().line(), "the fixture " + binding.get().csvPath() + " for table "
                    + binding.get().table() + " does not exist in " + fixturesDirectory + "; add the CSV file or fix the path");
        }
        CatalogManager catalog = catalogs.get();
        ObjectIdentifier id = catalog.qualifyIdentifier(UnresolvedIdentifier.of(names));
        ContextResolvedTable table = catalog.getTable(id).orElseThrow();
        checkFixture(binding.get().line(), binding.get().csvPath(), csv, table.getResolvedSchema());
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", "filesystem");
        options.put("path", FixturePlaceholder.uriOf(csv));
        options.put("format", "csv");
        try {
            TableRebinding.rebind(catalog, id, table, options, List.of()); // a fixture is one file, not partition directories
        } catch (RuntimeException e) {
            throw new StatementFailure(binding.get().line(), "cannot bind fixture " + binding.get().csvPath() + " to table "
                    + binding.get().table() + ": " + FlinkErrors.message(e));
        }
        return true;
    }

    /** A malformed fixture row is reported with its line, before Flink fails on it with a stack of its own. */
    private void checkFixture(int line, String csvPath, Path csv, ResolvedSchema schema) throws StatementFailure {
        List<Column> physical = schema.getColumns().stream().filter(Column::isPhysical).toList();
        List<String> names = physical.stream().map(Column::getName).toList();
        int rowtime = schema.getWatermarkSpecs().isEmpty() ? -1 : names.indexOf(schema.getWatermarkSpecs().get(0).getRowtimeAttribute());
        String shownAs = fixturesDirectory.getFileName() + "/" + csvPath;
        Optional<String> problem;
        try {
            FileAccess.readable(csv); // before reading it: a row of it may end up in the message
            problem = FixtureCheck.problem(csv, shownAs, names, physical.stream().map(column -> column.getDataType().getLogicalType()).toList(), rowtime);
        } catch (AccessDeniedException e) {
            problem = Optional.of(shownAs + ": " + e.getReason());
        } catch (IOException e) {
            problem = Optional.of(shownAs + ": cannot be read (" + e.getMessage() + ")");
        }
        if (problem.isPresent()) {
            throw new StatementFailure(line, problem.get());
        }
    }

    /** A table that reads a CSV file of the fixtures directory directly gets the same check as a bound one. */
    void checkCsvTable(Statement statement, SqlCreateTable created) throws StatementFailure {
        Map<String, String> options = created.getProperties();
        String path = options.get("path");
        if (!"filesystem".equals(options.get("connector")) || !"csv".equals(options.get("format")) || path == null || !path.startsWith("file:")) {
            return;
        }
        Path file = localPath(path).normalize();
        Path fixtures = fixturesDirectory.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file) || !file.startsWith(fixtures)) {
            return;
        }
        CatalogManager catalog = catalogs.get();
        ContextResolvedTable table = catalog.getTable(catalog.qualifyIdentifier(UnresolvedIdentifier.of(created.getName().names))).orElseThrow();
        checkFixture(statement.line(), fixtures.relativize(file).toString().replace('\\', '/'), file, table.getResolvedSchema());
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
