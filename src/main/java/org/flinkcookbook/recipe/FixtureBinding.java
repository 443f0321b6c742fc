package org.flinkcookbook.recipe;

/**
 * A {@code <!-- cookbook:fixture TABLE = PATH -->} directive: once the recipe has created TABLE, it
 * reads the CSV file PATH (relative to the fixtures directory) instead of its own connector.
 *
 * @param table the table name as written in the directive
 * @param csvPath the fixture path, relative to the fixtures directory
 * @param line Markdown line of the directive
 */
public record FixtureBinding(String table, String csvPath, int line) {}
