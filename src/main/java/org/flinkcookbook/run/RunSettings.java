package org.flinkcookbook.run;

import java.nio.file.Path;

/**
 * Where recipes are and how to treat them.
 *
 * @param baseDirectory the project directory: display paths are relative to it
 * @param recipesDirectory searched recursively for recipes
 * @param fixturesDirectory where fixture paths point
 * @param recipeFilter comma-separated globs or substrings of recipe paths; blank for all
 * @param requireExpected true to fail a recipe that has no expected file
 * @param reportDirectory where {@code report.json} goes
 * @param maxStoredRows above this many rows a result is stored as its count and hash
 */
public record RunSettings(
        Path baseDirectory,
        Path recipesDirectory,
        Path fixturesDirectory,
        String recipeFilter,
        boolean requireExpected,
        Path reportDirectory,
        int maxStoredRows) {}
