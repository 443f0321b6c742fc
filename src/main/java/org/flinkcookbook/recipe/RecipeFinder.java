package org.flinkcookbook.recipe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Finds recipe files: Markdown files under the recipes directory, searched recursively, that have
 * at least one {@code sql} block. Build output and hidden directories are not searched.
 */
public final class RecipeFinder {

    private final Path baseDirectory;
    private final RecipeParser parser = new RecipeParser();

    /** @param baseDirectory the project base directory, against which display paths are relative */
    public RecipeFinder(Path baseDirectory) {
        this.baseDirectory = baseDirectory.toAbsolutePath().normalize();
    }

    /**
     * Markdown files under {@code recipesDirectory} whose display path matches {@code filter}, in path
     * order. A file that cannot be read is still listed, so that it is reported instead of ignored.
     *
     * @param filter comma-separated globs or substrings of the display path, as {@code -Dtest=} in
     *     Surefire; blank selects every recipe
     */
    public List<Path> find(Path recipesDirectory, String filter) {
        Predicate<String> selected = selector(filter);
        return files(recipesDirectory, ".md").stream()
                .filter(file -> selected.test(displayPath(file)))
                .filter(this::isRecipe)
                .sorted()
                .toList();
    }

    /**
     * Expected files under {@code recipesDirectory} with no recipe beside them: their recipe was
     * renamed or deleted, so nothing compares with them any more. Those of recipes the filter
     * selects (by the recipe's path or the expected file's), in path order.
     */
    public List<Path> unreferencedExpected(Path recipesDirectory, String filter) {
        Predicate<String> selected = selector(filter);
        return files(recipesDirectory, ".expected").stream()
                .filter(expected -> selected.test(displayPath(expected))
                        || selected.test(displayPath(Recipe.recipeFileOf(expected))))
                .filter(expected ->
                        !Files.isRegularFile(Recipe.recipeFileOf(expected)) || !isRecipe(Recipe.recipeFileOf(expected)))
                .sorted()
                .toList();
    }

    /** Every file under the recipes directory whose name ends with {@code suffix}, in no particular order. */
    private List<Path> files(Path recipesDirectory, String suffix) {
        Path root = recipesDirectory.toAbsolutePath().normalize();
        try {
            // walkFileTree does not enter a start directory that is a symbolic link; walk its target, keep the link's
            // name.
            Path walked = Files.isSymbolicLink(root) ? root.toRealPath() : root;
            List<Path> found = new ArrayList<>();
            Files.walkFileTree(walked, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                    // .git, target and node_modules can hold many thousands of files, none of them recipes
                    return directory.equals(walked) || !isExcluded(directory)
                            ? FileVisitResult.CONTINUE
                            : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (Files.isRegularFile(file)
                            && file.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(suffix)
                            && inside(file, root, walked)) {
                        found.add(root.resolve(walked.relativize(file)));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot search " + root + " for recipes", e);
        }
    }

    /**
     * A recipe that is a symbolic link to a file outside the project is not read: it could be any
     * file. Nor is one under a recipes directory the checkout links outside the project (a link a
     * pull request commits); only a recipes directory the build configures outside is read there.
     *
     * @param root the recipes directory as configured
     * @param walked its real path, when it is a link
     */
    private boolean inside(Path file, Path root, Path walked) {
        try {
            Path real = file.toRealPath();
            return real.startsWith(baseDirectory.toRealPath())
                    || !root.startsWith(baseDirectory) && real.startsWith(walked.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    /** How a file is named in messages and reports: relative to the base directory, with '/'. */
    public String displayPath(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path shown = absolute.startsWith(baseDirectory) ? baseDirectory.relativize(absolute) : absolute;
        String path = shown.toString().replace('\\', '/');
        return path.isEmpty() ? "." : path; // the base directory itself
    }

    /** A Markdown file with a sql block, or one that cannot be read (listed so that it is reported, not ignored). */
    private boolean isRecipe(Path file) {
        try {
            return parser.isRecipe(RecipeParser.readUtf8(file, displayPath(file)));
        } catch (RecipeException unreadable) {
            return true;
        }
    }

    private static boolean isExcluded(Path directory) {
        String name = directory.getFileName().toString();
        return name.startsWith(".") || name.equals("target") || name.equals("node_modules");
    }

    static Predicate<String> selector(String filter) {
        List<Predicate<String>> patterns = filter == null
                ? List.of()
                : splitAtTopLevelCommas(filter).stream()
                        .map(String::trim)
                        .filter(pattern -> !pattern.isEmpty())
                        .map(RecipeFinder::pattern)
                        .toList();
        // a filter with no pattern in it, such as " , ", selects everything, as a blank one does
        return patterns.isEmpty() ? path -> true : path -> patterns.stream().anyMatch(pattern -> pattern.test(path));
    }

    /** The filter's patterns: a comma inside a glob's {@code {a,b}} does not separate patterns. */
    private static List<String> splitAtTopLevelCommas(String filter) {
        List<String> patterns = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < filter.length(); i++) {
            char c = filter.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && depth > 0) {
                depth--;
            } else if (c == ',' && depth == 0) {
                patterns.add(filter.substring(start, i));
                start = i + 1;
            }
        }
        patterns.add(filter.substring(start));
        return patterns;
    }

    private static Predicate<String> pattern(String pattern) {
        if (pattern.contains("*") || pattern.contains("?") || pattern.contains("[") || pattern.contains("{")) {
            PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
            PathMatcher anywhere = FileSystems.getDefault().getPathMatcher("glob:**/" + pattern);
            return path -> glob.matches(Path.of(path)) || anywhere.matches(Path.of(path));
        }
        return path -> path.contains(pattern);
    }
}
