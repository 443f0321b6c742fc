package org.flinkcookbook.recipe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;

/**
 * Fixtures by convention: {@code <fixtures>/<recipe path relative to the recipes directory, without
 * .md>/<TABLE>.csv} binds table TABLE of that recipe as a {@code cookbook:fixture} directive would,
 * with no comment in the Markdown. A directive for the same table wins.
 */
public final class FixtureConvention {

    /** Connectors whose tables {@code cookbook:fixtures} gives data by default: they make data of their own. */
    private static final Set<String> GENERATORS = Set.of("faker", "datagen");

    /** Connectors that are only written to: nothing reads their data, so no fixture is made for them. */
    private static final Set<String> SINKS = Set.of("blackhole", "print");

    private FixtureConvention() {}

    /** Whether {@code cookbook:fixtures} writes a table of this connector without {@code -Dcookbook.generate=all}. */
    public static boolean generatedByDefault(String connector) {
        return GENERATORS.contains(connector);
    }

    /** Whether a table of this connector is only written to, so that nothing reads its data. */
    public static boolean isSink(String connector) {
        return SINKS.contains(connector);
    }

    /**
     * The tables the recipe creates that no directive or conventional fixture binds and that are read
     * (no sink), each with its connector ({@code ""} when it names none), in the order they are created.
     */
    public static Map<String, String> unboundSources(Recipe recipe) {
        Map<String, String> tables = new LinkedHashMap<>();
        for (Statement statement : recipe.statements()) {
            createdTable(statement).ifPresent(create -> {
                List<String> names = create.getName().names;
                String name = names.get(names.size() - 1);
                String connector = create.getProperties().getOrDefault("connector", "");
                if (recipe.fixtureFor(name).isEmpty()
                        && !isSink(connector)
                        && tables.keySet().stream().noneMatch(name::equalsIgnoreCase)) {
                    tables.put(name, connector);
                }
            });
        }
        return tables;
    }

    /** The directory, relative to the fixtures directory, that holds a recipe's conventional fixtures. */
    public static String directoryOf(Path recipesDirectory, Path recipeFile) {
        String relative = recipesDirectory
                .toAbsolutePath()
                .normalize()
                .relativize(recipeFile.toAbsolutePath().normalize())
                .toString()
                .replace('\\', '/');
        return relative.endsWith(".md") ? relative.substring(0, relative.length() - ".md".length()) : relative;
    }

    /** The fixture path, relative to the fixtures directory, that binds {@code table} of the recipe. */
    public static String fixtureOf(Path recipesDirectory, Path recipeFile, String table) {
        return directoryOf(recipesDirectory, recipeFile) + "/" + table + ".csv";
    }

    /**
     * The recipe with a binding, at the line of its CREATE TABLE, for every table it creates that
     * no directive binds and whose conventional fixture exists.
     */
    public static Recipe bind(Recipe recipe, Path recipesDirectory, Path fixturesDirectory) {
        Map<String, Integer> created = createdTables(recipe);
        List<FixtureBinding> bindings = new ArrayList<>(recipe.fixtures());
        created.forEach((table, line) -> {
            String fixture = fixtureOf(recipesDirectory, recipe.file(), table);
            if (recipe.fixtureFor(table).isEmpty() && Files.isRegularFile(fixturesDirectory.resolve(fixture))) {
                bindings.add(new FixtureBinding(table, fixture, line));
            }
        });
        return bindings.size() == recipe.fixtures().size()
                ? recipe
                : new Recipe(
                        recipe.file(),
                        recipe.displayPath(),
                        recipe.blocks(),
                        bindings,
                        recipe.warnings(),
                        recipe.flinkNeeds());
    }

    /** The last name part of every table the recipe's running statements create, as written, with the line of its first CREATE. */
    public static Map<String, Integer> createdTables(Recipe recipe) {
        Map<String, Integer> tables = new LinkedHashMap<>();
        for (Statement statement : recipe.statements()) {
            createdTable(statement).ifPresent(create -> {
                List<String> names = create.getName().names;
                String name = names.get(names.size() - 1);
                if (tables.keySet().stream().noneMatch(name::equalsIgnoreCase)) {
                    tables.put(name, statement.line());
                }
            });
        }
        return tables;
    }

    /** The CREATE TABLE a statement is, when it is one that parses. */
    public static Optional<SqlCreateTable> createdTable(Statement statement) {
        if (statement.kind() != StatementKind.CREATE_TABLE) {
            return Optional.empty();
        }
        try {
            return SqlParsing.parse(statement, statement.text()) instanceof SqlCreateTable create
                    ? Optional.of(create)
                    : Optional.empty();
        } catch (SqlSyntaxException | RuntimeException unparsable) {
            return Optional.empty(); // the engine reports it at its line
        }
    }
}
