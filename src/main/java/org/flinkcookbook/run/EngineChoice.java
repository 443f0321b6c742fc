package org.flinkcookbook.run;

import com.fasterxml.jackson.annotation.JsonView;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.simulator.SimulatorEngine;

/**
 * Which engine runs the recipes and how, as plain values, so that the engine JVM (process.EngineJvm)
 * builds the same engines as Maven's. The options that change a result are in the run settings'
 * {@link RunSettings#fingerprint() fingerprint} ({@link RunSettings.ChangesResults}); the fixtures
 * are there relative to the project, and neither Flink's logs nor remembered results change one.
 *
 * @param engine the engine that runs the recipes
 * @param explainWithSimulator true when the simulator says which rows a recipe failing on Flink lost
 * @param fixturesDirectory where fixture paths point
 * @param timeoutSeconds how long one statement may take
 * @param flinkLogs true to let Flink log at INFO
 * @param flinkAddress host:port of a Flink session cluster, or null for the embedded cluster
 * @param strict true to fail SQL the simulator does not model instead of marking it unsupported
 * @param remembersResults true when the engines keep statements' results between runs of a recipe
 *     (watch), under the run settings' {@link RunSettings#fingerprint() fingerprint}
 */
public record EngineChoice(
        @JsonView(RunSettings.ChangesResults.class) EngineKind engine,
        @JsonView(RunSettings.ChangesResults.class) boolean explainWithSimulator,
        String fixturesDirectory,
        @JsonView(RunSettings.ChangesResults.class) int timeoutSeconds,
        boolean flinkLogs,
        @JsonView(RunSettings.ChangesResults.class) String flinkAddress,
        @JsonView(RunSettings.ChangesResults.class) boolean strict,
        boolean remembersResults)
        implements Serializable {

    public boolean onFlink() {
        return engine == EngineKind.FLINK;
    }

    /** @param fingerprint the run settings' fingerprint: the key of the statements' results it remembers */
    public Engine createEngine(String fingerprint) {
        return onFlink() ? new FlinkEngine(flinkSettings(), rememberedResults(fingerprint)) : simulator(fingerprint);
    }

    /** The Flink engine of the engine daemon: its jobs run on the cluster it keeps warm, its results are remembered in {@code results}. */
    public Engine createEngine(ResultCache results, KeptCluster kept) {
        return new FlinkEngine(flinkSettings(), results, kept);
    }

    private FlinkSettings flinkSettings() {
        return new FlinkSettings(
                Path.of(fixturesDirectory), Duration.ofSeconds(timeoutSeconds), flinkLogs, flinkAddress);
    }

    /** The engine that explains a failing recipe's rows, or null when the engine explains its own. */
    public Engine createExplainer(String fingerprint) {
        return explainWithSimulator && onFlink() ? simulator(fingerprint) : null;
    }

    /** Records timelines: every goal draws them in index.html. */
    private SimulatorEngine simulator(String fingerprint) {
        return new SimulatorEngine(
                Path.of(fixturesDirectory),
                strict,
                true,
                Duration.ofSeconds(timeoutSeconds),
                rememberedResults(fingerprint));
    }

    /** A new cache of statement results for one engine when they are remembered, keyed on every setting. */
    private ResultCache rememberedResults(String fingerprint) {
        return remembersResults ? new ResultCache(fingerprint, Duration.ofSeconds(timeoutSeconds)) : ResultCache.none();
    }
}
