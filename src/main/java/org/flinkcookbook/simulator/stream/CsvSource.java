package org.flinkcookbook.simulator.stream;

import java.nio.file.Path;

/**
 * A CSV file a table reads.
 *
 * @param file the CSV file
 * @param displayName how explanations name it: the path relative to the fixtures directory's parent
 */
public record CsvSource(Path file, String displayName) {}
