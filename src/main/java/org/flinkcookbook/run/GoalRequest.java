package org.flinkcookbook.run;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import org.flinkcookbook.cache.CacheDirectory;
import org.flinkcookbook.cache.ChangedSince;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.versions.VersionResults;

/**
 * A goal's run: what to do with the results, and the settings, one serializable value built by
 * the Mojo, run in Maven's JVM or sent as it is to the engine JVM (process.EngineJvm) or the warm
 * engine, which build the same runner from it.
 *
 * @param mode what to do with each recipe's results
 * @param settings every setting, the engine and the cache's among them
 * @param versions each recipe's outcome on the Flink versions listed in cookbook.flinkVersions,
 *     planned in their engine JVMs before the goal runs; attached to the recipes' outcomes
 */
public record GoalRequest(CookbookRunner.Mode mode, RunSettings settings, VersionResults versions)
        implements Serializable {

    public GoalRequest(CookbookRunner.Mode mode, RunSettings settings) {
        this(mode, settings, VersionResults.none());
    }

    /** Runs the goal once the runner is built: every recipe once, unless the goal does more (watch). */
    @FunctionalInterface
    public interface Goal {
        RunSummary run(CookbookRunner runner, RunSettings settings, Console console) throws CookbookException;
    }

    /** This request with each recipe's outcomes on the listed Flink versions. */
    public GoalRequest withVersions(VersionResults planned) {
        return new GoalRequest(mode, settings, planned);
    }

    /** The engine and the explainer the settings choose. */
    public EngineChoice engines() {
        return settings.engine();
    }

    /** Builds the engines and the runner here and runs the goal. */
    public RunSummary run(Console console, Goal goal) throws CookbookException {
        return run(console, goal, engines().createEngine(settings.fingerprint()));
    }

    /** Runs the goal on this engine, which it closes at the end. */
    public RunSummary run(Console console, Goal goal, Engine runOn) throws CookbookException {
        try (Engine engine = runOn;
                Engine explainer = engines().createExplainer(settings.fingerprint())) {
            return goal.run(
                    new CookbookRunner(settings, engine, explainer, console, openCache(console), versions),
                    settings,
                    console);
        }
    }

    /**
     * Whether running every recipe once would run none, all reported from the cache: such a run
     * needs no engine JVM, only the cache's files. Builds no engine. On a session cluster, whose
     * reads happen out of sight, no pass is remembered, so a run there always runs.
     */
    public boolean runsNoRecipe() {
        if (settings.cache() == null || engines().flinkAddress() != null) {
            return false;
        }
        try {
            return CookbookRunner.runsNoRecipe(settings, openCache(store()), mode);
        } catch (IOException refused) {
            return false; // the run says why
        }
    }

    /** Every recipe once. */
    public RunSummary run(Console console) throws CookbookException {
        return run(console, everyRecipeOnce());
    }

    public Goal everyRecipeOnce() {
        return (runner, runSettings, out) -> runner.run(mode);
    }

    /**
     * The cache of passes the settings choose; a cache directory that is refused (inside the
     * project, a link, open to other users) is said once, and every recipe runs.
     */
    private RecipeCache openCache(Console console) {
        try {
            return openCache(store());
        } catch (IOException refused) {
            console.warn("Every recipe runs: " + refused.getMessage());
            return openCache((CacheDirectory) null);
        }
    }

    private RecipeCache openCache(CacheDirectory store) {
        RunSettings.CacheChoice cache = settings.cache();
        if (cache == null) {
            return RecipeCache.none();
        }
        return new RecipeCache(
                store,
                settings.fingerprint(),
                cache.changedSince() == null ? null : ChangedSince.ask(cache.changedSince(), settings.baseDirectory()),
                Duration.ofSeconds(engines().timeoutSeconds()));
    }

    /** The per-user directory of this project's passes; null when they are not kept. */
    private CacheDirectory store() throws IOException {
        RunSettings.CacheChoice cache = settings.cache();
        return cache == null || cache.directory() == null
                ? null
                : CacheDirectory.of(Path.of(cache.directory()), settings.baseDirectory());
    }
}
