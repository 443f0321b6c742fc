package org.flinkcookbook.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.fs.FileSystem;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads through Flink's own file system API, as connectors and formats do, while a run allows the project. */
class FileAccessTest {

    @TempDir
    Path root;

    private Path project;
    private Path canary;
    private FileAccess.Allowance allowance;

    @BeforeEach
    void project() throws Exception {
        project = Files.createDirectories(root.resolve("project"));
        Files.createDirectories(project.resolve("fixtures/sub"));
        Files.writeString(project.resolve("fixtures/in.csv"), "inside\n");
        canary = Files.writeString(root.resolve("canary.txt"), "CANARY\n");
        GuardedFileSystem.install(); // as the Flink engine does
        allowance = FileAccess.allow(project, project.resolve("fixtures"), List.of(project.resolve("out/reports")));
    }

    @AfterEach
    void close() {
        allowance.close();
    }

    private static String read(String uri) throws Exception {
        org.apache.flink.core.fs.Path path = new org.apache.flink.core.fs.Path(uri);
        try (InputStream in = FileSystem.get(path.toUri()).open(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void flinkReadsFilesUnderTheProject() throws Exception {
        assertThat(read(project.resolve("fixtures/in.csv").toUri().toString())).isEqualTo("inside\n");
        assertThat(read(project.resolve("fixtures/sub/../in.csv").toString())).isEqualTo("inside\n");
    }

    @Test
    void flinkReadsNothingOutsideTheProjectHoweverThePathIsWritten() throws Exception {
        String outside = canary.toString();
        for (String path : new String[] {
            outside,
            "file://" + outside,
            "file:" + outside,
            project + "/fixtures/{x}/../../../canary.txt",
            project + "/fixtures/sub/../../../canary.txt",
            "file:../canary.txt",
            "../canary.txt"
        }) {
            // Flink's own Path refuses file:../ outright
            assertThatThrownBy(() -> read(path))
                    .as(path)
                    .isInstanceOfAny(AccessDeniedException.class, IllegalArgumentException.class)
                    .hasMessageNotContaining("CANARY");
            assertThatThrownBy(() -> FileAccess.readable(path))
                    .as(path)
                    .isInstanceOfAny(AccessDeniedException.class, IllegalArgumentException.class);
        }
    }

    @Test
    void aSymbolicLinkUnderTheFixturesIsJudgedByItsTarget() throws Exception {
        Files.createSymbolicLink(project.resolve("fixtures/sub/link.csv"), canary);
        Files.createSymbolicLink(project.resolve("fixtures/dir"), root);

        assertThatThrownBy(() -> read(project.resolve("fixtures/sub/link.csv").toString()))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> read(project.resolve("fixtures/dir/canary.txt").toString()))
                .isInstanceOf(AccessDeniedException.class);
        org.apache.flink.core.fs.Path directory = new org.apache.flink.core.fs.Path(
                project.resolve("fixtures/dir").toString());
        assertThatThrownBy(() -> FileSystem.get(directory.toUri()).listStatus(directory))
                .isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void relativePathsAreRelativeToTheProjectWhateverTheWorkingDirectory() throws Exception {
        assertThat(read("fixtures/in.csv")).isEqualTo("inside\n");
        assertThat(FileAccess.readable("fixtures/in.csv"))
                .isEqualTo(project.resolve("fixtures/in.csv").toRealPath());
        org.apache.flink.core.fs.Path relative = new org.apache.flink.core.fs.Path("fixtures/in.csv");
        assertThat(relative.makeQualified(FileSystem.get(relative.toUri()))
                        .toUri()
                        .getPath())
                .isEqualTo(project.toRealPath().resolve("fixtures/in.csv").toString());
    }

    @Test
    void nothingIsWrittenNotEvenUnderTheProject() throws Exception {
        org.apache.flink.core.fs.Path file =
                new org.apache.flink.core.fs.Path(project.resolve("out.csv").toString());
        FileSystem fs = FileSystem.get(file.toUri());

        assertThatThrownBy(() -> fs.create(file, FileSystem.WriteMode.OVERWRITE))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> fs.delete(
                        new org.apache.flink.core.fs.Path(
                                project.resolve("fixtures/in.csv").toString()),
                        false))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(fs::createRecoverableWriter).isInstanceOf(AccessDeniedException.class);
        org.apache.flink.core.fs.Path made =
                new org.apache.flink.core.fs.Path(root.resolve("made").toString());
        assertThat(fs.exists(made)).isFalse();
        assertThat(fs.mkdirs(made)).isTrue();
        assertThat(fs.exists(new org.apache.flink.core.fs.Path(canary.toString())))
                .as("outside, as far as recipes can tell")
                .isFalse();
        assertThat(root.resolve("made")).doesNotExist();
    }

    @Test
    void otherSchemesAreNotLocalFiles() {
        assertThatThrownBy(() -> FileAccess.readable("s3://bucket/canary.txt"))
                .isInstanceOf(AccessDeniedException.class)
                .hasMessageContaining("'s3' is not");
    }

    /** Refused by the guarded file system as Flink opens it, and by the rule the simulator and fixture checks ask. */
    private void assertRefused(String path, String because) {
        assertThatThrownBy(() -> read(path))
                .as(path)
                .isInstanceOf(AccessDeniedException.class)
                .hasMessageContaining(because)
                .hasMessageNotContaining("TOKEN");
        assertThatThrownBy(() -> FileAccess.readable(path))
                .as(path)
                .isInstanceOf(AccessDeniedException.class)
                .hasMessageContaining(because);
    }

    @Test
    void gitDirectoriesAnywhereInTheProjectAreRefusedAndSoIsALinkToOne() throws Exception {
        Recipes.fixture(project, ".git/config", "extraheader = AUTHORIZATION: basic FAKE-TOKEN\n");
        Recipes.fixture(project, "fixtures/vendored/.git/config", "FAKE-TOKEN\n");
        Recipes.fixture(project, "fixtures/sub/.GIT", "gitdir: FAKE-TOKEN\n");
        Files.createSymbolicLink(project.resolve("fixtures/config.csv"), project.resolve(".git/config"));
        Files.createSymbolicLink(project.resolve("fixtures/repository"), project.resolve(".git"));

        for (String path : new String[] {
            ".git/config",
            project.resolve(".git/config").toUri().toString(),
            project.resolve("fixtures/../.git/config").toString(),
            "fixtures/vendored/.git/config",
            "fixtures/sub/.GIT",
            "fixtures/config.csv",
            "fixtures/repository/config"
        }) {
            assertRefused(path, "it lies in a Git directory (.git)");
        }
        assertThat(read("fixtures/in.csv")).isEqualTo("inside\n");
    }

    @Test
    void theBuildDirectoryAndTheDirectoriesTheRunWritesAreRefused() throws Exception {
        Recipes.fixture(project, "target/cookbook/report.json", "{}");
        Recipes.fixture(project, "out/reports/TEST-a.xml", "<x/>");
        Files.createSymbolicLink(
                project.resolve("fixtures/report.csv"), project.resolve("target/cookbook/report.json"));

        assertRefused("target/cookbook/report.json", "target, which the build writes");
        assertRefused("fixtures/report.csv", "target, which the build writes");
        assertRefused("out/reports/TEST-a.xml", "reports, which the build writes");
    }

    @Test
    void fixturesKeptInTheBuildDirectoryAreReadButNothingElseThere(@TempDir Path other) throws Exception {
        Path generated = Files.createDirectories(other.resolve("target/generated-fixtures"));
        Files.writeString(generated.resolve("g.csv"), "generated\n");
        Files.writeString(other.resolve("target/written.txt"), "written\n");
        try (FileAccess.Allowance second = FileAccess.allow(other, generated, List.of())) {
            assertThat(read(generated.resolve("g.csv").toString())).isEqualTo("generated\n");
            assertRefused(other.resolve("target/written.txt").toString(), "which the build writes");
        }
    }

    @Test
    void onlyRegularFilesAndDirectoriesAreReadNeverAFifoASocketOrTheSystemsFiles() throws Exception {
        Path fifo = project.resolve("fixtures/fifo.csv");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(mkfifo.exitValue()).isZero();
        Path socket = project.resolve("fixtures/socket.csv");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Files.createSymbolicLink(project.resolve("fixtures/self.csv"), Path.of("/proc/self/environ"));
            Files.createSymbolicLink(project.resolve("fixtures/zero.csv"), Path.of("/dev/zero"));

            // a FIFO would block the reader until someone writes: refused before it is opened
            assertRefused("fixtures/fifo.csv", "it is not a regular file");
            assertRefused("fixtures/socket.csv", "it is not a regular file");
            assertRefused("fixtures/self.csv", "it lies in /proc, /sys or /dev");
            assertRefused("fixtures/zero.csv", "it lies in /proc, /sys or /dev");
            assertRefused("/proc/self/pagemap", "it lies in /proc, /sys or /dev");
        }
        org.apache.flink.core.fs.Path directory = new org.apache.flink.core.fs.Path(
                project.resolve("fixtures/sub").toString());
        assertThat(FileSystem.get(directory.toUri()).listStatus(directory)).isEmpty();
    }

    @Test
    void aFileWithOtherNamesIsNotReadSinceOneMayBeAGitFileOrOneOutside() throws Exception {
        Path git = Files.createDirectories(project.resolve(".git"));
        Path config = Files.writeString(git.resolve("config"), "extraheader = TOKEN7e1f\n");
        Files.createLink(project.resolve("fixtures/config.csv"), config);
        Files.createLink(project.resolve("fixtures/canary.csv"), canary);

        assertRefused("fixtures/config.csv", "it has other names (hard links)");
        assertRefused(".git/config", "it lies in a Git directory"); // the reason that says most
        assertRefused(project.resolve("fixtures/canary.csv").toUri().toString(), "it has other names (hard links)");
        assertThat(read(project.resolve("fixtures/in.csv").toString())).isEqualTo("inside\n");
    }
}
