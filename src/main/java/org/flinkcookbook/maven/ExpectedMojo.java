package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.flinkcookbook.run.CookbookRunner;

/**
 * Runs every recipe and writes its results as the expected values beside it ({@code NAME.expected});
 * never changes the Markdown.
 */
@Mojo(name = "expected", requiresProject = false, threadSafe = true)
public class ExpectedMojo extends AbstractEngineChoiceMojo {

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.WRITE_EXPECTED;
    }
}
