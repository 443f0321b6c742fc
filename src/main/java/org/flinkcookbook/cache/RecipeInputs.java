package org.flinkcookbook.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flinkcookbook.recipe.FixtureConvention;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.sql.FixturePlaceholder;

/**
 * The files a recipe's results depend on: its Markdown, its expected file and every file it may
 * read. They are found in the Markdown text, without parsing it, so that a half-written recipe
 * still has inputs, and generously: a path in a skipped block counts too, since reading one file
 * too many only costs a run, while one too few could report a stale pass.
 */
public final class RecipeInputs {

    /** {@code cookbook:fixture TABLE = PATH}; the path ends at white space or the comment's end. */
    private static final Pattern FIXTURE_BINDING =
            Pattern.compile("cookbook:fixture\\s+[^\\s=]+\\s*=\\s*((?:(?!-->)\\S)+)");
    /** {@code ${fixtures}/data/x.csv} inside a SQL string. */
    private static final Pattern FIXTURE_PATH =
            Pattern.compile(Pattern.quote(FixturePlaceholder.PLACEHOLDER) + "([^'\"\\s]*)");
    /** Any other {@code 'path' = '...'} table option, resolved against the project directory. */
    private static final Pattern PATH_OPTION = Pattern.compile("'path'\\s*=\\s*'([^']*)'");

    private final Path baseDirectory;
    private final Path recipesDirectory;
    private final Path fixturesDirectory;

    /** @param recipesDirectory where recipes are found: a recipe's fixtures by convention lie at its path below it */
    public RecipeInputs(Path baseDirectory, Path recipesDirectory, Path fixturesDirectory) {
        this.baseDirectory = baseDirectory.toAbsolutePath().normalize();
        this.recipesDirectory = recipesDirectory.toAbsolutePath().normalize();
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
    }

    /** The recipe file, its expected file and the files it may read, absolute and sorted; a directory stands for every file in it. */
    public Set<Path> of(Path recipe) {
        Path file = recipe.toAbsolutePath().normalize();
        Set<Path> inputs = new TreeSet<>();
        inputs.add(file);
        inputs.add(Recipe.expectedFileOf(file));
        inputs.add(fixturesDirectory
                .resolve(FixtureConvention.directoryOf(recipesDirectory, file))
                .normalize());
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1); // any bytes: the paths are ASCII in practice
        } catch (IOException unreadable) {
            return inputs; // its run reports it; its content cannot match a stored pass
        }
        Matcher binding = FIXTURE_BINDING.matcher(text);
        while (binding.find()) {
            inputs.add(fixturesDirectory.resolve(binding.group(1)).normalize());
        }
        Matcher placeholder = FIXTURE_PATH.matcher(text);
        while (placeholder.find()) {
            inputs.add(fixturesDirectory
                    .resolve(placeholder.group(1).replaceFirst("^/+", ""))
                    .normalize());
        }
        Matcher option = PATH_OPTION.matcher(text);
        while (option.find()) {
            String path = option.group(1);
            if (!path.contains(FixturePlaceholder.PLACEHOLDER)) {
                inputs.add(
                        baseDirectory.resolve(path.replaceFirst("^file://", "")).normalize());
            }
        }
        return inputs;
    }

    /** True when {@code changed} is one of the inputs or lies in a directory that is one. */
    public static boolean affects(Set<Path> inputs, Path changed) {
        Path file = changed.toAbsolutePath().normalize();
        return inputs.stream().anyMatch(file::startsWith);
    }

    /** The regular files an input stands for: itself, or every file under it; none when it is missing. */
    static Stream<Path> filesOf(Path input) {
        if (!Files.isDirectory(input)) {
            return Stream.of(input);
        }
        try (Stream<Path> walk = Files.walk(input)) {
            return walk.filter(Files::isRegularFile).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + input, e);
        }
    }
}
