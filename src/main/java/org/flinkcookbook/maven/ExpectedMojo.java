package org.flinkcookbook.maven;

import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineKind;

/**
 * Runs every recipe and writes its results as the expected values beside it ({@code NAME.expected});
 * never changes the Markdown. Recipes Flink rejects (broken) have no values to write: they are
 * reported, and the build goes on ({@code cookbook:verify} fails on them). Expected files whose
 * recipe is gone are reported, and deleted with {@code -Dcookbook.unreferenced=delete}.
 */
@Mojo(name = "expected", requiresProject = false, threadSafe = true)
public class ExpectedMojo extends AbstractFlinkMojo {

    /** The engine that runs the recipes: flink (the default) or simulator. */
    @Parameter(property = "cookbook.engine", defaultValue = "flink")
    private String engine;

    /** What becomes of expected files whose recipe is gone (renamed or deleted): warn (the default) or delete. */
    @Parameter(property = "cookbook.unreferenced", defaultValue = "warn")
    private String unreferenced;

    @Override
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.WRITE_EXPECTED;
    }

    /**
     * Deletes the expected files without a recipe, on request. A filter that selects only such files
     * (the command an orphaned file's message ends with) has done what was asked once they are gone:
     * no recipe runs, and the build succeeds.
     */
    @Override
    boolean beforeRun() throws MojoExecutionException, MojoFailureException {
        if (!"warn".equals(unreferenced) && !"delete".equals(unreferenced)) {
            throw new MojoExecutionException(
                    "cookbook.unreferenced is '" + unreferenced + "'; set it to warn or delete");
        }
        if (!"delete".equals(unreferenced)) {
            return true;
        }
        try {
            List<String> deleted = CookbookRunner.deleteUnreferencedExpected(
                    baseDirectory().toPath(), recipes().toPath(), recipe());
            MavenConsole console = new MavenConsole(getLog()); // a file's name may hold anything
            deleted.forEach(
                    path -> console.info("Deleted " + path + ": its recipe is gone (cookbook.unreferenced=delete)"));
            if (!deleted.isEmpty()
                    && CookbookRunner.selectsNoRecipe(
                            baseDirectory().toPath(), recipes().toPath(), recipe())) {
                console.info("cookbook.recipe=" + recipe()
                        + " selects no recipe, only the expected files deleted: nothing to write");
                return false;
            }
            return true;
        } catch (CookbookException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    @Override
    EngineKind engine() throws CookbookException {
        return EngineKind.named(engine);
    }

    /** On Flink, the simulator says which rows were dropped as late, and the file names them (late rows:). */
    @Override
    boolean explainsWithSimulator() {
        return true;
    }
}
