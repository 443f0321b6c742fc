package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Annotations name recipes as GitHub does: relative to the repository, not to the cookbook's POM. */
class RepositoryRootTest {

    @TempDir
    Path directory;

    @Test
    void githubWorkspaceWhenSet() {
        assertThat(RepositoryRoot.of(directory.resolve("repo/recipes"), "/home/runner/work/repo"))
                .isEqualTo(Path.of("/home/runner/work/repo"));
    }

    @Test
    void elseTheTopOfTheGitWorkTreeTheProjectIsIn() throws Exception {
        Files.createDirectories(directory.resolve("repo/.git"));
        Files.createDirectories(directory.resolve("repo/recipes"));
        // a linked work tree has a .git file instead of a directory
        Files.createDirectories(directory.resolve("linked/recipes"));
        Files.writeString(directory.resolve("linked/.git"), "gitdir: /elsewhere/.git/worktrees/linked\n");

        assertThat(RepositoryRoot.of(directory.resolve("repo/recipes"), null)).isEqualTo(directory.resolve("repo"));
        assertThat(RepositoryRoot.of(directory.resolve("linked/recipes"), " ")).isEqualTo(directory.resolve("linked"));
    }

    @Test
    void elseTheProjectItself() throws Exception {
        Path project = Files.createDirectories(directory.resolve("cookbook"));

        for (Path parent = directory; parent != null; parent = parent.getParent()) {
            assumeFalse(Files.exists(parent.resolve(".git")), "the temporary directory is inside a Git work tree");
        }

        assertThat(RepositoryRoot.of(project, null)).isEqualTo(project);
    }
}
