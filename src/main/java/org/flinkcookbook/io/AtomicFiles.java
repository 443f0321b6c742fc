package org.flinkcookbook.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes files so that a reader sees the old content or the new, never half of one: a build may
 * stop at any time. No symbolic link is followed anywhere on the way: every component of the
 * path is looked at without following links, and one that is a link is refused with a sentence,
 * so that a link a pull request commits (under {@code target/}, say) cannot send a write, a read
 * or a delete outside the project. Only a link in a directory this user may not write (the
 * system's, such as macOS's {@code /var}) is followed: nothing a checkout holds can be one.
 */
public final class AtomicFiles {

    private AtomicFiles() {}

    /** What writes a file's content. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the text as UTF-8 to a temporary file beside {@code file}, then moves it into place. */
    public static void write(Path file, String text) throws IOException {
        write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes the content to a temporary file beside {@code file}, then moves it into place. */
    public static void write(Path file, Content content) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        Path directory = directory(target.getParent());
        refuseLink(target, target);
        // not Files.createTempFile: its files are private (0600); this one gets the umask's permissions like any other
        // its name shortened, so that a file whose own name is nearly as long as a name may be gets one too
        String name = target.getFileName().toString();
        Path temporary = directory.resolve(
                "." + name.substring(0, Math.min(name.length(), 64)) + "." + UUID.randomUUID() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(
                    temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                content.writeTo(out);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * The directory, made where it is missing one level at a time; refused when a component of its
     * path is a symbolic link or not a directory.
     */
    public static Path directory(Path directory) throws IOException {
        return components(directory, true);
    }

    /** The bytes of a regular file reached through no link; empty when there is none. */
    public static Optional<byte[]> readIfPresent(Path file) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        refuseLinks(target);
        if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(target, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(in.readAllBytes());
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }

    /** Deletes a file reached through no link, if it is there. */
    public static void delete(Path file) throws IOException {
        Path target = file.toAbsolutePath().normalize();
        refuseLinks(target);
        Files.deleteIfExists(target);
    }

    /** Refuses a path of which a component that exists is a symbolic link. */
    public static void refuseLinks(Path path) throws IOException {
        components(path, false);
    }

    /** Looks at every component of the path without following links; {@code make} makes the missing ones directories. */
    private static Path components(Path path, boolean make) throws IOException {
        Path target = path.toAbsolutePath().normalize();
        Path each = target.getRoot();
        for (Path name : target) {
            each = each.resolve(name);
            if (make && !Files.exists(each, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(each);
            }
            refuseLink(each, target);
            if (make && !Files.isDirectory(each)) { // a link here is the system's: refuseLink refused any other
                throw new IOException(target + " cannot be a directory: " + each + " is a file");
            }
        }
        return target;
    }

    private static void refuseLink(Path component, Path path) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(component, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException missing) {
            return;
        }
        // a link in a directory this user cannot write is the system's (macOS's /var), never the work tree's
        if (attributes.isSymbolicLink() && Files.isWritable(component.getParent())) {
            throw new IOException(path + " is not used: " + component
                    + " is a symbolic link, and reports, expected files and the cache are never written or read"
                    + " through one; delete the link and run again: rm " + component);
        }
    }
}
