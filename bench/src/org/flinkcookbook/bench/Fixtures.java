package org.flinkcookbook.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;

/**
 * The benchmark fixture: {@code id,k,v,ts} rows, 100 a second of event time, seven keys, and one
 * row in 200 arriving up to 3 s out of order, so that some are late behind a 1-second watermark.
 * Seeded: the same row count always gives the same file.
 */
final class Fixtures {

    private static final long SEED = 20_240_301L;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private Fixtures() {}

    /** The fixture of {@code rows} rows in {@code directory}, written unless it already exists. */
    static Path events(Path directory, long rows) throws IOException {
        Path file = directory.resolve("events-" + rows + ".csv");
        if (Files.isRegularFile(file)) {
            return file;
        }
        Files.createDirectories(directory);
        Path partial = directory.resolve(file.getFileName() + ".partial");
        Random random = new Random(SEED);
        LocalDateTime start = LocalDateTime.of(2024, 3, 1, 0, 0);
        try (BufferedWriter csv = Files.newBufferedWriter(partial)) {
            for (long i = 0; i < rows; i++) {
                long millis = i * 10 - (random.nextInt(200) == 0 ? random.nextInt(3_000) : 0);
                csv.write(i + ",k" + random.nextInt(7) + "," + random.nextInt(100) + ","
                        + start.plusNanos(Math.max(0, millis) * 1_000_000L).format(TIMESTAMP) + "\n");
            }
        }
        Files.move(partial, file);
        return file;
    }

    /** The benchmark query over a fixture, as a recipe: one-minute windows per key. */
    static String recipe(Path fixture) {
        return "<!-- cookbook:fixture events = " + fixture.getFileName() + " -->\n"
                + "```sql\n"
                + "SET 'pipeline.auto-watermark-interval' = '0';\n"
                + "CREATE TABLE events (id BIGINT, k STRING, v INT, ts TIMESTAMP(3),\n"
                + "  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');\n"
                + "SELECT window_start, k, COUNT(*) AS cnt, SUM(v) AS total\n"
                + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' MINUTE))\n"
                + "GROUP BY window_start, window_end, k;\n"
                + "```\n";
    }
}
