package org.flinkcookbook.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 of files' bytes, for the caches that must notice any change of what a recipe reads. */
public final class FileDigests {

    private FileDigests() {}

    /** The hash of a regular file's bytes, or of a word saying it is missing or unreadable. */
    public static byte[] of(Path file) {
        if (!Files.isRegularFile(file)) {
            return "missing".getBytes(StandardCharsets.UTF_8);
        }
        MessageDigest digest = sha256();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
        } catch (IOException unreadable) {
            return ("unreadable " + unreadable.getMessage()).getBytes(StandardCharsets.UTF_8);
        }
        return digest.digest();
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
