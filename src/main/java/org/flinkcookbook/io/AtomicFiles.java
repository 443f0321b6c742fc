package org.flinkcookbook.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/** Writes files so that a reader sees the old content or the new, never half of one: a build may stop at any time. */
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
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        // not Files.createTempFile: its files are private (0600); this one gets the umask's permissions like any other
        Path temporary = directory.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (OutputStream out =
                    Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
