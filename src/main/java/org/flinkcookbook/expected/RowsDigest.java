package org.flinkcookbook.expected;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.flinkcookbook.result.ResultRow;

/**
 * A result too large to list in a readable file, stored as its row count and a hash, as
 * sqllogictest does: the hash covers the rows as written, sorted unless the order matters.
 *
 * @param count how many rows
 * @param sha256 hex SHA-256 of the row lines joined by newlines
 */
public record RowsDigest(int count, String sha256) {

    public static RowsDigest of(List<ResultRow> rows, boolean ordered) {
        List<String> lines = rows.stream().map(ExpectedFileFormat::rowLine).toList();
        if (!ordered) {
            lines = lines.stream().sorted().toList();
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String line : lines) {
                digest.update(line.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return new RowsDigest(rows.size(), HexFormat.of().formatHex(digest.digest()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
