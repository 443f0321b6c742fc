package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineKind;

/**
 * Runs every recipe on Flink (an embedded cluster, or your own with cookbook.flink.address) and fails
 * the build when a result differs from the expected values stored beside the recipe. Where the simulator models a failing recipe, the message
 * also says which fixture rows were dropped as late, by which watermark, from which window.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyMojo extends AbstractFlinkMojo {

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.VERIFY;
    }

    @Override
    EngineKind engine() {
        return EngineKind.FLINK;
    }

    /** The simulator says which rows a failing recipe lost, where it models the recipe. */
    @Override
    boolean explainsWithSimulator() {
        return true;
    }
}
