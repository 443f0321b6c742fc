package org.flinkcookbook.maven;

import java.time.Duration;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;

/** The parameters of the goals that run recipes on Flink, which the simulator has no use for. */
abstract class AbstractFlinkMojo extends AbstractCookbookMojo {

    /** Lets Flink log at INFO into the build output, stack traces and recipe text included; off by default. */
    @Parameter(property = "cookbook.flinkLogs", defaultValue = "false")
    private boolean flinkLogs;

    /** host:port of a Flink session cluster's REST endpoint to run the jobs on; blank runs an embedded cluster. */
    @Parameter(property = "cookbook.flink.address", defaultValue = "")
    private String flinkAddress;

    /** The engine cookbook.engine names: flink or simulator. */
    Engine engineNamed(String engine) {
        return switch (engine) {
            case "flink" -> flinkEngine();
            case "simulator" -> simulatorEngine();
            default ->
                throw new IllegalArgumentException("cookbook.engine must be flink or simulator, not '" + engine + "'");
        };
    }

    @Override
    String engineSettings() {
        return "timeout " + timeout() + "\nflink.address " + flinkAddress;
    }

    FlinkEngine flinkEngine() {
        String clusterAddress = flinkAddress == null || flinkAddress.isBlank() ? null : flinkAddress.strip();
        return new FlinkEngine(
                new FlinkSettings(fixtures().toPath(), Duration.ofSeconds(timeout()), flinkLogs, clusterAddress),
                resultCache("flink"));
    }
}
