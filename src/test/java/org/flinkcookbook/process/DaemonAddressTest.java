package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the warm engine listens: a directory nobody else may enter, a socket per project and build. */
class DaemonAddressTest {

    @TempDir
    Path parent;

    @Test
    void theDirectoryIsMadeForTheUserAlone() throws Exception {
        Path directory = DaemonAddress.userDirectory(parent);

        assertThat(directory.getFileName().toString()).isEqualTo("cookbook-daemons-" + System.getProperty("user.name"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)))
                .isEqualTo("rwx------");
        assertThat(DaemonAddress.userDirectory(parent)).isEqualTo(directory);
    }

    @Test
    void aDirectoryOthersMayEnterIsRefused() throws Exception {
        Path directory = Files.createDirectory(
                parent.resolve("cookbook-daemons-" + System.getProperty("user.name")),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

        assertThatThrownBy(() -> DaemonAddress.userDirectory(parent))
                .isInstanceOf(IOException.class)
                .hasMessage(directory + " is not a directory only " + System.getProperty("user.name")
                        + " may enter (owner and permissions rwx------)");
    }

    @Test
    void eachProjectAndBuildHasASocketOfItsOwnAndStopFindsAProjectsSockets() throws Exception {
        DaemonAddress one = DaemonAddress.of(parent.resolve("one"), "build 1");
        DaemonAddress other = DaemonAddress.of(parent.resolve("other"), "build 1");
        DaemonAddress rebuilt = DaemonAddress.of(parent.resolve("one"), "build 2");

        assertThat(one.socket()).isNotEqualTo(other.socket()).isNotEqualTo(rebuilt.socket());
        assertThat(one.socket()
                        .getFileSystem()
                        .getPathMatcher("glob:" + DaemonAddress.socketsOf(parent.resolve("one"))))
                .satisfies(matcher -> {
                    assertThat(matcher.matches(one.socket().getFileName())).isTrue();
                    assertThat(matcher.matches(rebuilt.socket().getFileName())).isTrue();
                    assertThat(matcher.matches(other.socket().getFileName())).isFalse();
                });
        assertThat(one.socket().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .as("a Unix socket's path has about 100 bytes at most")
                .isLessThan(100);
    }
}
