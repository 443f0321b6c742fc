package org.flinkcookbook.recipe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.TableReads;

/**
 * One cookbook recipe: a Markdown file whose runnable {@code sql} blocks form one SQL session, or
 * one session per "Script" section.
 *
 * @param file absolute path of the Markdown file
 * @param displayPath path shown to users and written to reports, relative to the project base directory
 * @param blocks every {@code sql} block in document order, skipped ones included
 * @param fixtures the {@code cookbook:fixture} bindings declared anywhere in the file
 * @param warnings what the author should know about how the recipe was read, each naming its line
 * @param flinkNeeds its {@code cookbook:flink >=} markers, on the recipe or on a block
 */
public record Recipe(
        Path file,
        String displayPath,
        List<SqlBlock> blocks,
        List<FixtureBinding> fixtures,
        List<String> warnings,
        List<FlinkNeed> flinkNeeds) {

    public Recipe {
        blocks = List.copyOf(blocks);
        fixtures = List.copyOf(fixtures);
        warnings = List.copyOf(warnings);
        flinkNeeds = List.copyOf(flinkNeeds);
    }

    public Recipe(
            Path file,
            String displayPath,
            List<SqlBlock> blocks,
            List<FixtureBinding> fixtures,
            List<String> warnings) {
        this(file, displayPath, blocks, fixtures, warnings, List.of());
    }

    public Recipe(Path file, String displayPath, List<SqlBlock> blocks, List<FixtureBinding> fixtures) {
        this(file, displayPath, blocks, fixtures, List.of());
    }

    /** The statements of all blocks that run, in document order, with their Markdown lines. */
    public List<Statement> statements() {
        return blocks.stream()
                .filter(SqlBlock::runs)
                .flatMap(block -> block.statements().stream())
                .toList();
    }

    /**
     * The recipe's SQL sessions: one per Script section that has running blocks. A later section
     * starts with the CREATE statements of the earlier ones, except those whose table or view it
     * creates again itself, as a reader runs a data generator after the main script.
     */
    public List<Recipe> sessions() {
        Set<Integer> scripts = blocks.stream()
                .filter(SqlBlock::runs)
                .map(SqlBlock::script)
                .collect(Collectors.toCollection(TreeSet::new));
        if (scripts.size() <= 1) {
            return List.of(this);
        }
        List<Recipe> sessions = new ArrayList<>();
        List<Statement> definitions = new ArrayList<>();
        for (int script : scripts) {
            List<SqlBlock> own = blocks.stream()
                    .filter(block -> block.runs() && block.script() == script)
                    .toList();
            Set<String> redefined = own.stream()
                    .flatMap(block -> block.statements().stream())
                    .map(Recipe::createdName)
                    .flatMap(Optional::stream)
                    .collect(Collectors.toSet());
            List<Statement> replayed = definitions.stream()
                    .filter(statement -> createdName(statement)
                            .map(name -> !redefined.contains(name))
                            .orElse(true))
                    .toList();
            List<SqlBlock> sessionBlocks = new ArrayList<>();
            if (!replayed.isEmpty()) {
                sessionBlocks.add(new SqlBlock(replayed.get(0).line(), "", false, replayed, script, null));
            }
            sessionBlocks.addAll(own);
            sessions.add(new Recipe(file, displayPath, sessionBlocks, fixtures, warnings, flinkNeeds));
            own.stream()
                    .flatMap(block -> block.statements().stream())
                    .filter(Recipe::isDefinition)
                    .forEach(definitions::add);
        }
        return sessions;
    }

    /** The fixture bound to a table, if the recipe declares one (table names compare case-insensitively). */
    public Optional<FixtureBinding> fixtureFor(String tableName) {
        return fixtures.stream()
                .filter(binding -> binding.table().equalsIgnoreCase(tableName))
                .findFirst();
    }

    /**
     * The fixture bound to a table the recipe creates, the one rule every engine and the guard
     * follow: a directive names the table as written ({@code db.orders}), or its last part.
     */
    public Optional<FixtureBinding> fixtureFor(List<String> tableName) {
        return fixtureFor(String.join(".", tableName)).or(() -> fixtureFor(tableName.get(tableName.size() - 1)));
    }

    /** The expected-values file that belongs beside this recipe: same base name, {@code .expected}. */
    public Path expectedFile() {
        return expectedFileOf(file);
    }

    /** The expected-values file beside the recipe file {@code file}. */
    public static Path expectedFileOf(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".expected");
    }

    /** The recipe file an expected file belongs to: {@code NAME.md} beside {@code NAME.expected}. */
    public static Path recipeFileOf(Path expectedFile) {
        String name = expectedFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return expectedFile.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".md");
    }

    /** {@code recipe.md:line}, the way every message points at a place in a recipe. */
    public String at(int line) {
        return displayPath + ":" + line;
    }

    private static boolean isDefinition(Statement statement) {
        return switch (statement.kind()) {
            case CREATE_TABLE, CREATE_VIEW, CREATE_FUNCTION, CREATE_OTHER, SET -> true;
            default -> false;
        };
    }

    private static Optional<String> createdName(Statement statement) {
        try {
            return TableReads.definedBy(SqlParsing.parse(statement, statement.text()));
        } catch (SqlSyntaxException | RuntimeException unparsable) {
            return Optional.empty();
        }
    }
}
