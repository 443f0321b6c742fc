package org.flinkcookbook.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.flinkcookbook.guard.InputLog;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.result.StatementResult;

/**
 * The results of statements an engine ran before, so that a watch (and the warm engine) re-runs
 * only the statements a save can have changed. A statement's key is everything its result
 * depends on but the files: the settings' fingerprint, the back end, every statement before it in
 * its session that changes the session (CREATE, SET, RESET, ...: a query or INSERT, whose rows are
 * captured, changes nothing), the fixture each binds, and the statement itself. The files are what
 * the statement read while it ran ({@link InputLog}, recorded where reads are enforced): each is
 * kept with its hash beside the results, and results are given again only while every one of them
 * hashes the same. Only a statement that ran without a warning, and none of whose inputs was saved
 * while it ran, is kept; its results move with it when lines above it are added or removed.
 */
public final class ResultCache {

    /** Rows kept in all, the least recently used statement's forgotten first: a watch's recipes, many saves over. */
    private static final long CAPACITY_ROWS = 1_000_000;

    private static final ResultCache NONE = new ResultCache(null, Duration.ZERO);

    private final String settings;
    private final Duration hashingTime;
    /** By key, least recently used first. */
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);

    private long rows;

    /** Results of one statement, with the line it stood at, and the hash of each file it read. */
    private record Entry(int line, List<StatementResult> results, Map<Path, String> inputs) {
        long rows() {
            return 1
                    + results.stream().mapToLong(result -> result.rows().size()).sum();
        }
    }

    /**
     * @param settings the fingerprint of every setting that changes a result (run.RunSettings#fingerprint)
     * @param hashingTime how long hashing one statement's inputs may take before they count as changed
     */
    public ResultCache(String settings, Duration hashingTime) {
        this.settings = settings;
        this.hashingTime = hashingTime;
    }

    /** A cache that keeps nothing: every statement runs (every goal but watch). */
    public static ResultCache none() {
        return NONE;
    }

    /** The keys of one session's statements on this back end, starting with no statement. */
    Keys keys(SessionBackEnd backEnd) {
        return new Keys(
                settings == null
                        ? null
                        : hash(settings + "\n" + backEnd.getClass().getName()));
    }

    /** The rolling key of one session: what the statements so far did to it. */
    final class Keys {
        private String session;

        private Keys(String start) {
            this.session = start;
        }

        /**
         * The place of a statement (its SQL: a statement set's INSERTs, joined) on the session as it
         * is now: its key is taken now, since later statements change the session before a running
         * query's results are kept. The files read from now until it is kept or closed are its inputs.
         */
        Slot slot(String sql, int line) {
            return new Slot(session == null ? null : hash(session + "\n" + sql), line);
        }

        /** A statement that changed the session: the later statements' keys include it and the fixture it binds. */
        void changedBy(ParsedStatement statement, Optional<BoundFixture> fixture) {
            if (session != null) {
                session = hash(session + "\n" + statement.sql() + "\n"
                        + fixture.map(bound -> bound.csv().toString()).orElse(""));
            }
        }
    }

    /** One statement's results in the cache, under the key it had when it started. */
    final class Slot implements AutoCloseable {
        private final String key;
        private final int line;
        private final long startMillis = System.currentTimeMillis();
        private final InputLog reads;

        private Slot(String key, int line) {
            this.key = key;
            this.line = line;
            this.reads = key == null ? null : InputLog.open();
        }

        /** The results of this statement when it ran before on the same session and its inputs hash the same, moved to its line. */
        Optional<List<StatementResult>> cached() {
            if (key == null) {
                return Optional.empty();
            }
            Entry entry;
            synchronized (entries) {
                entry = entries.get(key);
            }
            if (entry == null || !hashes(entry.inputs().keySet()).equals(entry.inputs())) {
                return Optional.empty();
            }
            return Optional.of(moved(entry, line));
        }

        /**
         * Keeps the results of this statement with the files it read, unless one of them was saved
         * since it started, or it read values that differ from run to run (the clock).
         */
        void keep(List<StatementResult> results) {
            if (key == null) {
                return;
            }
            close();
            Set<Path> inputs = reads.files();
            if (!reads.readsVaryingValues() && inputs.stream().noneMatch(this::savedSinceStart)) {
                put(key, new Entry(line, List.copyOf(results), hashes(inputs)));
            }
        }

        /** Stops recording what the statement reads; idempotent. */
        @Override
        public void close() {
            if (reads != null) {
                reads.close();
            }
        }

        private boolean savedSinceStart(Path input) {
            try {
                return Files.getLastModifiedTime(input, LinkOption.NOFOLLOW_LINKS)
                                .toMillis()
                        > startMillis;
            } catch (IOException missing) {
                return false; // hashed as missing
            }
        }
    }

    private Map<Path, String> hashes(Set<Path> inputs) {
        long deadline = System.nanoTime() + hashingTime.toNanos();
        Map<Path, String> hashes = new TreeMap<>();
        inputs.forEach(input -> hashes.put(input, FileDigests.ofInput(input, deadline)));
        return hashes;
    }

    private void put(String key, Entry entry) {
        synchronized (entries) {
            Entry replaced = entries.put(key, entry);
            rows += entry.rows() - (replaced == null ? 0 : replaced.rows());
            Iterator<Entry> eldest = entries.values().iterator();
            while (rows > CAPACITY_ROWS && eldest.hasNext()) {
                rows -= eldest.next().rows();
                eldest.remove();
            }
        }
    }

    /** The results as if run at {@code line}: a statement set's sinks keep their distance from its first line. */
    private static List<StatementResult> moved(Entry entry, int line) {
        int shift = line - entry.line();
        return entry.results().stream()
                .map(result -> shift == 0 ? result : result.atLine(result.line() + shift))
                .toList();
    }

    private static String hash(String text) {
        return HexFormat.of().formatHex(FileDigests.sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
