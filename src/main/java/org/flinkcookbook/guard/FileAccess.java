package org.flinkcookbook.guard;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Which files recipes may read, enforced where the engines read them rather than predicted from
 * the SQL: every file Flink opens goes through its {@code file} file system, which a run replaces
 * with a {@link GuardedFileSystem guarded one} (the Flink engine installs it), and the simulator and fixture checks ask here
 * before they open a file. A file may be read when its real path (symbolic links resolved) lies
 * under the project or the fixtures directory; a relative path is relative to the project
 * directory, whatever the working directory. Recipes never write files.
 *
 * <p>The rule is the JVM's, as Flink's file systems are: a run {@link #allow allows} its directories
 * for its duration. While no run has, reads are not checked (tests that drive an engine directly).
 */
public final class FileAccess {

    /** The directories of each run under way; the latest one's project resolves relative paths. */
    private static final List<Roots> ALLOWED = new CopyOnWriteArrayList<>();

    private record Roots(Path project, Path fixtures) {}

    private FileAccess() {}

    /** Lets recipes read under these directories until the returned handle is closed. */
    public static Allowance allow(Path projectDirectory, Path fixturesDirectory) {
        Roots roots = new Roots(realPath(projectDirectory), realPath(fixturesDirectory));
        ALLOWED.add(roots);
        return () -> ALLOWED.remove(roots);
    }

    /** Ends an {@link #allow allowance}. */
    public interface Allowance extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * The real file a recipe may read at {@code path} (absolute, or relative to the project).
     *
     * @throws AccessDeniedException when it lies outside the project and fixtures directories
     */
    public static Path readable(Path path) throws AccessDeniedException {
        List<Roots> allowed = List.copyOf(ALLOWED);
        if (allowed.isEmpty()) {
            InputLog.read(path);
            return path.toAbsolutePath();
        }
        Path absolute = path.isAbsolute()
                ? path
                : allowed.get(allowed.size() - 1).project().resolve(path);
        Path real = realPath(absolute);
        for (Roots roots : allowed) {
            if (real.startsWith(roots.project()) || real.startsWith(roots.fixtures())) {
                InputLog.read(real);
                return real;
            }
        }
        throw new AccessDeniedException(
                path.toString(),
                null,
                "recipes may only read files under the project and fixtures directories, and this one resolves to "
                        + real);
    }

    /** The project directory of the latest run under way: relative paths are relative to it. */
    static Optional<Path> projectDirectory() {
        List<Roots> allowed = List.copyOf(ALLOWED);
        return allowed.isEmpty()
                ? Optional.empty()
                : Optional.of(allowed.get(allowed.size() - 1).project());
    }

    /** As {@link #readable(Path)}, for a path or URI as a table's {@code 'path'} option gives it: only {@code file:} is local. */
    public static Path readable(String pathOrUri) throws AccessDeniedException {
        java.net.URI uri = new org.apache.flink.core.fs.Path(pathOrUri).toUri();
        if (uri.getScheme() != null && !"file".equals(uri.getScheme())) {
            throw new AccessDeniedException(
                    pathOrUri, null, "recipes may only read local files ('" + uri.getScheme() + "' is not)");
        }
        return readable(Path.of(uri.getPath()));
    }

    /** True when {@code file}, symbolic links resolved, lies under {@code directory}: where a generated file may go. */
    public static boolean isInside(Path file, Path directory) {
        return realPath(file).startsWith(realPath(directory));
    }

    /** Refuses every write: sinks are captured, and nothing of a recipe is written but its expected file. */
    static AccessDeniedException writeRefused(Object path) {
        return new AccessDeniedException(
                String.valueOf(path), null, "recipes may not write files; INSERT results are captured");
    }

    /** The real path of the nearest existing ancestor, with the rest appended: symbolic links resolved. */
    static Path realPath(Path path) {
        Path absolute = path.toAbsolutePath();
        try {
            return absolute.toRealPath();
        } catch (IOException missing) {
            // resolve the part that exists
        }
        Path normalized = absolute.normalize();
        Path existing = normalized;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return normalized;
        }
        try {
            return existing.toRealPath()
                    .resolve(existing.relativize(normalized))
                    .normalize();
        } catch (IOException e) {
            return normalized;
        }
    }
}
