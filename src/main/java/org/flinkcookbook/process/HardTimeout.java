package org.flinkcookbook.process;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.session.Deadline;

/**
 * The engine process's last resort: a statement that runs longer than its deadline allows (a job
 * that ignores its cancellation, a thread that never ends) kills the whole process, its children
 * too, and the build reports the recipe. The engine JVM (new or the daemon) says which recipes run
 * with {@link WireLine.Kind#STARTED} and {@link WireLine.Kind#DONE} lines ({@link Console#recipeStarted}),
 * and beats for each statement with a {@link WireLine.Kind#STATEMENT} line
 * ({@link Console#statementStarted}); the limit is one statement's,
 * counted from the latest beat, so that a recipe of many statements that each end within their
 * deadline is never killed however long it runs.
 */
final class HardTimeout implements AutoCloseable {

    /** Beyond a statement's deadline: stopping its thread, giving up a cluster, starting one, a loaded machine. */
    private static final Duration GRACE = Duration.ofMinutes(1);

    private static final Duration POLL = Duration.ofMillis(200);

    private final int timeoutSeconds;
    private final Duration limit;
    private final LongSupplier clock;
    /** The recipes running now, by path, with their latest heartbeat. */
    private final Map<String, Beat> running = new LinkedHashMap<>();

    private ScheduledExecutorService poll;
    private ProcessHandle process;
    private String overran;

    /** A recipe's latest heartbeat: when, and the line of its statement. */
    private record Beat(long nanos, int line) {}

    /** @param clock the time in nanoseconds ({@link System#nanoTime}; a test's own clock) */
    HardTimeout(int timeoutSeconds, LongSupplier clock) {
        this.timeoutSeconds = timeoutSeconds;
        this.limit = limit(timeoutSeconds);
        this.clock = clock;
    }

    /** Watches the recipes of an engine process, checking every 200 ms. */
    static HardTimeout forRecipes(int timeoutSeconds) {
        HardTimeout hardTimeout = new HardTimeout(timeoutSeconds, System::nanoTime);
        hardTimeout.poll = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "cookbook-hard-timeout");
            thread.setDaemon(true);
            return thread;
        });
        hardTimeout.poll.scheduleWithFixedDelay(
                hardTimeout::check, POLL.toMillis(), POLL.toMillis(), TimeUnit.MILLISECONDS);
        return hardTimeout;
    }

    /** One statement's longest legal time, from cookbook.timeout as its deadline has it, and a minute. */
    static Duration limit(int timeoutSeconds) {
        return Deadline.running(Duration.ofSeconds(timeoutSeconds)).plus(GRACE);
    }

    /** The process to kill when a statement overruns. */
    synchronized void watch(ProcessHandle engine) {
        this.process = engine;
    }

    /** True when this protocol line says a recipe started or ended, or a statement of it started: it is the clock's, not the user's. */
    boolean consumed(WireLine line) {
        String text = line.text();
        long now = clock.getAsLong();
        synchronized (this) {
            switch (line.kind()) {
                case STARTED -> running.put(text, new Beat(now, 1));
                case DONE -> running.remove(text);
                case STATEMENT -> {
                    int space = text.indexOf(' ');
                    try {
                        running.put(
                                text.substring(space + 1), new Beat(now, Integer.parseInt(text.substring(0, space))));
                    } catch (NumberFormatException | StringIndexOutOfBoundsException malformed) {
                        return false; // no heartbeat of this build: shown as it is
                    }
                }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /** Why the engine process was killed, when it was: the recipe's statement, the limit and how to raise it. */
    synchronized Optional<String> overran() {
        return Optional.ofNullable(overran);
    }

    /** Kills the process when a running recipe's latest heartbeat is older than one statement's limit. */
    synchronized void check() {
        if (overran != null || process == null) {
            return;
        }
        long now = clock.getAsLong();
        running.entrySet().stream()
                .filter(recipe -> now - recipe.getValue().nanos() > limit.toNanos())
                .findFirst()
                .ifPresent(recipe -> {
                    overran = recipe.getKey() + ":" + recipe.getValue().line() + ": a statement ran longer than "
                            + limit.toSeconds() + " s (its deadline from cookbook.timeout=" + timeoutSeconds
                            + " s, and a minute), so its engine JVM (process " + process.pid() + ") was stopped;"
                            + " it does not end when its deadline cancels it. If the statement needs more time,"
                            + " run with -Dcookbook.timeout=SECONDS (a higher value)";
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
        if (poll != null) {
            poll.shutdownNow();
        }
    }
}
