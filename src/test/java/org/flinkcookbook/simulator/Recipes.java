package org.flinkcookbook.simulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeParser;

/** Writes recipes and fixtures for tests and parses them as the plugin does. */
final class Recipes {

    private Recipes() {}

    /** A recipe whose single sql block is {@code sql}; SQL starts on Markdown line 3. */
    static Recipe recipe(Path directory, String name, String fixtureDirectives, String sql) {
        String markdown = "# " + name + "\n" + "```sql\n" + sql + "\n```\n" + fixtureDirectives + "\n";
        try {
            Path file = directory.resolve(name + ".md");
            Files.writeString(file, markdown);
            return new RecipeParser().parse(file, name + ".md");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RecipeException e) {
            throw new IllegalStateException(e);
        }
    }

    static void fixture(Path fixtures, String name, String csv) {
        try {
            Files.createDirectories(fixtures);
            Files.writeString(fixtures.resolve(name), csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
