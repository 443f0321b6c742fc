package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.run.CookbookRunner;

/**
 * Runs every recipe on a local Flink cluster and fails the build when a result differs from the
 * expected values stored beside the recipe.
 */
@Mojo(name = "verify", requiresProject = false, threadSafe = true)
public class VerifyMojo extends AbstractCookbookMojo {

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.VERIFY;
    }

    @Override
    Engine createEngine() {
        return flinkEngine();
    }
}
