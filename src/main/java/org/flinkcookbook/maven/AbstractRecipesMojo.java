package org.flinkcookbook.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.report.GoalCommand;

/** The parameters of every goal: where the recipes and fixtures are, which recipes, and the skip switch. */
abstract class AbstractRecipesMojo extends AbstractMojo {

    /** What Maven leaves of {@code ${project.build.directory}} where it runs without a POM. */
    private static final String UNRESOLVED_BASEDIR = "${project.basedir}";

    /** The project directory; recipe paths in messages and reports are relative to it. */
    @Parameter(defaultValue = "${basedir}", readonly = true, required = true)
    private File baseDirectory;

    /**
     * The project's build directory, wherever it is configured: recipes may not read it (earlier
     * runs and the build wrote it), nor is a generate.properties read there.
     */
    @Parameter(defaultValue = "${project.build.directory}", readonly = true)
    private File buildDirectory;

    /** Directory searched recursively for recipes: Markdown files with a ```sql block. */
    @Parameter(property = "cookbook.recipes", defaultValue = "${basedir}/recipes")
    private File recipes;

    /** Directory of CSV fixtures; {@code ${fixtures}} in SQL and cookbook:fixture paths point here. */
    @Parameter(property = "cookbook.fixtures", defaultValue = "${basedir}/fixtures")
    private File fixtures;

    /** Runs only the recipes whose path matches: comma-separated globs or substrings, as -Dtest= in Surefire. */
    @Parameter(property = "cookbook.recipe", defaultValue = "")
    private String recipe;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    /** Skips the goal. */
    @Parameter(property = "cookbook.skip", defaultValue = "false")
    private boolean skip;

    /** Skips verify and simulate, as it skips Failsafe's integration tests. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    /** Skips verify and simulate, as it skips Failsafe's integration tests. */
    @Parameter(property = "skipITs", defaultValue = "false")
    private boolean skipITs;

    /** Skips verify and simulate, as it skips compiling and running every test. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping the cookbook (cookbook.skip=true)");
            return;
        }
        String testSwitch = skipTests ? "skipTests" : skipITs ? "skipITs" : mavenTestSkip ? "maven.test.skip" : null;
        if (testSwitch != null && isTest()) {
            getLog().info("Skipping the cookbook's verification (" + testSwitch + "=true, as Failsafe skips tests)");
            return;
        }
        try {
            executeGoal();
        } catch (MojoFailureException failure) {
            throw MavenFailures.safe(failure);
        } catch (MojoExecutionException error) {
            throw MavenFailures.safe(error);
        } catch (RuntimeException unexpected) {
            throw MavenFailures.safe(unexpected);
        }
    }

    /**
     * Whether the goal is a test of the recipes, which Failsafe's switches (skipTests, skipITs,
     * maven.test.skip) skip: verify and simulate; goals that write files run when asked.
     */
    boolean isTest() {
        return false;
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

    Path buildDirectory() {
        return inProject(buildDirectory);
    }

    /**
     * A directory under the build directory, as Maven gave it. Run without a POM, Maven leaves
     * {@code ${project.build.directory}} uninterpolated, as {@code ${project.basedir}/target}: that
     * is the target directory of the directory Maven runs in, never a directory of that name.
     */
    Path inProject(File directory) {
        String path = directory.getPath();
        int unresolved = path.indexOf(UNRESOLVED_BASEDIR);
        if (unresolved < 0) {
            return directory.toPath();
        }
        String rest = path.substring(unresolved + UNRESOLVED_BASEDIR.length());
        int start = 0;
        while (start < rest.length() && (rest.charAt(start) == '/' || rest.charAt(start) == File.separatorChar)) {
            start++;
        }
        return baseDirectory.toPath().resolve(rest.substring(start));
    }

    /** A property given on the command line ({@code -Dname=value}), or null. */
    String userProperty(String name) {
        return session.getUserProperties().getProperty(name);
    }

    /** The plugin, whose jars the engine JVM runs. */
    PluginDescriptor plugin() {
        return plugin;
    }

    /** The build's session: its repositories resolve other Flink versions (cookbook.flinkVersions). */
    MavenSession session() {
        return session;
    }

    /** The goals as the user typed them, so that the commands in messages work the same way. */
    GoalCommand goalCommand() {
        File pom = session.getRequest().getPom();
        Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        String pomOption =
                pom == null || pom.toPath().toAbsolutePath().getParent().equals(here)
                        ? null
                        : here.relativize(pom.toPath().toAbsolutePath()).toString();
        Map<String, String> properties = new HashMap<>();
        session.getUserProperties().forEach((name, value) -> properties.put(name.toString(), value.toString()));
        return GoalCommand.invoked(
                session.getGoals(), plugin.getGroupId() + ":" + plugin.getArtifactId(), pomOption, properties);
    }
}
