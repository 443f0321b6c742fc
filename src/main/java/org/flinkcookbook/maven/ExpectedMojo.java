package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineKind;

/**
 * Runs every recipe and writes its results as the expected values beside it ({@code NAME.expected});
 * never changes the Markdown.
 */
@Mojo(name = "expected", requiresProject = false, threadSafe = true)
public class ExpectedMojo extends AbstractFlinkMojo {

    /** The engine that runs the recipes: flink (the default) or simulator. */
    @Parameter(property = "cookbook.engine", defaultValue = "flink")
    private String engine;

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.WRITE_EXPECTED;
    }

    @Override
    EngineKind engine() throws CookbookException {
        return EngineKind.named(engine);
    }
}
