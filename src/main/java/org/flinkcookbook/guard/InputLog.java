package org.flinkcookbook.guard;

import java.nio.file.Path;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The files a recipe depended on, as the engines opened them: every read {@link FileAccess} lets
 * through (Flink's guarded file system, the simulator's fixture scans, the fixture checks) is
 * recorded, by its real path, in every log open at that moment. A log is opened around one
 * recipe's run (and around one statement, for a watch's results), so that what it records is
 * what that run read, and, when recipes run side by side, what the others read meanwhile too:
 * one file too many only costs a run, one too few would keep a stale pass. Nothing is found in
 * the recipe's text. Besides files, a log records whether the run read values that differ from
 * one run to the next (the clock, processing time, random numbers, as Flink's planner declares
 * its functions): such a run depends on when it ran, so nothing of it is kept for a later one.
 */
public final class InputLog implements AutoCloseable {

    private static final Set<InputLog> OPEN = ConcurrentHashMap.newKeySet();

    private final Set<Path> files = ConcurrentHashMap.newKeySet();
    private volatile boolean varyingValues;

    private InputLog() {}

    /** Starts recording every file read from now until {@link #close()}. */
    public static InputLog open() {
        InputLog log = new InputLog();
        OPEN.add(log);
        return log;
    }

    /** A file (or directory listed, or path asked about) read by a recipe, by its real path. */
    static void read(Path file) {
        if (!OPEN.isEmpty()) {
            Path absolute = file.toAbsolutePath().normalize();
            OPEN.forEach(log -> log.files.add(absolute));
        }
    }

    /**
     * A statement's plan calls a function Flink's planner declares nondeterministic or dynamic: its
     * run may give other rows tomorrow (a filter on {@code CURRENT_DATE}) however its files stay.
     */
    public static void readVaryingValues() {
        OPEN.forEach(log -> log.varyingValues = true);
    }

    /** True when the run read values that differ from one run to the next: no pass or result of it is kept. */
    public boolean readsVaryingValues() {
        return varyingValues;
    }

    /** What was read so far, in path order. */
    public SortedSet<Path> files() {
        return new TreeSet<>(files);
    }

    /** Stops recording; idempotent. */
    @Override
    public void close() {
        OPEN.remove(this);
    }
}
