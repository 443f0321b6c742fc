package org.flinkcookbook.recipe;

/**
 * A recipe's {@code <!-- cookbook:flink >= VERSION -->} marker: it needs at least that Flink
 * version, so that older versions listed in cookbook.flinkVersions report it as needing it instead
 * of planning it.
 *
 * @param version the oldest Flink version the recipe works on, as written ({@code 2.0}, {@code 1.20.1})
 * @param line the Markdown line of the marker
 */
public record FlinkNeed(String version, int line) {}
