package org.flinkcookbook.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.JUnitReport;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No link on the way of a written, read or deleted file is followed: a linked directory under target/ sends nothing outside. */
class AtomicFilesTest {

    @TempDir
    Path project;

    @TempDir
    Path outside;

    @Test
    void aFileIsWrittenAndItsMissingDirectoriesMade() throws IOException {
        AtomicFiles.write(project.resolve("target/cookbook/report.json"), "{}");

        assertThat(project.resolve("target/cookbook/report.json")).hasContent("{}");
        assertThat(AtomicFiles.readIfPresent(project.resolve("target/cookbook/report.json")))
                .hasValueSatisfying(bytes -> assertThat(new String(bytes)).isEqualTo("{}"));
        assertThat(AtomicFiles.readIfPresent(project.resolve("target/none.json")))
                .isEmpty();
    }

    @Test
    void aFileWhoseNameIsNearlyAsLongAsANameMayBeIsWrittenToo() throws IOException {
        // a recipe named with 240 characters: its expected file's name is 249 bytes, its temporary one's was more
        Path file = project.resolve("recipes/" + "l".repeat(240) + ".expected");

        AtomicFiles.write(file, "values\n");

        assertThat(file).hasContent("values");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aLinkedDirectoryAnywhereOnThePathIsRefusedWithASentenceAndNothingHappensOutside() throws IOException {
        Files.writeString(outside.resolve("keep.json"), "mine");
        Files.createDirectories(project.resolve("target"));
        Files.createSymbolicLink(project.resolve("target/cookbook"), outside);

        for (Path linked : List.of(
                project.resolve("target/cookbook/report.json"), project.resolve("target/cookbook/cache/x.json"))) {
            assertThatThrownBy(() -> AtomicFiles.write(linked, "{}"))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(project.resolve("target/cookbook") + " is a symbolic link")
                    .hasMessageEndingWith("rm " + project.resolve("target/cookbook"));
        }
        assertThatThrownBy(() -> AtomicFiles.delete(project.resolve("target/cookbook/keep.json")))
                .hasMessageContaining("is a symbolic link");
        assertThatThrownBy(() -> AtomicFiles.readIfPresent(project.resolve("target/cookbook/keep.json")))
                .hasMessageContaining("is a symbolic link");

        try (var listed = Files.list(outside)) {
            assertThat(listed.toList()).containsExactly(outside.resolve("keep.json"));
        }
        assertThat(outside.resolve("keep.json")).hasContent("mine");
    }

    @Test
    void aLinkInADirectoryThisUserMayNotWriteIsTheSystemsAndIsFollowed() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may write every directory");
        Path system = Files.createDirectory(outside.resolve("system"));
        Files.createSymbolicLink(system.resolve("var"), project);
        Files.setPosixFilePermissions(system, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            AtomicFiles.write(system.resolve("var/target/cookbook/report.json"), "{}");

            assertThat(project.resolve("target/cookbook/report.json")).hasContent("{}");
        } finally {
            Files.setPosixFilePermissions(system, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aFileThatIsALinkIsNeitherReplacedThroughNorRead() throws IOException {
        Files.writeString(outside.resolve("secret"), "secret");
        Files.createSymbolicLink(project.resolve("report.json"), outside.resolve("secret"));

        assertThatThrownBy(() -> AtomicFiles.write(project.resolve("report.json"), "{}"))
                .hasMessageContaining("is a symbolic link");
        assertThatThrownBy(() -> AtomicFiles.readIfPresent(project.resolve("report.json")))
                .hasMessageContaining("is a symbolic link");
        assertThat(outside.resolve("secret")).hasContent("secret");
    }

    @Test
    void theJUnitDirectoryIsNotFollowedWhenItIsALink() throws IOException {
        Files.createDirectories(project.resolve("target"));
        Files.createSymbolicLink(project.resolve("target/cookbook-reports"), outside);

        assertThatThrownBy(() -> JUnitReport.write(
                        project.resolve("target/cookbook-reports"),
                        "simulator",
                        List.of(RecipeOutcome.of("recipes/a.md", RecipeStatus.PASSED)
                                .build()),
                        GoalCommand.PREFIX,
                        true))
                .hasMessageContaining("is a symbolic link");
        try (var listed = Files.list(outside)) {
            assertThat(listed.toList()).isEmpty();
        }
    }
}
