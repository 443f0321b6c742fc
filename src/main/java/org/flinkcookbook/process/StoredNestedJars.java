package org.flinkcookbook.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.flinkcookbook.io.AtomicFiles;

/**
 * Flink's planner and RPC system come as loader jars that hold the real jar inside
 * ({@code flink-table-planner.jar}, 46 MB; {@code flink-rpc-akka.jar}, 24 MB), and every JVM that
 * starts them inflates that jar into a temporary file before it loads a class from it: in a cold
 * engine JVM about a third of the planner's warm-up, which is the longest chain before the first
 * result. Flink finds the inner jar as a class-path resource, so a jar earlier on the class path
 * that holds the same inner jars stored (not compressed) makes that copy a plain read: nothing else
 * changes, the planner and the RPC system still load in class loaders of their own.
 */
final class StoredNestedJars {

    /** The loader jars' file names start so; each holds its real jar at its root. */
    private static final List<String> LOADERS = List.of("flink-table-planner-loader-", "flink-rpc-akka-loader-");

    private static final String PREFIX = "engine-nested-";

    private StoredNestedJars() {}

    /**
     * The class path with the stored copy first, written into {@code directory} once per set of
     * loader jars; the class path as it is when there is no directory, no loader jar or no room.
     */
    static List<Path> first(List<Path> classPath, Path directory) {
        List<Path> loaders = classPath.stream()
                .filter(entry -> LOADERS.stream()
                        .anyMatch(loader -> entry.getFileName().toString().startsWith(loader)))
                .toList();
        if (directory == null || loaders.isEmpty()) {
            return classPath;
        }
        // named after the loader jars (path, size, time), so its own time never changes while they do not:
        // the class-data archive is keyed by every class-path entry's time
        Path stored = directory.resolve(PREFIX + ClassDataArchive.key(loaders) + ".jar");
        try {
            if (!holdsTheNestedJars(stored, loaders)) {
                write(loaders, stored);
                ClassDataArchive.deleteOthersUnused(stored, PREFIX + "*.jar");
            }
        } catch (IOException e) {
            return classPath; // Flink inflates its jars as usual
        }
        List<Path> withStored = new ArrayList<>();
        withStored.add(stored);
        withStored.addAll(classPath);
        return withStored;
    }

    /**
     * Whether the copy holds each loader's inner jars stored, with their sizes and CRCs: a truncated or
     * foreign file under its name is written again (both read only the zip directories, no content).
     */
    private static boolean holdsTheNestedJars(Path stored, List<Path> loaders) throws IOException {
        if (!Files.isRegularFile(stored)) {
            return false;
        }
        try (ZipFile copy = new ZipFile(stored.toFile())) {
            for (Path loader : loaders) {
                for (ZipEntry nested : nestedJars(loader)) {
                    ZipEntry entry = copy.getEntry(nested.getName());
                    if (entry == null
                            || entry.getMethod() != ZipEntry.STORED
                            || entry.getSize() != nested.getSize()
                            || entry.getCrc() != nested.getCrc()) {
                        return false;
                    }
                }
            }
            return true;
        } catch (ZipException damaged) {
            return false;
        }
    }

    /** The jars at a loader jar's root. */
    private static List<ZipEntry> nestedJars(Path loader) throws IOException {
        try (ZipFile zip = new ZipFile(loader.toFile())) {
            return zip.stream()
                    .filter(entry -> !entry.isDirectory()
                            && !entry.getName().contains("/")
                            && entry.getName().endsWith(".jar"))
                    .map(ZipEntry::new)
                    .toList();
        }
    }

    /** Written beside its final name, then moved there in one step: another build may be reading it. */
    private static void write(List<Path> loaders, Path stored) throws IOException {
        AtomicFiles.write(stored, file -> {
            try (ZipOutputStream out = new ZipOutputStream(file)) {
                for (Path loader : loaders) {
                    copyNestedJars(loader, out);
                }
            }
        });
    }

    /** Each jar at the loader jar's root, stored under the same name; the loader's entry gives its size and CRC. */
    private static void copyNestedJars(Path loader, ZipOutputStream out) throws IOException {
        try (ZipFile zip = new ZipFile(loader.toFile())) {
            for (ZipEntry entry : nestedJars(loader)) {
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setMethod(ZipEntry.STORED);
                copy.setSize(entry.getSize());
                copy.setCompressedSize(entry.getSize());
                copy.setCrc(entry.getCrc());
                copy.setTime(entry.getTime()); // the same bytes at every write
                out.putNextEntry(copy);
                try (InputStream in = zip.getInputStream(zip.getEntry(entry.getName()))) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }
}
