package org.flinkcookbook.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/** The parameters of every goal: where the recipes and fixtures are, which recipes, and the skip switch. */
abstract class AbstractRecipesMojo extends AbstractMojo {

    /** The project directory; recipe paths in messages and reports are relative to it. */
    @Parameter(defaultValue = "${basedir}", readonly = true, required = true)
    private File baseDirectory;

    /** Directory searched recursively for recipes: Markdown files with a ```sql block. */
    @Parameter(property = "cookbook.recipes", defaultValue = "${basedir}/recipes")
    private File recipes;

    /** Directory of CSV fixtures; {@code ${fixtures}} in SQL and cookbook:fixture paths point here. */
    @Parameter(property = "cookbook.fixtures", defaultValue = "${basedir}/fixtures")
    private File fixtures;

    /** Runs only the recipes whose path matches: comma-separated globs or substrings, as -Dtest= in Surefire. */
    @Parameter(property = "cookbook.recipe", defaultValue = "")
    private String recipe;

    /** Skips the goal. */
    @Parameter(property = "cookbook.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping the cookbook (cookbook.skip=true)");
            return;
        }
        executeGoal();
    }

    /** What the goal does when it is not skipped. */
    abstract void executeGoal() throws MojoExecutionException, MojoFailureException;

    File baseDirectory() {
        return baseDirectory;
    }

    File recipes() {
        return recipes;
    }

    File fixtures() {
        return fixtures;
    }

    String recipe() {
        return recipe;
    }
}
