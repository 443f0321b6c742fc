package org.flinkcookbook.watch;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The files that changed under some directory trees, through the JDK's {@link WatchService}: on
 * Linux it is inotify, which reports a save within milliseconds (the polling implementation, every
 * 2 to 10 s, is only macOS's). A WatchService watches single directories, so every directory of the
 * trees is registered, and each new one as it appears. Build output and hidden directories are left
 * out, as the recipe finder leaves them out.
 */
final class FileChanges implements AutoCloseable {

    /** A save is often several events (truncate, write, rename): they are one change once this long passes without another. */
    private static final Duration QUIET = Duration.ofMillis(15);

    private final WatchService service;
    private final Map<WatchKey, Path> directories = new HashMap<>();
    /** What the whole file system said went missing: everything may have changed. */
    private final Set<Path> roots = new TreeSet<>();

    private FileChanges(WatchService service) {
        this.service = service;
    }

    /** Starts watching every directory under the roots that exist. */
    static FileChanges watch(Collection<Path> roots) throws IOException {
        FileChanges changes = new FileChanges(FileSystems.getDefault().newWatchService());
        try {
            for (Path root : roots) {
                Path absolute = root.toAbsolutePath().normalize();
                if (Files.isDirectory(absolute)) {
                    changes.roots.add(absolute);
                    changes.registerTree(absolute);
                }
            }
        } catch (IOException | RuntimeException e) {
            changes.close();
            throw e;
        }
        return changes;
    }

    /**
     * The files changed, created or deleted, and when the first of them was seen: waits up to
     * {@code wait} for a first event, then takes every event until {@link #QUIET} passes without
     * one. Empty when nothing happened. After an overflow (too many events to keep) every root
     * counts as changed.
     */
    Changes next(Duration wait, InstantSource clock) throws InterruptedException, IOException {
        Set<Path> changed = new TreeSet<>();
        WatchKey key = service.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        Instant seen = clock.instant();
        while (key != null) {
            take(key, changed);
            key = service.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS);
        }
        return new Changes(changed, seen);
    }

    /** Files that changed, and when the first change was seen. */
    record Changes(Set<Path> files, Instant seen) {}

    private void take(WatchKey key, Set<Path> changed) throws IOException {
        Path directory = directories.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == OVERFLOW || directory == null) {
                changed.addAll(roots);
                continue;
            }
            Path file = directory.resolve((Path) event.context());
            if (isLeftOut(file)) {
                continue;
            }
            if (event.kind() == ENTRY_CREATE && Files.isDirectory(file)) {
                registerTree(file); // files written into it before it was registered are reported by their directory
            }
            changed.add(file);
        }
        if (!key.reset()) {
            directories.remove(key);
        }
    }

    private void registerTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
                    throws IOException {
                if (!directory.equals(root) && isLeftOut(directory)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                directories.put(directory.register(service, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE), directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Build output, hidden files and directories (also the temporary files of atomic writes and of
     * editors), and editors' backup files.
     */
    private static boolean isLeftOut(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(".") || name.endsWith("~") || name.equals("target") || name.equals("node_modules");
    }

    /** Stops watching; the JDK's watcher thread ends with it. */
    @Override
    public void close() throws IOException {
        service.close();
    }
}
