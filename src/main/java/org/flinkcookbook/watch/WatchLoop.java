package org.flinkcookbook.watch;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;

/**
 * {@code cookbook:watch}: runs every recipe once, then on each change of a recipe, expected file or
 * fixture runs again only the recipes that change affects, on the same engine, which stays warm.
 * Keys (one key in a terminal, else a line ended by Enter, see {@link Keyboard}): {@code u} accepts
 * the values of the last recipe that failed, writing its expected file as {@code cookbook:expected}
 * does; {@code a} runs every recipe; {@code q} quits. It also stops when its thread is interrupted or the JVM shuts down (Ctrl-C), and
 * it never stops for a broken recipe: that is reported, and the next save runs it again.
 */
public final class WatchLoop {

    /** How often keys are looked for while no file changes; a change ends the wait at once. */
    private static final Duration KEY_POLL = Duration.ofMillis(50);

    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(10);

    private final RunSettings settings;
    private final CookbookRunner runner;
    private final String engineName;
    private final Console console;
    private final Keyboard keys;
    private final InstantSource clock;
    /** Each recipe's last outcome, by file. */
    private final Map<Path, RecipeOutcome> latest = new TreeMap<>();

    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile Thread looping;
    /** The recipes whose last run ended with values that differ from, or lack, their expected files ("u" accepts all, as Jest's). */
    private final Set<Path> toAccept = new TreeSet<>();

    /**
     * @param runner runs and prints recipes; its engine stays open for the whole watch
     * @param engineName the engine's name, for the messages
     * @param keys the keys the author types, closed when the loop ends
     * @param clock times the verdicts
     */
    public WatchLoop(
            RunSettings settings,
            CookbookRunner runner,
            String engineName,
            Console console,
            Keyboard keys,
            InstantSource clock) {
        this.settings = settings;
        this.runner = runner;
        runner.acceptWithKey("u");
        this.engineName = engineName;
        this.console = console;
        this.keys = keys;
        this.clock = clock;
    }

    /**
     * Watches until {@code q}, an interrupt or the JVM's shutdown, and returns each recipe's last
     * outcome in path order. The watcher is closed, and its thread gone, when it returns.
     */
    public List<RecipeOutcome> run() throws IOException {
        looping = Thread.currentThread();
        Thread shutdownHook = new Thread(this::stop, "cookbook-watch-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try (FileChanges changes =
                FileChanges.watch(List.of(settings.recipesDirectory(), settings.fixturesDirectory()))) {
            runAll();
            while (!stopped) {
                FileChanges.Changes changed = changes.next(KEY_POLL, clock);
                if (!changed.files().isEmpty()) {
                    rerun(changed.files(), changed.seen());
                }
                readKeys();
            }
        } catch (InterruptedException stopRequested) {
            // the interrupt is the request to stop, not to be passed on: the engine still has to close
            Thread.interrupted();
        } finally {
            looping = null;
            removeShutdownHook(shutdownHook);
            closeKeys();
            closed.countDown();
        }
        console.info("Stopped watching");
        return List.copyOf(latest.values());
    }

