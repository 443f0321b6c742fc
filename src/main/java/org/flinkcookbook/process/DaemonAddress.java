package org.flinkcookbook.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.Set;
import org.flinkcookbook.io.FileDigests;

/**
 * Where the engine daemon of one project and one build listens: a Unix domain socket in a directory
 * only its user can enter (0700), so that no other user can connect, named after the project
 * directory and everything the engine JVM is built from, so that a daemon never serves another
 * project or another build. Its lock (one build at a time) and its log lie beside it.
 *
 * @param directory the user's directory of daemons
 * @param project the project directory's hash
 * @param build the hash of the plugin build, the JVM, its flags and the settings the daemon serves
 */
record DaemonAddress(Path directory, String project, String build) {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /** The daemon for this project directory and build, in the user's directory of daemons. */
    static DaemonAddress of(Path baseDirectory, String build) throws IOException {
        return new DaemonAddress(userDirectory(), projectKey(baseDirectory), hash(build));
    }

    Path socket() {
        return directory.resolve(project + "-" + build + ".sock");
    }

    Path lock() {
        return directory.resolve(project + "-" + build + ".lock");
    }

    Path log() {
        return directory.resolve(project + "-" + build + ".log");
    }

    /** The daemon's java.io.tmpdir, where Flink unpacks its jars: emptied before a daemon starts, and when one is killed. */
    Path temporary() {
        return directory.resolve(project + "-" + build + ".tmp");
    }

    /** The sockets of every daemon of this project, whatever build started them: cookbook:stop stops them all. */
    static String socketsOf(Path baseDirectory) {
        return projectKey(baseDirectory) + "-*.sock";
    }

    /**
     * The user's directory of daemons, made when missing, short enough for a socket's path (about
     * 100 bytes at most). Refused unless the user owns it and nobody else may enter it.
     */
    static Path userDirectory() throws IOException {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))) {
            return userDirectory(Path.of(runtime)); // the user's own, on Linux desktops
        }
        // rather than java.io.tmpdir, which is too long for a socket's path on macOS
        Path tmp = Path.of("/tmp");
        return userDirectory(Files.isDirectory(tmp) ? tmp : Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The user's directory of daemons in {@code parent}. */
    static Path userDirectory(Path parent) throws IOException {
        Path directory = parent.resolve("cookbook-daemons-" + System.getProperty("user.name"));
        try {
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            }
            if (!Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))
                    || !Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS)
                            .equals(OWNER_ONLY)) {
                throw new IOException(directory + " is not a directory only " + System.getProperty("user.name")
                        + " may enter (owner and permissions rwx------)");
            }
        } catch (UnsupportedOperationException notPosix) {
            throw new IOException("this file system has no POSIX permissions to keep other users out", notPosix);
        }
        return directory;
    }

    private static String projectKey(Path baseDirectory) {
        return hash(baseDirectory.toAbsolutePath().normalize().toString());
    }

    private static String hash(String text) {
        return HexFormat.of().formatHex(FileDigests.sha256().digest(text.getBytes(StandardCharsets.UTF_8)), 0, 6);
    }
}
