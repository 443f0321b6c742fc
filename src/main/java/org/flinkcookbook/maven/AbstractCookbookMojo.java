package org.flinkcookbook.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineChoice;
import org.flinkcookbook.run.EngineKind;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RepositoryRoot;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.run.RunSummary;
import org.flinkcookbook.run.RunVerdict;

/**
 * The parameters every goal shares, and the one place where outcomes become Maven's: recipes that
 * disagree with their expected values fail the build, a plugin that cannot run is a build error.
 */
abstract class AbstractCookbookMojo extends AbstractRecipesMojo {

    /** Fails the build when cookbook.recipe matches no recipe, listing those there are; false lets it match none. */
    @Parameter(property = "cookbook.failIfNoSpecifiedRecipes", defaultValue = "true")
    private boolean failIfNoSpecifiedRecipes;

    /** Seconds one statement may take, planning included, before it is stopped (on Flink, its job cancelled). */
    @Parameter(property = "cookbook.timeout", defaultValue = "300")
    private int timeout;

    /** Fails a recipe that has no expected-values file instead of only reporting it. */
    @Parameter(property = "cookbook.requireExpected", defaultValue = "false")
    private boolean requireExpected;

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
    @Parameter(property = "cookbook.reportDirectory", defaultValue = "${project.build.directory}/cookbook")
    private File reportDirectory;

    /** Directory for the JUnit XML reports (Surefire's format), one file per recipe. */
    @Parameter(property = "cookbook.junitDirectory", defaultValue = "${project.build.directory}/cookbook-reports")
    private File junitDirectory;

    /** Prints failures as GitHub Actions annotations on the recipe lines; on by default when GITHUB_ACTIONS=true. */
    @Parameter(property = "cookbook.githubAnnotations")
    private Boolean githubAnnotations;

    /** Reports recipes that fail without failing the build, as maven.test.failure.ignore does for tests. */
    @Parameter(property = "cookbook.failureIgnore", defaultValue = "false")
    private boolean failureIgnore;

    /** Verifying does not run again a recipe that passed before on the same inputs and settings; false runs every recipe. */
    @Parameter(property = "cookbook.cache", defaultValue = "true")
    private boolean cache;

    /**
     * Where verify remembers which recipes passed, and on what: a per-user directory outside the
     * checkout (one subdirectory per project), made 0700, each pass signed with a key kept there.
     */
    @Parameter(
            property = "cookbook.cacheDirectory",
            defaultValue = "${settings.localRepository}/.cache/cookbook-maven-plugin/passes")
    private File cacheDirectory;

    /** A git revision: verify runs only the recipes whose inputs changed since it; blank runs them all. */
    @Parameter(property = "cookbook.changedSince", defaultValue = "")
    private String changedSince;

    @Override
    final void executeGoal() throws MojoExecutionException, MojoFailureException {
        RunVerdict verdict;
        try {
            CookbookRunner.checkRecipesDirectory(recipes().toPath());
            if (!beforeRun()) {
                return;
            }
            verdict = run(goalRequest(engine()), new MavenConsole(getLog()));
        } catch (CookbookException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new MojoExecutionException("The cookbook plugin cannot run: " + e.getMessage(), e);
        }
        if (verdict.failsBuild() && !failsOnRecipes()) {
            getLog().info(verdict.line());
        } else if (verdict.failsBuild() && failureIgnore) {
            // the advice names recipes, whose file names may hold anything: through the run's console
            new MavenConsole(getLog())
                    .warn(verdict.line() + " (the build goes on: cookbook.failureIgnore=true). "
                            + verdict.failureAdvice());
        } else if (verdict.failsBuild()) {
            getLog().error(verdict.line());
            throw new MojoFailureException(verdict.line() + ". " + verdict.failureAdvice());
        } else {
            getLog().info(verdict.line());
        }
    }

    /**
     * What the goal does before the recipes run, in Maven's JVM; nothing unless the goal says.
     *
     * @return whether the recipes still run: false when what was asked is done
     */
    boolean beforeRun() throws MojoExecutionException, MojoFailureException {
        return true;
    }

    /** Whether recipes that fail make this goal fail the build; a watch, ended by the author, does not. */
    boolean failsOnRecipes() {
        return true;
    }

    /** What this goal does with the results: compares them with the expected values, unless it writes them. */
    CookbookRunner.Mode mode() {
        return CookbookRunner.Mode.VERIFY;
    }

    /** Runs the goal here, in Maven's JVM, unless the goal runs it elsewhere (the engine JVM). */
    RunVerdict run(GoalRequest request, MavenConsole console) throws CookbookException {
        return request.run(console, this::run).verdict();
    }

