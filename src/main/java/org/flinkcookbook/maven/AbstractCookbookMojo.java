package org.flinkcookbook.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.time.Duration;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.cache.ChangedSince;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.run.RunSummary;
import org.flinkcookbook.simulator.SimulatorEngine;

/**
 * The parameters every goal shares, and the one place where outcomes become Maven's: recipes that
 * disagree with their expected values fail the build, a plugin that cannot run is a build error.
 */
abstract class AbstractCookbookMojo extends AbstractMojo {

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

    /** Fails a recipe that has no expected-values file instead of only reporting it. */
    @Parameter(property = "cookbook.requireExpected", defaultValue = "false")
    private boolean requireExpected;

    /** Seconds one statement may take, planning included, before it is stopped and its Flink job cancelled. */
    @Parameter(property = "cookbook.timeout", defaultValue = "300")
    private int timeout;

    /** Lets Flink log at INFO into the build output, stack traces and recipe text included; off by default. */
    @Parameter(property = "cookbook.flinkLogs", defaultValue = "false")
    private boolean flinkLogs;

    /** host:port of a Flink session cluster's REST endpoint to run the jobs on; blank runs an embedded cluster. */
    @Parameter(property = "cookbook.flink.address", defaultValue = "")
    private String flinkAddress;

    /** Above this many rows a result is stored in the expected file as its row count and a hash. */
    @Parameter(property = "cookbook.maxStoredRows", defaultValue = "1000")
    private int maxStoredRows;

    /** How many recipes run at once; each is still one SQL session, and they share the cluster. */
    @Parameter(property = "cookbook.threads", defaultValue = "1")
    private int threads;

    /** Makes SQL the simulator does not model fail the recipe instead of marking it unsupported. */
    @Parameter(property = "cookbook.strict", defaultValue = "false")
    private boolean strict;

    /** Comma-separated function classes recipes may register with CREATE or ALTER FUNCTION; none by default. */
    @Parameter(property = "cookbook.allowedFunctions", defaultValue = "")
    private String allowedFunctions;

    /** Directory for report.json. */
    @Parameter(property = "cookbook.reportDirectory", defaultValue = "${basedir}/target/cookbook")
    private File reportDirectory;

    /** Directory for the JUnit XML reports (Surefire's format), one file per recipe. */
    @Parameter(property = "cookbook.junitDirectory", defaultValue = "${basedir}/target/cookbook-reports")
    private File junitDirectory;

    /** Prints failures as GitHub Actions annotations on the recipe lines; on by default when GITHUB_ACTIONS=true. */
    @Parameter(property = "cookbook.githubAnnotations")
    private Boolean githubAnnotations;

    /** Verifying does not run again a recipe that passed before on the same inputs and settings; false runs every recipe. */
    @Parameter(property = "cookbook.cache", defaultValue = "true")
    private boolean cache;

    /** Where verify remembers which recipes passed, and on what; CI can keep it between builds. */
    @Parameter(property = "cookbook.cacheDirectory", defaultValue = "${basedir}/target/cookbook/cache")
    private File cacheDirectory;

    /** A git revision: verify runs only the recipes whose inputs changed since it; blank runs them all. */
    @Parameter(property = "cookbook.changedSince", defaultValue = "")
    private String changedSince;

