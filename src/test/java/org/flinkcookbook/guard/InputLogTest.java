package org.flinkcookbook.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.core.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a recipe read is recorded where reads are enforced: Flink's guarded file system, and every read through FileAccess. */
class InputLogTest {

    @TempDir
    Path root;

    @Test
    void everyFileFlinkOpensListsOrAsksAboutIsRecordedByItsRealPathAndTheLinksOnItsWayWhileTheLogIsOpen()
            throws Exception {
        Path project = Files.createDirectories(root.resolve("project"));
        Path data = Files.writeString(
                Files.createDirectories(project.resolve("fixtures/shared")).resolve("data.csv"), "1\n");
        Files.createSymbolicLink(project.resolve("fixtures/alias.csv"), data);
        Path outside = Files.writeString(root.resolve("secret.csv"), "CANARY\n");
        GuardedFileSystem.install(); // as the Flink engine does
        InputLog before = InputLog.open();
        before.close();
        try (FileAccess.Allowance allowance = FileAccess.allow(project, project.resolve("fixtures"), List.of());
                InputLog log = InputLog.open()) {
            org.apache.flink.core.fs.Path alias = new org.apache.flink.core.fs.Path("fixtures/alias.csv");
            FileSystem fs = FileSystem.get(alias.toUri());
            try (InputStream in = fs.open(alias)) {
                in.readAllBytes();
            }
            fs.listStatus(new org.apache.flink.core.fs.Path(
                    project.resolve("fixtures/shared").toUri()));
            fs.exists(new org.apache.flink.core.fs.Path(
                    project.resolve("fixtures/none.csv").toUri()));
            assertThatThrownBy(() -> fs.open(new org.apache.flink.core.fs.Path(outside.toUri())));

            Path fixtures = project.resolve("fixtures").toRealPath();
            assertThat(log.files())
                    .containsExactly(
                            fixtures.resolve("alias.csv"), // the link: pointed elsewhere, another file is read
                            fixtures.resolve("none.csv"),
                            fixtures.resolve("shared"),
                            data.toRealPath());
        }
        assertThat(before.files()).as("a closed log records nothing").isEmpty();
    }
}
