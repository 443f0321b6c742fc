package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.run.CookbookRunner;

/**
 * Runs every recipe and writes its results as the expected values beside it ({@code NAME.expected});
 * never changes the Markdown.
 */
@Mojo(name = "expected", requiresProject = false, threadSafe = true)
public class ExpectedMojo extends AbstractFlinkMojo {

    /** The engine that computes the values: flink (the default) or simulator. */
    @Parameter(property = "cookbook.engine", defaultValue = "flink")
    private String engine;

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.WRITE_EXPECTED;
    }

    @Override
    Engine createEngine() {
        return engineNamed(engine);
    }
}
