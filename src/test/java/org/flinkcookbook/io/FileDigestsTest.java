package org.flinkcookbook.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Hashing an input opens only regular files, reads no more than their size, and ends by its deadline. */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang fails instead of stopping the build
class FileDigestsTest {

    @TempDir
    Path directory;

    private static long inAMinute() {
        return System.nanoTime() + Duration.ofMinutes(1).toNanos();
    }

    @Test
    void aFileOrADirectoryHashesTheSameUntilOneOfItsFilesChanges() throws Exception {
        Path file = Files.writeString(
                Files.createDirectories(directory.resolve("data")).resolve("a.csv"), "1\n");
        String fileHash = FileDigests.ofInput(file, inAMinute());
        String directoryHash = FileDigests.ofInput(directory.resolve("data"), inAMinute());
        assertThat(FileDigests.ofInput(file, inAMinute())).isEqualTo(fileHash).hasSize(64);
        assertThat(FileDigests.ofInput(directory.resolve("data"), inAMinute())).isEqualTo(directoryHash);

        Files.writeString(file, "2\n");
        assertThat(FileDigests.ofInput(file, inAMinute())).isNotEqualTo(fileHash);
        assertThat(FileDigests.ofInput(directory.resolve("data"), inAMinute())).isNotEqualTo(directoryHash);
        Files.writeString(directory.resolve("data/b.csv"), "");
        assertThat(FileDigests.ofInput(directory.resolve("data"), inAMinute())).isNotEqualTo(directoryHash);
        assertThat(FileDigests.ofInput(directory.resolve("none"), inAMinute())).isEqualTo("missing");
    }

    @Test
    void aDirectoryOfEmptyFilesIsHashedWithinTheDeadlineToo() throws Exception {
        Path tree = Files.createDirectories(directory.resolve("tree/a/b"));
        for (int i = 0; i < 200; i++) {
            Files.createFile(tree.resolve("empty" + i + ".csv"));
        }

        assertThat(FileDigests.ofInput(directory.resolve("tree"), System.nanoTime() - 1))
                .startsWith("unknown ");
        assertThat(FileDigests.ofInput(directory.resolve("tree"), inAMinute())).hasSize(64);
    }

    @Test
    void aLinkHashesByWhereItPointsNeverByWhatIsThere() throws Exception {
        Files.writeString(Files.createDirectories(directory.resolve("data")).resolve("a.csv"), "1\n");
        Files.writeString(directory.resolve("data/b.csv"), "1\n");
        Path link = Files.createSymbolicLink(directory.resolve("data/current.csv"), Path.of("a.csv"));
        String linkHash = FileDigests.ofInput(link, inAMinute());
        String directoryHash = FileDigests.ofInput(directory.resolve("data"), inAMinute());
        assertThat(linkHash)
                .hasSize(64)
                .isNotEqualTo(FileDigests.ofInput(directory.resolve("data/a.csv"), inAMinute()));

        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("b.csv")); // the same bytes elsewhere

        assertThat(FileDigests.ofInput(link, inAMinute())).isNotEqualTo(linkHash);
        assertThat(FileDigests.ofInput(directory.resolve("data"), inAMinute())).isNotEqualTo(directoryHash);
    }

    @Test
    void procDevicesAndFifosAreNeverReadAndNeverMatchNorIsALinkFollowed() throws Exception {
        Path fifo = directory.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path link = Files.createSymbolicLink(directory.resolve("link"), Path.of("/dev/zero"));

        assertThat(FileDigests.ofInput(fifo, inAMinute())).isEqualTo("not a regular file");
        assertThat(FileDigests.ofInput(link, inAMinute()))
                .as("where it points, /dev/zero never opened")
                .hasSize(64);
        assertThat(FileDigests.ofInput(Path.of("/dev/zero"), inAMinute())).isEqualTo("not a regular file");
        // a /proc file says it is regular and empty, then gives bytes without end
        String pagemap = FileDigests.ofInput(Path.of("/proc/self/pagemap"), inAMinute());
        assertThat(pagemap).startsWith("unknown ");
        assertThat(FileDigests.ofInput(Path.of("/proc/self/pagemap"), inAMinute()))
                .isNotEqualTo(pagemap);
    }

    @Test
    void hashingPastItsDeadlineMatchesNothing() throws Exception {
        Path file = Files.write(directory.resolve("big.csv"), new byte[1 << 20]);

        String late = FileDigests.ofInput(file, System.nanoTime() - 1);

        assertThat(late).startsWith("unknown ");
        assertThat(FileDigests.ofInput(file, System.nanoTime() - 1)).isNotEqualTo(late);
    }
}
