package org.flinkcookbook.csv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What {@link FixtureCheck} found in each file it read, kept in this JVM, so that a fixture is checked once per
 * content and question (how its table reads it) instead of at each {@code CREATE TABLE} of every run: a warm
 * {@code simulate} or watch reads a million-row fixture once to run it, not twice. A file is known by what the
 * operating system says of it: its device and inode, size, modification time and change time ({@code unix:ctime},
 * which any write sets to the time of the write and nobody can set back). An outcome is kept only for a file whose
 * last change is at least {@link #SETTLED} older than the check's start: a later write, even of the same size in
 * the same tick of a coarse file-system clock, then gives it another change time. A file that changed lately, or
 * whose change time the file system does not give (no {@code unix} view), is checked every time, as before.
 */
final class CheckedFiles {

    /** Longer than the coarsest file-system clock in use (FAT's two seconds) and any clock's lag behind writes. */
    static final Duration SETTLED = Duration.ofSeconds(3);

    private static final int CAPACITY = 1024;

    @FunctionalInterface
    interface Check {
        Optional<String> run() throws IOException;
    }

    /** A file as the operating system knows it, and what was asked of it. */
    private record Key(
            Object device, Object inode, Object size, FileTime modified, FileTime changed, Object question) {}

    private final Clock clock;
    private final Map<Key, Optional<String>> outcomes = new ConcurrentHashMap<>();

    CheckedFiles(Clock clock) {
        this.clock = clock;
    }

    /** The outcome of {@code check} on {@code file} for {@code question}: remembered, or run (and remembered). */
    Optional<String> outcome(Path file, Object question, Check check) throws IOException {
        Optional<Key> key = key(file, question, clock.instant());
        Optional<String> known = key.map(outcomes::get).orElse(null);
        if (known != null) {
            return known;
        }
        Optional<String> outcome = check.run();
        key.ifPresent(settled -> {
            if (outcomes.size() >= CAPACITY) {
                outcomes.clear(); // a build checks far fewer files: only a long-running watch gets here
            }
            outcomes.put(settled, outcome);
        });
        return outcome;
    }

    /** The file's identity, read before the check reads its bytes; empty when it changed too lately or cannot tell. */
    private static Optional<Key> key(Path file, Object question, Instant start) throws IOException {
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(file, "unix:dev,ino,size,lastModifiedTime,ctime");
        } catch (UnsupportedOperationException | IllegalArgumentException noUnixView) {
            return Optional.empty();
        }
        FileTime modified = (FileTime) attributes.get("lastModifiedTime");
        FileTime changed = (FileTime) attributes.get("ctime");
        Instant settledBefore = start.minus(SETTLED);
        if (modified == null
                || changed == null
                || !modified.toInstant().isBefore(settledBefore)
                || !changed.toInstant().isBefore(settledBefore)) {
            return Optional.empty();
        }
        return Optional.of(new Key(
                attributes.get("dev"), attributes.get("ino"), attributes.get("size"), modified, changed, question));
    }
}