    /** Skips the goal. */
    @Parameter(property = "cookbook.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping the cookbook (cookbook.skip=true)");
            return;
        }
        RunSummary summary;
        try (Engine engine = createEngine(); Engine explainer = createExplainer()) {
            RunSettings settings = runSettings();
            MavenConsole console = new MavenConsole(getLog());
            summary = run(new CookbookRunner(settings, engine, explainer, console, recipeCache(engine)), settings, console);
        } catch (CookbookException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new MojoExecutionException("The cookbook plugin cannot run: " + e.getMessage(), e);
        }
        if (summary.failsBuild()) {
            getLog().error(summary.line());
            throw new MojoFailureException(summary.line() + ". See the messages above: each names the recipe line; "
                    + "run mvn cookbook:expected to accept new values, or fix the recipe.");
        }
        getLog().info(summary.line());
    }

    /** What this goal does with the results. */
    abstract CookbookRunner.Mode mode();

    /** Runs the goal: every recipe once, unless the goal does more (watch). */
    RunSummary run(CookbookRunner runner, RunSettings settings, MavenConsole console) throws CookbookException {
        return runner.run(mode());
    }

    /** Whether this goal reports recipes that passed before on the same inputs without running them. */
    boolean usesCache() {
        return mode() == CookbookRunner.Mode.VERIFY;
    }

    /** The engine this goal runs recipes on. */
    abstract Engine createEngine();

    /** The engine that explains a failing recipe's rows, or null when the goal's engine explains its own. */
    Engine createExplainer() {
        return null;
    }

    FlinkEngine flinkEngine() {
        String clusterAddress = flinkAddress == null || flinkAddress.isBlank() ? null : flinkAddress.strip();
        return new FlinkEngine(new FlinkSettings(fixtures.toPath(), Duration.ofSeconds(timeout), flinkLogs, clusterAddress));
    }

    SimulatorEngine simulatorEngine() {
        return new SimulatorEngine(fixtures.toPath(), strict);
    }

    /** The engine cookbook.engine names: flink or simulator. */
    Engine engineNamed(String engine) {
        return switch (engine) {
            case "flink" -> flinkEngine();
            case "simulator" -> simulatorEngine();
            default -> throw new IllegalArgumentException("cookbook.engine must be flink or simulator, not '" + engine + "'");
        };
    }

    /**
     * The recipes that passed before, keyed by their files and by every setting that changes a
     * result; with cookbook.changedSince, also which recipes' inputs git says changed.
     */
    private RecipeCache recipeCache(Engine engine) {
        boolean changedOnly = changedSince != null && !changedSince.isBlank();
        if (!usesCache() || (!cache && !changedOnly)) {
            return RecipeCache.none();
        }
        String resultSettings = String.join("\n",
                "engine " + engine.name() + " " + engine.flinkVersion(),
                "requireExpected " + requireExpected,
                "timeout " + timeout,
                "maxStoredRows " + maxStoredRows,
                "strict " + strict,
                "allowedFunctions " + new TreeSet<>(runSettings().allowedFunctions()),
                "flink.address " + flinkAddress,
                "fixtures " + baseDirectory.toPath().toAbsolutePath().normalize().relativize(fixtures.toPath().toAbsolutePath().normalize()));
        return RecipeCache.open(cache ? cacheDirectory.toPath() : null, resultSettings, baseDirectory.toPath(), fixtures.toPath(),
                changedOnly ? ChangedSince.ask(changedSince.strip(), baseDirectory.toPath()) : null);
    }

    private RunSettings runSettings() {
        return new RunSettings(
                baseDirectory.toPath(),
                recipes.toPath(),
                fixtures.toPath(),
                recipe,
                requireExpected,
                reportDirectory.toPath(),
                junitDirectory.toPath(),
                maxStoredRows,
                allowedFunctions == null || allowedFunctions.isBlank()
                        ? Set.of()
                        : Arrays.stream(allowedFunctions.split(",")).map(String::trim).collect(Collectors.toSet()),
                annotationRoot(),
                threads);
    }

    /** GitHub names files relative to the checked-out repository, GITHUB_WORKSPACE. */
    private Path annotationRoot() {
        boolean annotate = githubAnnotations != null ? githubAnnotations : "true".equals(System.getenv("GITHUB_ACTIONS"));
        if (!annotate) {
            return null;
        }
        String workspace = System.getenv("GITHUB_WORKSPACE");
        return workspace == null || workspace.isBlank() ? baseDirectory.toPath() : Path.of(workspace);
    }
}
