package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.EngineKind;

/**
 * Runs every recipe on the event-time simulator, which needs no Flink job, and fails the build when
 * a result differs from the expected values. Recipes using SQL the simulator does not model are
 * reported as unsupported (a failure with {@code -Dcookbook.strict=true}).
 */
@Mojo(name = "simulate", requiresProject = false, threadSafe = true)
public class SimulateMojo extends AbstractCookbookMojo {

    /** Skipped by skipTests, skipITs and maven.test.skip, as Failsafe's tests are. */
    @Override
    boolean isTest() {
        return true;
    }

    /** The simulator; a cookbook.engine naming another engine is refused. */
    @Override
    EngineKind engine() throws CookbookException {
        return onlyEngine(EngineKind.SIMULATOR, "verify");
    }
}
