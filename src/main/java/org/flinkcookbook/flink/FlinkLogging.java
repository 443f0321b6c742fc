package org.flinkcookbook.flink;

/**
 * Keeps Flink's own logging out of the build output unless asked for (cookbook.flinkLogs): about
 * 400 INFO lines per job otherwise, and warnings whose stack traces and recipe text have no place
 * in a CI log; the plugin reports each failure itself, as a sentence. Maven
 * and the tests log through SLF4J's simple logger, which reads these properties when a logger is
 * created, so this must run before the first Flink class logs.
 */
public final class FlinkLogging {

    private static final String[] NOISY_LOGGERS = {
        "org.apache.flink", "org.apache.pekko", "org.apache.calcite", "org.codehaus.janino", "org.apache.hadoop", "akka"
    };

    private FlinkLogging() {}

    /** @param verbose true to let Flink log at INFO, as it does by default */
    public static void configure(boolean verbose) {
        for (String logger : NOISY_LOGGERS) {
            // off: Flink's warnings carry stack traces and recipe text (SQL, values) into the build log
            System.setProperty("org.slf4j.simpleLogger.log." + logger, verbose ? "info" : "off");
        }
    }
}
