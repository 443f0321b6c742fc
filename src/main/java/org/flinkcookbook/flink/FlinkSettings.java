package org.flinkcookbook.flink;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the Flink engine runs recipes.
 *
 * @param fixturesDirectory where {@code ${fixtures}} and {@code cookbook:fixture} paths point
 * @param statementTimeout how long one statement may run before its job is cancelled
 * @param verboseLogging true to let Flink log at INFO
 */
public record FlinkSettings(Path fixturesDirectory, Duration statementTimeout, boolean verboseLogging) {}
