package org.flinkcookbook.run;

import java.nio.file.Path;
import java.util.Set;
import org.flinkcookbook.report.GoalCommand;

/**
 * Where recipes are and how to treat them.
 *
 * @param baseDirectory the project directory: display paths are relative to it
 * @param recipesDirectory searched recursively for recipes
 * @param fixturesDirectory where fixture paths point
 * @param recipeFilter comma-separated globs or substrings of recipe paths; blank for all
 * @param requireExpected true to fail a recipe that has no expected file
 * @param reportDirectory where {@code report.json} goes
 * @param junitDirectory where the JUnit XML reports go, one file per recipe
 * @param maxStoredRows above this many rows a result is stored as its count and hash
 * @param allowedFunctions function classes recipes may register with CREATE FUNCTION
 * @param annotationRoot when set, failures are also printed as GitHub Actions annotations with
 *     paths relative to this directory (the repository root); null otherwise
 * @param threads how many recipes run at once, at least 1
 * @param failIfNoSpecifiedRecipes true to stop the run when a recipe filter matches no recipe
 * @param command how the user ran the plugin, for the commands that end the messages
 */
public record RunSettings(
        Path baseDirectory,
        Path recipesDirectory,
        Path fixturesDirectory,
        String recipeFilter,
        boolean requireExpected,
        Path reportDirectory,
        Path junitDirectory,
        int maxStoredRows,
        Set<String> allowedFunctions,
        Path annotationRoot,
        int threads,
        boolean failIfNoSpecifiedRecipes,
        GoalCommand command) {

    public RunSettings {
        allowedFunctions = Set.copyOf(allowedFunctions);
        if (threads < 1) {
            throw new IllegalArgumentException("cookbook.threads must be at least 1, not " + threads);
        }
    }
}