    /** Asks the loop to stop and waits until its watcher is closed: what Ctrl-C does, through a shutdown hook. */
    public void stop() {
        stopped = true;
        Thread thread = looping;
        if (thread != null && thread != Thread.currentThread()) {
            thread.interrupt();
            try {
                closed.await(SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runAll() {
        latest.clear();
        List<Path> recipes = runner.findRecipes();
        run(recipes);
        prompt(recipes.size());
    }

    /**
     * Runs the recipes the changed files affect: a recipe, its expected file, or a fixture it reads.
     * The recipes are found again, so that a new recipe runs and a deleted one is forgotten.
     */
    private void rerun(Set<Path> changed, Instant since) {
        List<Path> recipes = runner.findRecipes();
        latest.keySet().retainAll(Set.copyOf(recipes));
        List<Path> affected = recipes.stream()
                .filter(recipe -> changed.stream().anyMatch(file -> runner.affects(recipe, file, recipes)))
                .toList();
        if (affected.isEmpty()) {
            return;
        }
        console.info("Saved " + saved(changed) + ": running " + affected.size()
                + (affected.size() == 1 ? " recipe" : " recipes"));
        List<RecipeOutcome> outcomes = run(affected);
        double seconds = Duration.between(since, clock.instant()).toNanos() / 1e9;
        console.info(String.format(
                Locale.ROOT,
                "%d %s run in %.2f s after the change of %s: %s",
                affected.size(),
                affected.size() == 1 ? "recipe" : "recipes",
                seconds,
                saved(changed),
                verdict(outcomes)));
        prompt(recipes.size());
    }

    /** The files saved, as messages name them: one, or the first and how many more. */
    private String saved(Set<Path> changed) {
        List<String> names = changed.stream().map(runner::displayPath).sorted().toList();
        return names.size() == 1 ? names.get(0) : names.get(0) + " and " + (names.size() - 1) + " more";
    }

    /** "all pass" only when every recipe passed; otherwise how many came out how, e.g. "1 failed, 1 unsupported". */
    private static String verdict(List<RecipeOutcome> outcomes) {
        Map<RecipeStatus, Long> byStatus = new TreeMap<>();
        outcomes.forEach(outcome -> byStatus.merge(outcome.status(), 1L, Long::sum));
        if (byStatus.keySet().equals(Set.of(RecipeStatus.PASSED))) {
            return "all pass";
        }
        return byStatus.entrySet().stream()
                .map(entry -> entry.getValue() + " " + entry.getKey().word())
                .collect(Collectors.joining(", "));
    }

    private List<RecipeOutcome> run(List<Path> recipes) {
        List<RecipeOutcome> outcomes = runner.runRecipes(recipes, CookbookRunner.Mode.VERIFY);
        for (int i = 0; i < recipes.size(); i++) {
            Path recipe = recipes.get(i);
            RecipeOutcome outcome = outcomes.get(i);
            latest.put(recipe, outcome);
            if (outcome.status() == RecipeStatus.FAILED || outcome.status() == RecipeStatus.NO_EXPECTED) {
                toAccept.add(recipe);
            } else {
                toAccept.remove(recipe);
            }
        }
        return outcomes;
    }

    private void prompt(int recipes) {
        String accept = toAccept.isEmpty()
                ? ""
                : "u to accept the new values of "
                        + (toAccept.size() == 1
                                ? latest.get(toAccept.iterator().next()).path()
                                : toAccept.size() + " recipes")
                        + ", ";
        console.info("Watching " + recipes + " recipes on " + engineName + "; press " + accept
                + "a to run all, q to quit" + (keys.oneKey() ? "" : " (then Enter)"));
    }

    /** Carries out the commands typed so far. */
    private void readKeys() throws IOException {
        for (String command : keys.commands()) {
            if (stopped) {
                return;
            }
            switch (command) {
                case "u" -> accept();
                case "a" -> runAll();
                case "q" -> stopped = true;
                case "" -> {
                    // Enter alone does nothing
                }
                default ->
                    console.info("Type u to accept the failing recipes' values, a to run all, q to quit"
                            + (keys.oneKey() ? "" : ", then Enter"));
            }
        }
    }

    /** Gives the terminal back before the JVM may exit: Ctrl-C waits for the loop to close, not for the build. */
    private void closeKeys() {
        try {
            keys.close();
        } catch (IOException e) {
            console.warn("Cannot give the terminal its settings back (" + e.getMessage() + "); run stty sane");
        }
    }

    /** Writes each failing recipe's values as its expected values; the change of those files then verifies them again. */
    private void accept() {
        if (toAccept.isEmpty()) {
            console.info("Nothing to accept: no recipe has new values since the last run");
            return;
        }
        List<Path> recipes = List.copyOf(toAccept);
        toAccept.clear();
        List<RecipeOutcome> written = runner.runRecipes(recipes, CookbookRunner.Mode.WRITE_EXPECTED);
        for (int i = 0; i < recipes.size(); i++) {
            if (written.get(i).status() != RecipeStatus.WRITTEN) {
                latest.put(recipes.get(i), written.get(i));
            }
        }
    }

    private static void removeShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it is what stopped the loop
        }
    }
}
