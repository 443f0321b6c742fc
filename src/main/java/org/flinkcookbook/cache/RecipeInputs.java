package org.flinkcookbook.cache;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.flinkcookbook.io.RealPaths;
import org.flinkcookbook.recipe.FixtureConvention;
import org.flinkcookbook.recipe.Recipe;

/**
 * The files one run of a recipe depended on: its Markdown, its expected file, the directory where
 * the fixture convention looks for its fixtures, and every file the engine read for it, as
 * {@link org.flinkcookbook.guard.InputLog} recorded them where reads are enforced. A directory
 * stands for every file in it. Never found in the recipe's text.
 *
 * @param files absolute, links resolved as the guard resolves them, sorted
 */
public record RecipeInputs(SortedSet<Path> files) {

    public RecipeInputs {
        files = new TreeSet<>(files);
    }

    /** The recipe's own files, and the files {@code read} while it ran. */
    public static RecipeInputs of(Path recipe, Path recipesDirectory, Path fixturesDirectory, Collection<Path> read) {
        Path file = absolute(recipe);
        SortedSet<Path> files = new TreeSet<>();
        ownFiles(file).forEach(own -> withLinks(own, files));
        withLinks(
                fixturesDirectory.resolve(FixtureConvention.directoryOf(RealPaths.of(recipesDirectory), file)), files);
        read.stream().map(RecipeInputs::absolute).forEach(files::add);
        return new RecipeInputs(files);
    }

    /** These files and directories, as they are. */
    public static RecipeInputs of(Collection<Path> files) {
        return new RecipeInputs(
                files.stream().map(RecipeInputs::absolute).collect(Collectors.toCollection(TreeSet::new)));
    }

    /** True when {@code changed} is one of the files or lies in a directory that is one. */
    public boolean affectedBy(Path changed) {
        Path file = absolute(changed);
        return files.stream().anyMatch(file::startsWith);
    }

    /**
     * Whether a change affects a recipe that has no record of what it read (it never ran here, or
     * its record was made with other settings): every changed file does, but the Markdown and
     * expected files of the other recipes, which no recipe reads as data.
     *
     * @param recipes every recipe of the cookbook, this one among them
     */
    public static boolean affectsUnrecorded(Path recipe, Path changed, Collection<Path> recipes) {
        Path file = absolute(changed);
        if (ownFiles(absolute(recipe)).contains(file)) {
            return true;
        }
        return recipes.stream()
                .map(RecipeInputs::absolute)
                .noneMatch(other -> ownFiles(other).contains(file));
    }

    private static Set<Path> ownFiles(Path recipe) {
        return Set.of(recipe, absolute(Recipe.expectedFileOf(recipe)));
    }

    /** The file's real path and the links on its way, as the guard records a read. */
    private static void withLinks(Path file, Collection<Path> files) {
        files.addAll(RealPaths.linksOnTheWay(file));
        files.add(RealPaths.of(file));
    }

    /**
     * The path as the guard records reads: its directory's links resolved, and its own name kept
     * when it is a link, which is an input of its own (a link git says changed is that link).
     */
    private static Path absolute(Path path) {
        return RealPaths.named(path);
    }
}