    /** Runs the goal once the runner is built: every recipe once, unless the goal does more (watch). */
    RunSummary run(CookbookRunner runner, RunSettings settings, Console console) throws CookbookException {
        return runner.run(mode());
    }

    /** Whether this goal's engines keep statements' results between runs of a recipe, as a watch does. */
    boolean remembersResults() {
        return false;
    }

    /** Whether this goal reports recipes that passed before on the same inputs without running them. */
    boolean usesCache() {
        return mode() == CookbookRunner.Mode.VERIFY;
    }

    /** The engine this goal runs recipes on; a value of cookbook.engine that names none cannot run. */
    abstract EngineKind engine() throws CookbookException;

    /**
     * The parameters that apply to Flink alone which this goal was given away from their defaults,
     * as {@code property=value}: on the simulator they would be taken and ignored, so they stop it.
     */
    List<String> flinkParametersSet() {
        return List.of();
    }

    /**
     * The one engine of a goal that has no choice (verify: Flink; simulate: the simulator): a
     * cookbook.engine on the command line that names another, or none, is refused, not ignored.
     *
     * @param otherGoal the goal that runs on the other engine
     */
    EngineKind onlyEngine(EngineKind engine, String otherGoal) throws CookbookException {
        String asked = userProperty("cookbook.engine");
        if (asked != null && EngineKind.named(asked) != engine) {
            throw new CookbookException(
                    "cookbook.engine is '" + asked + "', but this goal always runs on " + engine + ": run "
                            + goalCommand().of(otherGoal) + " for " + asked
                            + ", or leave cookbook.engine out (it chooses the engine of expected and watch)",
                    null);
        }
        return engine;
    }

    /** Whether the simulator explains which rows a recipe failing on Flink lost. */
    boolean explainsWithSimulator() {
        return false;
    }

    /** Lets Flink log into the build output; only the Flink goals can. */
    boolean flinkLogs() {
        return false;
    }

    /** The session cluster to run on, or null for the embedded one; only the Flink goals have one. */
    String flinkAddress() {
        return null;
    }

    private GoalRequest goalRequest(EngineKind engine) throws CookbookException {
        if (engine == EngineKind.SIMULATOR && !flinkParametersSet().isEmpty()) {
            throw new CookbookException(
                    "cookbook.engine=simulator runs no Flink, yet " + String.join(", ", flinkParametersSet())
                            + (flinkParametersSet().size() == 1 ? " is" : " are")
                            + " set, which only Flink takes: run without "
                            + (flinkParametersSet().size() == 1 ? "it" : "them")
                            + ", or with -Dcookbook.engine=flink",
                    null);
        }
        return new GoalRequest(
                mode(),
                runSettings(
                        new EngineChoice(
                                engine,
                                explainsWithSimulator(),
                                fixtures().toPath().toString(),
                                timeout,
                                flinkLogs(),
                                flinkAddress(),
                                strict,
                                remembersResults()),
                        cacheChoice()));
    }

    /**
     * Where the passes are kept (keyed by the settings' fingerprint, see RunSettings) and, with
     * cookbook.changedSince, the revision to compare with. Null when every recipe runs.
     */
    private RunSettings.CacheChoice cacheChoice() {
        boolean changedOnly = changedSince != null && !changedSince.isBlank();
        if (!usesCache() || (!cache && !changedOnly)) {
            return null;
        }
        return new RunSettings.CacheChoice(
                cache ? cacheDirectory.toPath().toString() : null, changedOnly ? changedSince.strip() : null);
    }

    private RunSettings runSettings(EngineChoice engine, RunSettings.CacheChoice cacheChoice) {
        return new RunSettings(
                baseDirectory().toPath(),
                recipes().toPath(),
                fixtures().toPath(),
                recipe(),
                requireExpected,
                inProject(reportDirectory),
                inProject(junitDirectory),
                buildDirectory(),
                maxStoredRows,
                allowedFunctions == null || allowedFunctions.isBlank()
                        ? Set.of()
                        : Arrays.stream(allowedFunctions.split(","))
                                .map(String::trim)
                                .collect(Collectors.toSet()),
                annotationRoot(),
                threads,
                failIfNoSpecifiedRecipes,
                goalCommand(),
                engine,
                cacheChoice);
    }

    /** GitHub names files relative to the checked-out repository. */
    private Path annotationRoot() {
        boolean annotate =
                githubAnnotations != null ? githubAnnotations : "true".equals(System.getenv("GITHUB_ACTIONS"));
        return annotate ? RepositoryRoot.of(baseDirectory().toPath(), System.getenv("GITHUB_WORKSPACE")) : null;
    }
}
