package org.flinkcookbook.run;

import java.nio.file.Files;
import java.nio.file.Path;

/** The directory GitHub names a recipe's path against in an annotation: the repository's root. */
public final class RepositoryRoot {

    private RepositoryRoot() {}

    /**
     * {@code GITHUB_WORKSPACE} when set (the checked-out repository on GitHub Actions), else the top
     * of the Git work tree the project is in ({@code .git} is a directory there, or a file in a
     * linked work tree), else the project itself.
     */
    public static Path of(Path project, String githubWorkspace) {
        if (githubWorkspace != null && !githubWorkspace.isBlank()) {
            return Path.of(githubWorkspace);
        }
        Path absolute = project.toAbsolutePath().normalize();
        for (Path directory = absolute; directory != null; directory = directory.getParent()) {
            if (Files.exists(directory.resolve(".git"))) {
                return directory;
            }
        }
        return absolute;
    }
}
