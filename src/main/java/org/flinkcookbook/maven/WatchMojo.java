package org.flinkcookbook.maven;

import java.io.IOException;
import java.time.Clock;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineKind;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.run.RunSummary;
import org.flinkcookbook.watch.Keyboard;
import org.flinkcookbook.watch.WatchLoop;

/**
 * Verifies every recipe, then keeps the engine warm and verifies again the recipes a change of a
 * recipe, expected file or fixture affects, until Ctrl-C or q. Press u (in a terminal the key
 * alone, elsewhere then Enter) to accept the values of the last failing recipe into its expected file.
 */
@Mojo(name = "watch", requiresProject = false, threadSafe = true)
public class WatchMojo extends AbstractFlinkMojo {

    /** The engine that runs the recipes: flink (the default) or simulator. */
    @Parameter(property = "cookbook.engine", defaultValue = "flink")
    private String engine;

    @Override
    EngineKind engine() throws CookbookException {
        return EngineKind.named(engine);
    }

    /** On Flink, the simulator says which rows a failing recipe lost, as in verify. */
    @Override
    boolean explainsWithSimulator() {
        return true;
    }

    /** Watching keeps its engine warm between runs in Maven's JVM, and reads the keys typed into it. */
    @Override
    boolean forks() {
        return false;
    }

    /** Every change runs its recipes: the point of watching is to see them run. */
    @Override
    boolean usesCache() {
        return false;
    }

    /** A save that changes one statement runs that statement again, and those whose session it changes. */
    @Override
    boolean remembersResults() {
        return true;
    }

    /** Quitting a watch is no verdict on the recipes: each run said what failed, and q ends the goal cleanly. */
    @Override
    boolean failsOnRecipes() {
        return false;
    }

    @Override
    RunSummary run(CookbookRunner runner, RunSettings settings, Console console) throws CookbookException {
        long start = System.nanoTime();
        try {
            WatchLoop loop = new WatchLoop(
                    settings, runner, engine().toString(), console, Keyboard.ofSystemIn(), Clock.systemUTC());
            return new RunSummary(
                    engine().toString(),
                    loop.run(),
                    (System.nanoTime() - start) / 1e9,
                    true,
                    runner.reportDisplayPath(),
                    runner.htmlReportPath(),
                    settings.command());
        } catch (IOException e) {
            throw new CookbookException(
                    "cannot watch " + settings.recipesDirectory() + " for changes: " + e.getMessage(), e);
        }
    }
}
