package org.flinkcookbook.flink;

/**
 * Keeps Flink's own logging out of the build output: about 400 INFO lines per job otherwise. Maven
 * and the tests log through SLF4J's simple logger, which reads these properties when a logger is
 * created, so this must run before the first Flink class logs.
 */
public final class FlinkLogging {

    private static final String[] NOISY_LOGGERS = {
        "org.apache.flink", "org.apache.pekko", "org.apache.calcite", "org.codehaus.janino", "org.apache.hadoop", "akka"
    };

    /** Loggers that warn about things a recipe author cannot change, once for every job. */
    private static final String[] HARMLESS_WARNINGS = {
        "org.apache.flink.runtime.metrics.util.MetricUtils",
        "org.apache.flink.runtime.security.token.DefaultDelegationTokenManager",
        "org.apache.flink.runtime.webmonitor.WebMonitorUtils",
        "org.apache.flink.runtime.jobmaster.JobMaster",
        "org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorCoordinator"
    };

    private FlinkLogging() {}

    /** @param verbose true to let Flink log at INFO, as it does by default */
    public static void configure(boolean verbose) {
        for (String logger : NOISY_LOGGERS) {
            System.setProperty("org.slf4j.simpleLogger.log." + logger, verbose ? "info" : "warn");
        }
        for (String logger : HARMLESS_WARNINGS) {
            System.setProperty("org.slf4j.simpleLogger.log." + logger, verbose ? "info" : "error");
        }
    }
}
