package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.EngineKind;

/**
 * Runs every recipe on Flink (an embedded cluster, or your own with cookbook.flink.address) and fails
 * the build when a result differs from the expected values stored beside the recipe. Where the simulator models a failing recipe, the message
 * also says which fixture rows were dropped as late, by which watermark, from which window.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyMojo extends AbstractFlinkMojo {

    /** Skipped by skipTests, skipITs and maven.test.skip, as Failsafe's tests are. */
    @Override
    boolean isTest() {
        return true;
    }

    /** Flink; a cookbook.engine naming another engine is refused. */
    @Override
    EngineKind engine() throws CookbookException {
        return onlyEngine(EngineKind.FLINK, "simulate");
    }

    /**
     * Comma-separated Flink versions (such as 1.19.3,1.20.3,2.0.0) on which every recipe is also
     * parsed, validated and planned, each in an engine JVM of its own; a recipe one of them rejects
     * fails the build, unless it is marked {@code <!-- cookbook:flink >= VERSION -->}.
     */
    @Parameter(property = "cookbook.flinkVersions", defaultValue = "")
    private String flinkVersions;

    @Override
    String flinkVersions() {
        return flinkVersions;
    }

    /** The simulator says which rows a failing recipe lost, where it models the recipe. */
    @Override
    boolean explainsWithSimulator() {
        return true;
    }
}
