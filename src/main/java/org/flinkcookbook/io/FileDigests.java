package org.flinkcookbook.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/** SHA-256 of files' bytes, for the caches that must notice any change of what a recipe reads. */
public final class FileDigests {

    private FileDigests() {}

    /**
     * The hash of what a recipe read at {@code input}, as hex: a regular file's bytes, a symbolic
     * link's target (where it points, not followed), a directory's names, regular files and links,
     * or a word for a missing path. Nothing else is ever opened (a device, a FIFO, a socket), and no more bytes are read than the file's
     * size said when it was looked at, so that a {@code /proc} file, which says 0, cannot make it
     * read for ever; a file that grows while it is read, or hashing that outlasts {@code
     * deadlineNanos} ({@link System#nanoTime()}), gives a hash that matches nothing, which only
     * costs a run.
     */
    public static String ofInput(Path input, long deadlineNanos) {
        MessageDigest digest = sha256();
        try {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(input, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException missing) {
                return "missing";
            }
            if (attributes.isDirectory()) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(input)) {
                    // a tree of many empty files reads no byte: its walk keeps the deadline too
                    files = walk.peek(file -> outlasted(deadlineNanos, input))
                            .filter(file ->
                                    Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(file))
                            .sorted()
                            .toList();
                }
                for (Path file : files) {
                    outlasted(deadlineNanos, input);
                    digest.update((input.relativize(file) + "\n").getBytes(StandardCharsets.UTF_8));
                    if (Files.isSymbolicLink(file)) {
                        digestLink(digest, file);
                    } else {
                        digestFile(digest, file, Files.size(file), deadlineNanos);
                    }
                }
            } else if (attributes.isSymbolicLink()) {
                digestLink(digest, input);
            } else if (attributes.isRegularFile()) {
                digestFile(digest, input, attributes.size(), deadlineNanos);
            } else {
                return "not a regular file";
            }
        } catch (IOException | RuntimeException unknown) {
            return "unknown " + UUID.randomUUID();
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void outlasted(long deadlineNanos, Path input) {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new IllegalStateException("hashing " + input + " outlasted its deadline");
        }
    }

    /** A link by where it points, never by what is there: its target is an input of its own when it is read. */
    private static void digestLink(MessageDigest digest, Path link) throws IOException {
        digest.update(("-> " + Files.readSymbolicLink(link) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void digestFile(MessageDigest digest, Path file, long size, long deadlineNanos) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = size;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            while (left > 0) {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new IOException("hashing " + file + " outlasted its deadline");
                }
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    throw new IOException(file + " shrank while it was hashed");
                }
                digest.update(buffer, 0, read);
                left -= read;
            }
            if (in.read() >= 0) {
                throw new IOException(file + " grew while it was hashed");
            }
        }
        digest.update(("\n" + size + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
