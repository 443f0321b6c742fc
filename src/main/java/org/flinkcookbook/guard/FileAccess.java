package org.flinkcookbook.guard;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.flinkcookbook.io.RealPaths;

/**
 * Which files recipes may read, enforced where the engines read them rather than predicted from
 * the SQL: every file Flink opens goes through its {@code file} file system, which a run replaces
 * with a {@link GuardedFileSystem guarded one} (the Flink engine installs it), and the simulator and fixture checks ask here
 * before they open a file. A file may be read when its real path (symbolic links resolved) lies
 * under the project or the fixtures directory; a relative path is relative to the project
 * directory, whatever the working directory. Recipes never write files.
 *
 * <p>Inside the project is not the same as readable: a CI checkout keeps its token in
 * {@code .git/config}, and the build's own directories hold what earlier runs wrote. So a path
 * with a {@code .git} anywhere below the project or fixtures directory, a path in the build
 * directory ({@code target/}, and the configured one) or in a directory the run writes (reports,
 * JUnit XML, the cache of passes), and anything
 * that is not a regular file or a directory (a device, a FIFO, a socket; {@code /proc}, {@code /sys},
 * {@code /dev}) are refused, each with a sentence saying why. The real path is judged, so a link
 * whose target is refused is refused.
 *
 * <p>The rule is the JVM's, as Flink's file systems are: a run {@link #allow allows} its directories
 * for its duration. While no run has, reads are not checked (tests that drive an engine directly).
 */
public final class FileAccess {

    /** The directories of each run under way; the latest one's project resolves relative paths. */
    private static final List<Roots> ALLOWED = new CopyOnWriteArrayList<>();

    /** The build directory of a Maven project, whatever else the run writes: never read by a recipe. */
    private static final String BUILD_DIRECTORY = "target";

    /** The directory of Git's repository, or the file that points at it in a linked work tree or submodule. */
    private static final String GIT = ".git";

    /** The kernel's and the devices' file systems: their "files" are no data of a recipe. */
    private static final List<Path> SYSTEM = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    /**
     * @param project relative paths are relative to it
     * @param fixtures may lie outside the project
     * @param written directories of the build and the run (refused even when the fixtures lie in one)
     */
    private record Roots(Path project, Path fixtures, List<Path> written) {

        /** Why the real path, which lies under the project or the fixtures, may not be read; empty when it may. */
        Optional<String> refusal(Path real) {
            for (Path root : List.of(project, fixtures)) {
                if (real.startsWith(root) && inGit(root.relativize(real))) {
                    return Optional.of("it lies in a Git directory (.git), which holds the repository's"
                            + " credentials and history; recipes may not read it");
                }
            }
            for (Path directory : written) {
                // fixtures kept inside the build directory stay readable, but not what the run writes beside them
                boolean fixturesInside = fixtures.startsWith(directory) && real.startsWith(fixtures);
                if (real.startsWith(directory) && !fixturesInside) {
                    return Optional.of("it lies in " + directory
                            + ", which the build writes (its output, reports and caches); recipes may not read it");
                }
            }
            return Optional.empty();
        }

        private static boolean inGit(Path relative) {
            for (Path name : relative) {
                if (name.toString().toLowerCase(Locale.ROOT).equals(GIT)) {
                    return true;
                }
            }
            return false;
        }
    }

    private FileAccess() {}

    /**
     * Lets recipes read under these directories until the returned handle is closed, except in
     * Git's directories, the project's build directory ({@code target}) and the directories the run
     * writes.
     *
     * @param writtenDirectories the configured build, report, JUnit and cache directories: refused
     *     wherever they are
     */
    public static Allowance allow(Path projectDirectory, Path fixturesDirectory, Collection<Path> writtenDirectories) {
        List<Path> written = new ArrayList<>();
        written.add(RealPaths.of(projectDirectory.resolve(BUILD_DIRECTORY)));
        writtenDirectories.forEach(directory -> written.add(RealPaths.of(directory)));
        Roots roots = new Roots(RealPaths.of(projectDirectory), RealPaths.of(fixturesDirectory), List.copyOf(written));
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
     * @throws AccessDeniedException when it lies outside the project and fixtures directories, or
     *     inside them where recipes may not read (its reason says why)
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
        Path real = RealPaths.of(absolute);
        Optional<String> system = notData(real);
        if (system.isPresent()) {
            throw new AccessDeniedException(path.toString(), null, system.get());
        }
        for (Roots roots : allowed) {
            if (real.startsWith(roots.project()) || real.startsWith(roots.fixtures())) {
                Optional<String> refusal = roots.refusal(real);
                if (refusal.isPresent()) {
                    throw new AccessDeniedException(path.toString(), null, refusal.get());
                }
                if (RealPaths.hasOtherNames(real)) {
                    throw new AccessDeniedException(
                            path.toString(),
                            null,
                            "it has other names (hard links), so its content may be that of any file, a Git file or"
                                    + " one outside the project; recipes only read files with one name: cp it to a new file");
                }
                // the links on the way are read too: pointing one elsewhere changes what is read
                RealPaths.linksOnTheWay(absolute).forEach(InputLog::read);
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

    /**
     * Why the real path is no data whatever directory it is in: the kernel's and the devices' file
     * systems, and anything that exists but is neither a regular file nor a directory (read without
     * following a link: the path is real already). Empty for a file that does not exist: opening it
     * fails as it would anyway.
     */
    private static Optional<String> notData(Path real) {
        if (SYSTEM.stream().anyMatch(real::startsWith)) {
            return Optional.of("it lies in /proc, /sys or /dev, whose files are the system's, not data;"
                    + " recipes may only read regular files");
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException missing) {
            return Optional.empty();
        }
        return attributes.isRegularFile() || attributes.isDirectory()
                ? Optional.empty()
                : Optional.of("it is not a regular file (a device, a FIFO or a socket, which can block or never"
                        + " end); recipes may only read regular files");
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
        return RealPaths.of(file).startsWith(RealPaths.of(directory));
    }

    /** Refuses every write: sinks are captured, and nothing of a recipe is written but its expected file. */
    static AccessDeniedException writeRefused(Object path) {
        return new AccessDeniedException(
                String.valueOf(path), null, "recipes may not write files; INSERT results are captured");
    }
}
