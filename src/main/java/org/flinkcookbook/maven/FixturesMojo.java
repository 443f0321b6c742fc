package org.flinkcookbook.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.fixtures.FixtureGenerator;
import org.flinkcookbook.fixtures.FixtureSettings;

/**
 * Writes a deterministic CSV fixture for each table a recipe reads that has none, at
 * {@code <fixtures>/<recipe path without .md>/<TABLE>.csv}, where it binds the table with no
 * comment in the Markdown: faker and datagen tables as their options make them, and with
 * {@code -Dcookbook.generate=all} the tables of other connectors from their schema. Existing files
 * are kept unless {@code -Dcookbook.overwrite=true}.
 */
@Mojo(name = "fixtures", requiresProject = false, threadSafe = true)
public class FixturesMojo extends AbstractRecipesMojo {

    /** Replaces fixtures that exist; by default they are kept. */
    @Parameter(property = "cookbook.overwrite", defaultValue = "false")
    private boolean overwrite;

    /** Which tables get fixtures: {@code generators} (faker and datagen) or {@code all} (also kafka, jdbc, CDC, outside files). */
    @Parameter(property = "cookbook.generate", defaultValue = "generators")
    private String generate;

    /** Seconds of event time an unbounded faker or datagen table covers. */
    @Parameter(property = "cookbook.fixtureSpan", defaultValue = "120")
    private long fixtureSpan;

    /** The most rows an unbounded table gets; beyond it, late-capable tables keep their rate, others spread over the span. */
    @Parameter(property = "cookbook.fixtureRows", defaultValue = "1000")
    private long fixtureRows;

    @Override
    void executeGoal() throws MojoExecutionException, MojoFailureException {
        if (!"generators".equals(generate) && !"all".equals(generate)) {
            throw new MojoExecutionException("cookbook.generate is '" + generate + "'; set it to generators or all");
        }
        FixtureGenerator.Summary summary;
        try {
            FixtureSettings settings = new FixtureSettings(
                    baseDirectory().toPath(),
                    recipes().toPath(),
                    fixtures().toPath(),
                    recipe(),
                    overwrite,
                    "all".equals(generate),
                    fixtureSpan,
                    fixtureRows,
                    buildDirectory());
            summary = new FixtureGenerator(settings, new MavenConsole(getLog())).run();
        } catch (RuntimeException e) {
            throw new MojoExecutionException("The cookbook plugin cannot generate fixtures: " + e.getMessage(), e);
        }
        if (summary.unreadable().isEmpty()) {
            getLog().info(summary.line());
            return;
        }
        getLog().error(summary.line());
        throw new MojoFailureException(
                summary.line() + ": their tables may have no data. Fix " + String.join("; ", summary.unreadable())
                        + "; then run " + goalCommand().of("fixtures") + " again");
    }
}
