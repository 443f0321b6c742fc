package org.flinkcookbook.process;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The engine JVM's class-data-sharing archive: the classes a run loaded, parsed and verified once,
 * mapped into the next engine JVM instead of loaded again from the jars. The first run on a class
 * path writes it when it exits ({@code -XX:ArchiveClassesAtExit}), which takes longer than the run
 * itself: that run is started by a keeper ({@link #main}) that waits for it and keeps the archive
 * under its final name only when the JVM exited cleanly, so that the build has its verdict without
 * waiting and a half-written archive is never mapped; while one keeper writes the archive, the
 * engine JVMs other builds start meanwhile run without writing one. Later runs map it
 * ({@code -XX:SharedArchiveFile}). It is named after the JVM and the class path (each jar's path,
 * size and time), so a new plugin or JDK gets an archive of its own; the JVM checks the jars again
 * and runs without the archive when it refuses it.
 */
final class ClassDataArchive {

    /** Archives and stored jars of other builds are deleted when not used for this long (each is 70 to 130 MB). */
    private static final Duration UNUSED = Duration.ofDays(7);

    private final Path file;
    private final Path written;

    private ClassDataArchive(Path file, Path written) {
        this.file = file;
        this.written = written;
    }

    /** The archive for this JVM and class path in {@code directory}; none when directory is null. */
    static ClassDataArchive in(Path directory, List<Path> classPath) {
        if (directory == null) {
            return new ClassDataArchive(null, null);
        }
        Path file = directory.resolve("engine-" + key(classPath) + ".jsa");
        return new ClassDataArchive(
                file,
                file.resolveSibling(
                        file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp"));
    }

    /**
     * The command that runs {@code mainAndArguments} in a JVM with {@code flags} and the class path:
     * mapping the archive, or writing it through the keeper when there is none yet.
     */
    List<String> command(List<String> flags, String classPath, List<String> mainAndArguments) {
        List<String> archiveFlags = flags();
        List<String> engine = new ArrayList<>(flags);
        engine.addAll(archiveFlags);
        engine.addAll(List.of("-cp", classPath));
        engine.addAll(mainAndArguments);
        if (archiveFlags.stream().noneMatch(flag -> flag.startsWith("-XX:ArchiveClassesAtExit="))) {
            return engine;
        }
        List<String> keeper = new ArrayList<>(flags);
        keeper.addAll(List.of("-cp", classPath, ClassDataArchive.class.getName(), written.toString(), file.toString()));
        keeper.addAll(engine);
        return keeper;
    }

    /** The JVM flags that use the archive, or write it when there is none yet. */
    List<String> flags() {
        if (file == null) {
            return List.of();
        }
        try {
            if (Files.isRegularFile(file)) {
                Files.setLastModifiedTime(file, FileTime.from(Instant.now())); // in use: not deleted as unused
                return List.of("-XX:SharedArchiveFile=" + file);
            }
            Files.createDirectories(file.getParent());
            return List.of("-XX:ArchiveClassesAtExit=" + written);
        } catch (IOException e) {
            return List.of(); // a directory we cannot write to: run without the archive
        }
    }

    /** The flags that map the archive when there is one; nothing otherwise (a JVM that runs for long writes none). */
    List<String> mapped() {
        return file != null && Files.isRegularFile(file) ? List.of("-XX:SharedArchiveFile=" + file) : List.of();
    }

    /**
     * Keeps the archive the JVM wrote on exit, under its final name in one step (another build may be
     * reading it), and deletes the archives of other builds that were not used for a week.
     */
    void keep() {
        if (written == null || !Files.isRegularFile(written)) {
            return;
        }
        try {
            Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            deleteUnused();
        } catch (IOException e) {
            deleteQuietly(written);
        }
    }

    /**
     * The keeper: runs the engine JVM that writes the archive, with this JVM's standard streams,
     * and lets go of them at once, so that the build reads the engine JVM's alone and ends with its
     * answer; then keeps the archive when the engine JVM exited cleanly, or deletes what it wrote,
     * and exits as the engine JVM did. It holds a lock on the archive's name meanwhile; when another
     * keeper holds it, the engine JVM runs without writing an archive.
     *
     * @param args the archive's temporary name, its final name, and the engine JVM's command
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        ClassDataArchive archive = new ClassDataArchive(Path.of(args[1]), Path.of(args[0]));
        List<String> engineCommand = List.of(args).subList(2, args.length);
        try (FileChannel lockFile = FileChannel.open(
                        archive.file.resolveSibling(archive.file.getFileName() + ".lock"),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                FileLock writing = lockFile.tryLock()) {
            if (writing == null) {
                // another build writes this archive now: writing a second one beside it only costs CPU
                engineCommand = engineCommand.stream()
                        .filter(flag -> !flag.startsWith("-XX:ArchiveClassesAtExit="))
                        .toList();
            }
            Process engine = new ProcessBuilder(engineCommand).inheritIO().start();
            // closing a standard stream points it at /dev/null: the build's pipes are the engine JVM's alone now
            System.in.close();
            System.out.close();
            System.err.close();
            int exitCode = engine.waitFor();
            if (exitCode == 0) {
                archive.keep();
            } else {
                deleteQuietly(archive.written);
            }
            System.exit(exitCode); // the build names it when the engine JVM stopped without an answer
        }
    }

    private void deleteUnused() throws IOException {
        deleteOthersUnused(file, "engine-*.jsa*");
    }

    /**
     * Deletes the files beside {@code kept} that match {@code glob} and were not used for a week: the
     * archives and stored jars of plugin builds and Flink versions no longer run.
     */
    static void deleteOthersUnused(Path kept, String glob) throws IOException {
        Instant unusedSince = Instant.now().minus(UNUSED);
        try (DirectoryStream<Path> others = Files.newDirectoryStream(kept.getParent(), glob)) {
            for (Path other : others) {
                if (!other.equals(kept)
                        && Files.getLastModifiedTime(other).toInstant().isBefore(unusedSince)) {
                    deleteQuietly(other);
                }
            }
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // a stale archive costs disk space only
        }
    }

    /** What the archive depends on: the JVM, and each jar on the class path with its size and time. */
    static String key(List<Path> classPath) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version") + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            for (Path entry : classPath) {
                String stamp = Files.exists(entry)
                        ? Files.size(entry) + " "
                                + Files.getLastModifiedTime(entry).toMillis()
                        : "missing";
                digest.update((entry.toAbsolutePath() + " " + stamp + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot name the class-data archive: " + e.getMessage(), e);
        }
    }
}
