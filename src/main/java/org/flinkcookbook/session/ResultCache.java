package org.flinkcookbook.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.result.StatementResult;

/**
 * The results of statements an engine ran before, so that a watch re-runs only the statements a
 * save can have changed. A statement's key is everything its result depends on: the settings
 * (plugin and Flink build, options), the back end, every statement before it in its session that
 * changes the session (CREATE, SET, RESET, ...: a query or INSERT, whose rows are captured, changes
 * nothing), the bytes of every fixture those statements bind or name, and the statement itself.
 * Only a statement that ran without a warning is kept, and its results move with it when lines
 * above it are added or removed. Never a stale result: any change of those inputs is another key.
 */
public final class ResultCache {

    /** Rows kept in all, the least recently used statement's forgotten first: a watch's recipes, many saves over. */
    private static final long CAPACITY_ROWS = 1_000_000;

    /** {@code 'path' = '...'}: a file or directory a table reads, besides its bound fixture, resolved as reads are. */
    private static final Pattern PATH_OPTION = Pattern.compile("'path'\\s*=\\s*'([^']*)'");

    private static final ResultCache NONE = new ResultCache(null);

    private final String settings;
    /** By key, least recently used first. */
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);

    private long rows;

    /** Results of one statement, with the line it stood at. */
    private record Entry(int line, List<StatementResult> results) {
        long rows() {
            return 1
                    + results.stream().mapToLong(result -> result.rows().size()).sum();
        }
    }

    /** @param settings everything besides the recipe that changes a result: builds and options, as text */
    public ResultCache(String settings) {
        this.settings = settings;
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
         * query's results are kept.
         */
        Slot slot(String sql, int line) {
            return new Slot(session == null ? null : keyOf(sql), line);
        }

        /**
         * A statement that changed the session: the later statements' keys include it and the bytes
         * of what it binds or names. When those cannot be read, nothing later in the session is kept.
         */
        void changedBy(ParsedStatement statement, Optional<BoundFixture> fixture) {
            if (session == null) {
                return;
            }
            MessageDigest digest = FileDigests.sha256();
            digest.update((session + "\n" + statement.sql()).getBytes(StandardCharsets.UTF_8));
            fixture.ifPresent(bound -> digest.update(FileDigests.of(bound.csv())));
            try {
                Matcher path = PATH_OPTION.matcher(statement.sql());
                while (path.find()) {
                    digestTree(digest, FileAccess.readable(path.group(1)));
                }
                session = HexFormat.of().formatHex(digest.digest());
            } catch (IOException | RuntimeException unknownReads) {
                session = null;
            }
        }

        private String keyOf(String sql) {
            return hash(session + "\n" + sql);
        }
    }

    /** One statement's results in the cache, under the key it had when it started. */
    final class Slot {
        private final String key;
        private final int line;

        private Slot(String key, int line) {
            this.key = key;
            this.line = line;
        }

        /** The results of this statement when it ran before on the same session, moved to its line. */
        Optional<List<StatementResult>> cached() {
            if (key == null) {
                return Optional.empty();
            }
            Entry entry;
            synchronized (entries) {
                entry = entries.get(key);
            }
            return Optional.ofNullable(entry).map(found -> moved(found, line));
        }

        /** Keeps the results of this statement. */
        void keep(List<StatementResult> results) {
            if (key != null) {
                put(key, new Entry(line, List.copyOf(results)));
            }
        }
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

    /** Every file under {@code root}, by name and bytes, in a fixed order; "missing" when there is none. */
    private static void digestTree(MessageDigest digest, Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            digest.update(FileDigests.of(root));
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                digest.update(root.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                digest.update(FileDigests.of(file));
            }
        }
    }

    private static String hash(String text) {
        return HexFormat.of().formatHex(FileDigests.sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
