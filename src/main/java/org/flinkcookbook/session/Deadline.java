package org.flinkcookbook.session;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Runs one recipe's statements on a thread of their own and gives up on them when one statement
 * takes longer than its time, however it got stuck: Flink folds constant expressions while it
 * plans, so a catastrophic regular expression can hang planning, where no job can be cancelled.
 * The clock restarts at each {@link #statementStarts statement}. A thread given up on is stopped
 * where the Java runtime still can (up to Java 19), else left behind as a daemon.
 *
 * <p>A recipe's thread may have a {@link #withHeartbeat heartbeat}: it hears each statement's
 * start, and each deadline's start and end, so that the engine process's last resort
 * ({@code process.HardTimeout}) can tell a statement that overran its deadline (stuck where no
 * deadline stops it) from a recipe of many statements that each ended in time.
 */
public final class Deadline {

    /** How long a stopped thread gets to unwind (its finally blocks) before the run goes on. */
    private static final Duration UNWIND = Duration.ofSeconds(5);

    private static final Duration CLASS_INIT_POLL = Duration.ofMillis(20);
    private static final Duration STOP_AGAIN = Duration.ofMillis(100);

    /** A running statement's job gets as much again as cookbook.timeout, at most this much, so that its own cancellation reports first. */
    private static final Duration RUNNING_EXTRA = Duration.ofSeconds(10);

    private static final ThreadLocal<Clock> CLOCK = new ThreadLocal<>();

    /** The heartbeat of the recipe this thread runs, given each statement's line. */
    private static final ThreadLocal<IntConsumer> HEARTBEAT = new ThreadLocal<>();

    private Deadline() {}

    /** When the current statement started, and its Markdown line. */
    private static final class Clock {
        volatile long startNanos = System.nanoTime();
        volatile int line = 1;
        final IntConsumer heartbeat;

        Clock(IntConsumer heartbeat) {
            this.heartbeat = heartbeat == null ? line -> {} : heartbeat;
        }

        void beat() {
            heartbeat.accept(line);
        }
    }

    /**
     * How long a statement whose job runs gets, from the one value {@code cookbook.timeout}: as
     * much again (1 to 10 s more), so that its job's own cancellation reports first.
     */
    public static Duration running(Duration statementTimeout) {
        Duration extra = statementTimeout.compareTo(RUNNING_EXTRA) > 0 ? RUNNING_EXTRA : statementTimeout;
        return statementTimeout.plus(extra.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : extra);
    }

    /**
     * Runs a recipe's work on this thread with its heartbeat: each {@link #run deadline}'s start
     * and end and each {@link #statementStarts statement}'s start under it call {@code heartbeat}
     * with the statement's Markdown line.
     */
    public static <T> T withHeartbeat(IntConsumer heartbeat, Supplier<T> work) {
        IntConsumer before = HEARTBEAT.get();
        HEARTBEAT.set(heartbeat);
        try {
            return work.get();
        } finally {
            HEARTBEAT.set(before);
        }
    }

    /** What was under way when the deadline passed. */
    public record Overrun(int line) {
        /** The sentence for the recipe: {@code doing} is "planning", "running" or "simulating". */
        public String sentence(String doing, Duration timeout) {
            return "stopped: " + doing + " this statement took longer than " + timeout.toSeconds()
                    + " s (cookbook.timeout); a regular "
                    + "expression that backtracks for ever, or a source that never ends, can do that: simplify it or bind a fixture "
                    + "with <!-- cookbook:fixture TABLE = file.csv -->";
        }
    }

    /** Restarts the clock of the work this thread does for {@link #run}; nothing outside it. */
    public static void statementStarts(int line) {
        Clock clock = CLOCK.get();
        if (clock != null) {
            clock.line = line;
            clock.startNanos = System.nanoTime();
            clock.beat();
        }
    }

    /**
     * The work's result, or the overrun when one statement took longer than {@code perStatement}.
     * Exceptions of the work are rethrown as they are.
     */
    public static <T> Result<T> run(String name, Duration perStatement, Supplier<T> work) {
        Clock clock = new Clock(HEARTBEAT.get());
        clock.beat();
        try {
            return runOnWorker(name, perStatement, work, clock);
        } finally {
            clock.beat(); // what comes after the deadline (comparing, reporting) is no statement's time
        }
    }

    private static <T> Result<T> runOnWorker(String name, Duration perStatement, Supplier<T> work, Clock clock) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        IntConsumer heartbeat = HEARTBEAT.get();
        Thread worker = new Thread(
                () -> {
                    CLOCK.set(clock);
                    HEARTBEAT.set(heartbeat);
                    try {
                        result.set(work.get());
                    } catch (RuntimeException | Error e) {
                        failure.set(e);
                    }
                },
                name);
        worker.setDaemon(true);
        worker.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        worker.start();
        try {
            while (true) {
                long left = clock.startNanos + perStatement.toNanos() - System.nanoTime();
                if (left <= 0) {
                    int line = clock.line;
                    stop(worker);
                    return new Result<>(null, new Overrun(line));
                }
                worker.join(Math.max(1, left / 1_000_000));
                if (!worker.isAlive()) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(worker);
            return new Result<>(null, new Overrun(clock.line));
        }
        Throwable thrown = failure.get();
        if (thrown instanceof RuntimeException runtime) {
            throw runtime;
        } else if (thrown instanceof Error error) {
            throw error;
        }
        return new Result<>(result.get(), null);
    }

    private static boolean initializesAClass(Thread thread) {
        for (StackTraceElement frame : thread.getStackTrace()) {
            if ("<clinit>".equals(frame.getMethodName())) {
                return true;
            }
        }
        return false;
    }

    /** The work's value, or its overrun. */
    public record Result<T>(T value, Overrun overrun) {
        public Optional<Overrun> overran() {
            return Optional.ofNullable(overrun);
        }
    }

    /**
     * Stops a thread that does not answer interrupts (a regular expression never checks them).
     * {@link Thread#stop} is the only way in process; it is safe here because the thread's recipe
     * is abandoned with everything it built, as long as no stop lands in a class's static
     * initializer: the class would then fail for the rest of the JVM's life.
     */
    public static void stop(Thread thread) {
        thread.interrupt();
        try {
            long until = System.nanoTime() + UNWIND.toNanos();
            // again and again: code that catches Throwable (Flink's expression reducer does) swallows one ThreadDeath
            while (thread.isAlive() && System.nanoTime() < until) {
                boolean stopped = stopOutsideClassInitialization(thread);
                thread.join(stopped ? STOP_AGAIN.toMillis() : CLASS_INIT_POLL.toMillis());
            }
            // still alive: left running as a daemon (also where it never left a static initializer)
        } catch (UnsupportedOperationException javaTwentyOrLater) {
            // left running as a daemon; the recipe is reported all the same
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops the thread unless it initializes a class. It is suspended while its stack is read, so
     * that it cannot enter an initializer between the look and the stop: the stop takes effect as
     * it resumes, where the look saw it.
     */
    @SuppressWarnings({"deprecation", "removal"})
    private static boolean stopOutsideClassInitialization(Thread thread) {
        thread.suspend();
        try {
            if (initializesAClass(thread)) {
                return false;
            }
            thread.stop();
            return true;
        } finally {
            thread.resume();
        }
    }
}
