package org.flinkcookbook.cache;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.FileDigests;

/**
 * Remembers which recipes passed, and on what: a hash of every input of the recipe (its Markdown,
 * expected file and the fixtures it reads, see {@link RecipeInputs}) and of the settings that
 * change results (engine, Flink and plugin build, options). A recipe whose hash is the one it
 * passed with is not run again. The hash is taken before the recipe runs, so a file saved while
 * it runs makes the next run run it again.
 */
public final class RecipeCache {

    private static final String FILE_NAME = "passed.txt";
    private static final RecipeCache NONE = new RecipeCache(null, "", null, null, null);

    private final Path file;
    private final String settings;
    private final RecipeInputs inputs;
    private final Path baseDirectory;
    private final ChangedSince changedSince;
    private final Map<String, String> passed = new ConcurrentHashMap<>();

    private RecipeCache(
            Path directory, String settings, RecipeInputs inputs, Path baseDirectory, ChangedSince changedSince) {
        this.file = directory == null ? null : directory.resolve(FILE_NAME);
        this.settings = settings;
        this.inputs = inputs;
        this.baseDirectory = baseDirectory;
        this.changedSince = changedSince;
    }

    /** A cache that remembers nothing: every recipe runs (cookbook.cache=false, and cookbook:expected). */
    public static RecipeCache none() {
        return NONE;
    }

    /**
     * The cache stored in {@code directory}, or an empty one there.
     *
     * @param directory where the cache is kept; null to remember nothing (cookbook.cache=false)
     * @param settings everything besides the recipe's files that changes its results, as text:
     *     the engine and its Flink version, and the options; the plugin's build is added here
     * @param changedSince the files changed since cookbook.changedSince, or null to run every recipe
     */
    public static RecipeCache open(
            Path directory,
            String settings,
            Path baseDirectory,
            Path recipesDirectory,
            Path fixturesDirectory,
            ChangedSince changedSince) {
        RecipeCache cache = new RecipeCache(
                directory,
                settings + "\nplugin " + pluginBuild(),
                new RecipeInputs(baseDirectory, recipesDirectory, fixturesDirectory),
                baseDirectory.toAbsolutePath().normalize(),
                changedSince);
        if (cache.file != null && Files.isRegularFile(cache.file)) {
            try {
                for (String line : Files.readAllLines(cache.file, StandardCharsets.UTF_8)) {
                    int space = line.indexOf(' ');
                    if (space > 0) {
                        cache.passed.put(line.substring(space + 1), line.substring(0, space));
                    }
                }
            } catch (IOException unreadable) {
                cache.passed.clear(); // a cache that cannot be read only costs runs
            }
        }
        return cache;
    }

    /**
     * The recipes to run: all of them, or with cookbook.changedSince those whose inputs changed
     * since that revision, and all of them when the project's build files (the plugin or Flink
     * version, options) changed.
     */
    public List<Path> select(List<Path> recipes) {
        if (changedSince == null
                || changedSince.touches(Set.of(baseDirectory.resolve("pom.xml"), baseDirectory.resolve(".mvn")))) {
            return recipes;
        }
        return recipes.stream()
                .filter(recipe -> changedSince.touches(inputs.of(recipe)))
                .toList();
    }

    /** The revision of cookbook.changedSince, if set. */
    public Optional<String> changedSinceRef() {
        return Optional.ofNullable(changedSince).map(ChangedSince::ref);
    }

    /** What the cache knows of one recipe, taken before it runs. */
    public Entry entry(Path recipe, String displayPath) {
        if (file == null) {
            return new Entry(displayPath, null, false);
        }
        String hash = hashOf(recipe);
        return new Entry(displayPath, hash, hash.equals(passed.get(displayPath)));
    }

    /** Writes what passed, atomically; nothing for a cache that remembers nothing. */
    public void save() throws IOException {
        if (file == null) {
            return;
        }
        String text = new TreeMap<>(passed)
                .entrySet().stream()
                        .map(entry -> entry.getValue() + " " + entry.getKey() + "\n")
                        .collect(Collectors.joining());
        AtomicFiles.write(file, text);
    }

    /** One recipe's hash, and whether it passed with it before. */
    public final class Entry {
        private final String displayPath;
        private final String hash;
        private final boolean unchangedSincePassed;

        private Entry(String displayPath, String hash, boolean unchangedSincePassed) {
            this.displayPath = displayPath;
            this.hash = hash;
            this.unchangedSincePassed = unchangedSincePassed;
        }

        /** True when the recipe passed before with exactly these inputs and settings: it need not run. */
        public boolean unchangedSincePassed() {
            return unchangedSincePassed;
        }

        /** Records how the run of the recipe came out: a pass is remembered, anything else forgotten. */
        public void record(boolean recipePassed) {
            if (hash == null) {
                return;
            }
            if (recipePassed) {
                passed.put(displayPath, hash);
            } else {
                passed.remove(displayPath);
            }
        }
    }

    private String hashOf(Path recipe) {
        MessageDigest digest = FileDigests.sha256();
        digest.update(settings.getBytes(StandardCharsets.UTF_8));
        for (Path input : inputs.of(recipe)) {
            for (Path each : RecipeInputs.filesOf(input).toList()) {
                digest.update(("\n" + shown(each) + " ").getBytes(StandardCharsets.UTF_8));
                digest.update(FileDigests.of(each));
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Paths relative to the project, so that a cache kept by CI fits another checkout directory. */
    private String shown(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return (absolute.startsWith(baseDirectory) ? baseDirectory.relativize(absolute) : absolute)
                .toString()
                .replace('\\', '/');
    }

    /**
     * The plugin's own build: its version, and the hash of its jar, since a SNAPSHOT rebuilt with
     * other code keeps its version. Run from a class directory (the plugin's own tests), only the version.
     */
    public static String pluginBuild() {
        String version = String.valueOf(RecipeCache.class.getPackage().getImplementationVersion());
        CodeSource source = RecipeCache.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return version;
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location)
                    ? version + " " + HexFormat.of().formatHex(FileDigests.of(location))
                    : version;
        } catch (URISyntaxException | IllegalArgumentException notAFile) {
            return version;
        }
    }
}
