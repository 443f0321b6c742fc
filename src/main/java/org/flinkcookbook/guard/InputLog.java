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
 * the recipe's text.
 */
public final class InputLog implements AutoCloseable {

    private static final Set<InputLog> OPEN = ConcurrentHashMap.newKeySet();

    private final Set<Path> files = ConcurrentHashMap.newKeySet();

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
