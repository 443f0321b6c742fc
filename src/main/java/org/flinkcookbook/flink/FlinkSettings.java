package org.flinkcookbook.flink;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the Flink engine runs recipes.
 *
 * @param fixturesDirectory where {@code ${fixtures}} and {@code cookbook:fixture} paths point
 * @param statementTimeout how long one statement may run before its job is cancelled
 * @param verboseLogging true to let Flink log at INFO
 * @param clusterAddress host:port of a Flink session cluster's REST endpoint to run the jobs on,
 *     or null for the embedded cluster
 */
public record FlinkSettings(
        Path fixturesDirectory, Duration statementTimeout, boolean verboseLogging, String clusterAddress) {

    /** Settings for the embedded cluster. */
    public FlinkSettings(Path fixturesDirectory, Duration statementTimeout, boolean verboseLogging) {
        this(fixturesDirectory, statementTimeout, verboseLogging, null);
    }
}
