package org.flinkcookbook.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every link a path goes through is named, a link's target's links too, and a loop ends. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RealPathsTest {

    @TempDir
    Path directory;

    @Test
    void theLinksOnTheWayAreThoseOfThePathAndOfEachTargetInTheOrderTheyAreMet() throws Exception {
        Path real = directory.toRealPath();
        Files.writeString(Files.createDirectories(real.resolve("sets/first")).resolve("data.csv"), "1\n");
        Files.createSymbolicLink(real.resolve("sets/now"), Path.of("first"));
        Files.createSymbolicLink(real.resolve("current"), Path.of("sets/now"));
        Files.createSymbolicLink(real.resolve("data.csv"), Path.of("current/./data.csv"));

        assertThat(RealPaths.linksOnTheWay(real.resolve("data.csv")))
                .containsExactly(real.resolve("data.csv"), real.resolve("current"), real.resolve("sets/now"));
        assertThat(RealPaths.linksOnTheWay(real.resolve("current/../sets/first/data.csv")))
                .as("'..' after a link is the parent of its target")
                .containsExactly(real.resolve("current"), real.resolve("sets/now"));
        assertThat(RealPaths.of(real.resolve("data.csv"))).isEqualTo(real.resolve("sets/first/data.csv"));
        assertThat(RealPaths.named(real.resolve("data.csv"))).isEqualTo(real.resolve("data.csv"));
        assertThat(RealPaths.named(real.resolve("current/data.csv"))).isEqualTo(real.resolve("sets/first/data.csv"));
        assertThat(RealPaths.linksOnTheWay(real.resolve("sets/first/data.csv"))).isEmpty();
    }

    @Test
    void aLoopOfLinksEnds() throws Exception {
        Path real = directory.toRealPath();
        Files.createSymbolicLink(real.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(real.resolve("b"), Path.of("a"));

        assertThat(RealPaths.linksOnTheWay(real.resolve("a/x.csv")))
                .hasSizeGreaterThan(2)
                .hasSizeLessThan(50);
    }
}
