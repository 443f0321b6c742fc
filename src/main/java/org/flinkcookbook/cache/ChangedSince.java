package org.flinkcookbook.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The files that differ from a git revision ({@code cookbook.changedSince}): changed, added or
 * deleted tracked files, compared with the working tree, and untracked files git does not ignore.
 */
public final class ChangedSince {

    private final String ref;
    private final Set<Path> changed;
    private final Path baseDirectory;

    private ChangedSince(String ref, Set<Path> changed, Path baseDirectory) {
        this.ref = ref;
        this.changed = changed;
        this.baseDirectory = baseDirectory;
    }

    /**
     * Asks git in {@code directory}, which must lie in a git working tree where {@code ref} names a
     * commit. The reference is never read as an option: one that starts with {@code -} is refused,
     * and git resolves it to a commit ({@code rev-parse --verify --end-of-options REF^{commit}})
     * before the diff is taken against that commit's id.
     */
    public static ChangedSince ask(String ref, Path directory) {
        if (ref.isEmpty() || ref.startsWith("-")) {
            throw new IllegalArgumentException(
                    "cookbook.changedSince=" + ref
                            + " is not a git revision (a revision never starts with '-', and git would read it as an option);"
                            + " name a commit of the repository the cookbook is in, such as -Dcookbook.changedSince=origin/main");
        }
        Path workTree = workTree(directory);
        String commit = git(directory, workTree, "rev-parse", "--verify", "--end-of-options", ref + "^{commit}")
                .strip();
        Path top =
                Path.of(git(directory, workTree, "rev-parse", "--show-toplevel").strip());
        Set<Path> changed = new HashSet<>();
        for (String name : names(git(directory, workTree, "diff", "--name-only", "-z", commit, "--"))) {
            changed.add(top.resolve(name).normalize());
        }
        for (String name :
                names(git(directory, workTree, "ls-files", "--others", "--exclude-standard", "--full-name", "-z"))) {
            changed.add(top.resolve(name).normalize());
        }
        return new ChangedSince(ref, Set.copyOf(changed), directory);
    }

    public String ref() {
        return ref;
    }

    /** True when a changed file is one {@code affects} accepts. */
    public boolean touches(Predicate<Path> affects) {
        return changed.stream().anyMatch(affects);
    }

    /** True when the project's build files changed ({@code pom.xml}, {@code .mvn}): the plugin or Flink version, options. */
    public boolean touchesBuild() {
        RecipeInputs build = RecipeInputs.of(List.of(baseDirectory.resolve("pom.xml"), baseDirectory.resolve(".mvn")));
        return touches(build::affectedBy);
    }

    private static List<String> names(String output) {
        return Arrays.stream(output.split("\0")).filter(name -> !name.isBlank()).toList();
    }

    /**
     * The work tree the project is in: the nearest directory, the project's or above, that holds a
     * {@code .git} (the repository's directory, or the file of a linked work tree or submodule).
     * Git is told it, rather than left to find the repository itself: a directory holding
     * {@code HEAD}, {@code objects} and {@code refs} is a repository to git, so a pull request that
     * commits them (and a {@code config} naming a {@code core.fsmonitor} command) into a project
     * below the top of the checkout would have git run its command. No pull request can commit a
     * {@code .git}.
     */
    static Path workTree(Path directory) {
        Path absolute = directory.toAbsolutePath().normalize();
        for (Path each = absolute; each != null; each = each.getParent()) {
            if (Files.exists(each.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                return each;
            }
        }
        throw new IllegalArgumentException("cookbook.changedSince needs git: " + absolute
                + " is not in a git work tree (no .git in it or above it); run the build in a clone of the"
                + " repository, or leave cookbook.changedSince unset");
    }

    private static String git(Path directory, Path workTree, String... arguments) {
        List<String> command = new ArrayList<>(List.of(
                "git",
                "--git-dir=" + workTree.resolve(".git"),
                "--work-tree=" + workTree,
                "-c",
                "core.fsmonitor=false",
                "-c",
                "safe.bareRepository=explicit",
                "-C",
                directory.toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalArgumentException(
                        "cookbook.changedSince needs git: '" + String.join(" ", command) + "' failed: " + output.strip()
                                + "; name a commit of the repository the cookbook is in, or leave cookbook.changedSince unset");
            }
            return output;
        } catch (IOException e) {
            throw new IllegalArgumentException("cookbook.changedSince needs git on the PATH: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking git what changed", e);
        }
    }
}
