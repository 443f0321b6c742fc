package org.flinkcookbook.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.core.fs.FileSystem;
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
        allowance = FileAccess.allow(project, project.resolve("fixtures"));
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
}
