package org.flinkcookbook.recipe;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.flinkcookbook.sql.Statement;

/**
 * One cookbook recipe: a Markdown file whose runnable {@code sql} blocks form one SQL session.
 *
 * @param file absolute path of the Markdown file
 * @param displayPath path shown to users and written to reports, relative to the project base directory
 * @param blocks every {@code sql} block in document order, skipped ones included
 * @param fixtures the {@code cookbook:fixture} bindings declared anywhere in the file
 */
public record Recipe(Path file, String displayPath, List<SqlBlock> blocks, List<FixtureBinding> fixtures) {

    public Recipe {
        blocks = List.copyOf(blocks);
        fixtures = List.copyOf(fixtures);
    }

    /** The statements of all blocks that run, in document order, with their Markdown lines. */
    public List<Statement> statements() {
        return blocks.stream().filter(SqlBlock::runs).flatMap(block -> block.statements().stream()).toList();
    }

    /** The fixture bound to a table, if the recipe declares one (table names compare case-insensitively). */
    public Optional<FixtureBinding> fixtureFor(String tableName) {
        return fixtures.stream().filter(binding -> binding.table().equalsIgnoreCase(tableName)).findFirst();
    }

    /** The expected-values file that belongs beside this recipe: same base name, {@code .expected}. */
    public Path expectedFile() {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".expected");
    }

    /** {@code recipe.md:line}, the way every message points at a place in a recipe. */
    public String at(int line) {
        return displayPath + ":" + line;
    }
}
