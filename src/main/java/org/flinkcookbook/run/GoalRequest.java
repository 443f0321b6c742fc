package org.flinkcookbook.run;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.cache.ChangedSince;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.report.GoalCommand;

/**
 * Everything a goal's run needs, as plain values: built by the Mojo, run in Maven's JVM or sent to
 * the engine JVM (process.EngineJvm), which builds the same runner from it.
 *
 * @param mode what to do with each recipe's results
 * @param engines the engine and the explainer
 * @param cache which recipes may be reported from the cache; null to run every recipe
 */
public record GoalRequest(CookbookRunner.Mode mode, EngineChoice engines, Settings settings, CacheChoice cache)
        implements Serializable {

    /** Runs the goal once the runner is built: every recipe once, unless the goal does more (watch). */
    @FunctionalInterface
    public interface Goal {
        RunSummary run(CookbookRunner runner, RunSettings settings, Console console) throws CookbookException;
    }

    public GoalRequest(CookbookRunner.Mode mode, EngineChoice engines, RunSettings settings, CacheChoice cache) {
        this(mode, engines, Settings.of(settings), cache);
    }

    /** Builds the engines and the runner here and runs the goal. */
    public RunSummary run(Console console, Goal goal) throws CookbookException {
        return run(console, goal, engines.createEngine());
    }

    /** Runs the goal on this engine, which it closes at the end. */
    public RunSummary run(Console console, Goal goal, Engine runOn) throws CookbookException {
        RunSettings runSettings = settings.runSettings();
        try (Engine engine = runOn;
                Engine explainer = engines.createExplainer()) {
            return goal.run(
                    new CookbookRunner(
                            runSettings,
                            engine,
                            explainer,
                            console,
                            openCache(engine.name(), engine.flinkVersion(), runSettings)),
                    runSettings,
                    console);
        }
    }

    /**
     * Whether running every recipe once would run none, all reported from the cache: such a run
     * needs no engine JVM, only the cache's files. Builds no engine; a session cluster's Flink
     * version, part of the cache's key, is known only by asking it, so a run on one always runs.
     */
    public boolean runsNoRecipe() {
        if (cache == null || engines.flinkAddress() != null) {
            return false;
        }
        RunSettings runSettings = settings.runSettings();
        return CookbookRunner.runsNoRecipe(
                runSettings, openCache(engines.engineName(), EnvironmentInformation.getVersion(), runSettings), mode);
    }

    /** Every recipe once. */
    public RunSummary run(Console console) throws CookbookException {
        return run(console, everyRecipeOnce());
    }

    public Goal everyRecipeOnce() {
        return (runner, runSettings, out) -> runner.run(mode);
    }

    private RecipeCache openCache(String engineName, String flinkVersion, RunSettings runSettings) {
        if (cache == null) {
            return RecipeCache.none();
        }
        return RecipeCache.open(
                cache.directory() == null ? null : Path.of(cache.directory()),
                "engine " + engineName + " " + flinkVersion + "\n" + cache.settings(),
                runSettings.baseDirectory(),
                runSettings.recipesDirectory(),
                runSettings.fixturesDirectory(),
                cache.changedSince() == null
                        ? null
                        : ChangedSince.ask(cache.changedSince(), runSettings.baseDirectory()));
    }

    /**
     * Which recipes verify may report as passed without running them.
     *
     * @param directory where the cache is kept; null to remember nothing
     * @param settings every setting besides the engine that changes a result, as lines of the cache's key
     * @param changedSince a git revision: only recipes whose inputs changed since it run; null for all
     */
    public record CacheChoice(String directory, String settings, String changedSince) implements Serializable {}

    /** {@link RunSettings} as values that travel between JVMs. */
    public record Settings(
            String baseDirectory,
            String recipesDirectory,
            String fixturesDirectory,
            String recipeFilter,
            boolean requireExpected,
            String reportDirectory,
            String junitDirectory,
            int maxStoredRows,
            List<String> allowedFunctions,
            String annotationRoot,
            int threads,
            boolean failIfNoSpecifiedRecipes,
            String plugin,
            String arguments)
            implements Serializable {

        static Settings of(RunSettings settings) {
            return new Settings(
                    settings.baseDirectory().toString(),
                    settings.recipesDirectory().toString(),
                    settings.fixturesDirectory().toString(),
                    settings.recipeFilter(),
                    settings.requireExpected(),
                    settings.reportDirectory().toString(),
                    settings.junitDirectory().toString(),
                    settings.maxStoredRows(),
                    List.copyOf(settings.allowedFunctions()),
                    settings.annotationRoot() == null
                            ? null
                            : settings.annotationRoot().toString(),
                    settings.threads(),
                    settings.failIfNoSpecifiedRecipes(),
                    settings.command().plugin(),
                    settings.command().arguments());
        }

        RunSettings runSettings() {
            return new RunSettings(
                    Path.of(baseDirectory),
                    Path.of(recipesDirectory),
                    Path.of(fixturesDirectory),
                    recipeFilter,
                    requireExpected,
                    Path.of(reportDirectory),
                    Path.of(junitDirectory),
                    maxStoredRows,
                    Set.copyOf(allowedFunctions),
                    annotationRoot == null ? null : Path.of(annotationRoot),
                    threads,
                    failIfNoSpecifiedRecipes,
                    new GoalCommand(plugin, arguments));
        }
    }
}
