package org.flinkcookbook.process;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.flinkcookbook.io.Console;

/**
 * The engine process's last resort: a recipe that runs longer than its statements' deadlines
 * allow (a job that ignores its cancellation, a thread that never ends) kills the whole process,
 * its children too, and the build reports the recipe. The engine JVM (new or the daemon) says which
 * recipes run with {@link WireLine.Kind#STARTED} and {@link WireLine.Kind#DONE} lines ({@link Console#recipeStarted}).
 */
final class HardTimeout implements AutoCloseable {

    /** Beyond cookbook.timeout for planning, running and explaining a recipe: starting the cluster, reading, a loaded machine. */
    private static final Duration GRACE = Duration.ofMinutes(1);

    private static final Duration POLL = Duration.ofMillis(200);

    private final Duration limit;
    private final String limitText;
    /** The recipes running now, by path, with the time each started. */
    private final Map<String, Long> running = new LinkedHashMap<>();

    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cookbook-hard-timeout");
        thread.setDaemon(true);
        return thread;
    });
    private ProcessHandle process;
    private String overran;

    HardTimeout(Duration limit, String limitText) {
        this.limit = limit;
        this.limitText = limitText;
        clock.scheduleWithFixedDelay(this::check, POLL.toMillis(), POLL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * A recipe's deadlines: cookbook.timeout for planning, for running (and a little more) and for
     * the simulator's explanation, and a minute of grace.
     */
    static HardTimeout forRecipes(int timeoutSeconds) {
        return new HardTimeout(limit(timeoutSeconds), limitText(timeoutSeconds));
    }

    private static Duration limit(int timeoutSeconds) {
        return Duration.ofSeconds(3L * timeoutSeconds).plus(GRACE);
    }

    static String limitText(int timeoutSeconds) {
        return limit(timeoutSeconds).toSeconds() + " s (three times cookbook.timeout=" + timeoutSeconds
                + " s, and a minute)";
    }

    /** The process to kill when a recipe overruns. */
    synchronized void watch(ProcessHandle engine) {
        this.process = engine;
    }

    /** True when this protocol line says a recipe started or ended: it is the clock's, not the user's. */
    boolean consumed(WireLine line) {
        synchronized (this) {
            switch (line.kind()) {
                case STARTED -> running.put(line.text(), System.nanoTime());
                case DONE -> running.remove(line.text());
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /** Why the engine process was killed, when it was: the recipe, the limit and how to raise it. */
    synchronized Optional<String> overran() {
        return Optional.ofNullable(overran);
    }

    private synchronized void check() {
        if (overran != null || process == null) {
            return;
        }
        long now = System.nanoTime();
        running.entrySet().stream()
                .filter(recipe -> now - recipe.getValue() > limit.toNanos())
                .findFirst()
                .ifPresent(recipe -> {
                    overran = recipe.getKey() + ":1: ran longer than " + limitText
                            + ", so its engine JVM (process " + process.pid() + ") was stopped; a statement"
                            + " of it does not end when its deadline cancels it. If the recipe needs more"
                            + " time, run with -Dcookbook.timeout=SECONDS (a higher value)";
                    kill(process);
                });
    }

    /** The process and every process it started. */
    static void kill(ProcessHandle process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    @Override
    public void close() {
        clock.shutdownNow();
    }
}
