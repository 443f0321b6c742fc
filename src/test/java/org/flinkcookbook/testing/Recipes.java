package org.flinkcookbook.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeParser;

/** Recipes written by tests. */
public final class Recipes {

    private Recipes() {}

    /** Writes Markdown to {@code directory/name} and parses it as a recipe shown as {@code name}. */
    public static Recipe write(Path directory, String name, String markdown) {
        Path file = directory.resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, markdown);
            return new RecipeParser().parse(file, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RecipeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A recipe whose only block is the given SQL, starting at Markdown line 3. */
    public static Recipe sql(Path directory, String sql) {
        return write(directory, "recipe.md", "# Test\n```sql\n" + sql + "\n```\n");
    }

    /** A recipe {@code name.md} whose single sql block, starting on Markdown line 3, is followed by fixture directives. */
    public static Recipe recipe(Path directory, String name, String fixtureDirectives, String sql) {
        return write(directory, name + ".md", "# " + name + "\n```sql\n" + sql + "\n```\n" + fixtureDirectives + "\n");
    }

    /** Writes a CSV fixture (or any file), with the directories it lies in. */
    public static void fixture(Path fixtures, String name, String csv) {
        try {
            Files.createDirectories(fixtures.resolve(name).getParent());
            Files.writeString(fixtures.resolve(name), csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
