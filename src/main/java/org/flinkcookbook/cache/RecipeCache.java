package org.flinkcookbook.cache;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.stream.Stream;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.result.StatementResult;

/**
 * Remembers which recipes passed, and on what: a hash of every input of the recipe (its Markdown,
 * expected file and the fixtures it reads, see {@link RecipeInputs}) and of the settings that
 * change results (engine, Flink and plugin build, options). A recipe whose hash is the one it
 * passed with is not run again; its results and warnings are kept beside the hash
 * ({@code results/HASH.json}), so that its report says what the run that passed said. The hash is
 * taken before the recipe runs, so a file saved while it runs makes the next run run it again.
 */
public final class RecipeCache {

    private static final String FILE_NAME = "passed.txt";
    private static final String RESULTS_DIRECTORY = "results";
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final RecipeCache NONE = new RecipeCache(null, "", null, null, null);

    private final Path file;
    private final String settings;
    private final RecipeInputs inputs;
    private final Path baseDirectory;
    private final ChangedSince changedSince;
    private final Map<String, String> passed = new ConcurrentHashMap<>();
    /** What the recipes that passed in this run gave, by hash, to be written with the cache. */
    private final Map<String, Passed> passedNow = new ConcurrentHashMap<>();

    /** What a recipe that passed gave: its report shows them again when it is not run. */
    private record Passed(List<StatementResult> results, List<String> warnings) {}

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
            return new Entry(displayPath, null, null);
        }
        String hash = hashOf(recipe);
        return new Entry(displayPath, hash, hash.equals(passed.get(displayPath)) ? stored(hash) : null);
    }

    /** What the recipe gave when it passed with this hash; null when that is not kept (a cache of an older plugin). */
    private Passed stored(String hash) {
        Path results = resultsFile(hash);
        try {
            return Files.isRegularFile(results) ? JSON.readValue(results.toFile(), Passed.class) : null;
        } catch (IOException unreadable) {
            return null; // it only costs a run
        }
    }

    private Path resultsFile(String hash) {
        return file.resolveSibling(RESULTS_DIRECTORY).resolve(hash + ".json");
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
        for (Map.Entry<String, Passed> now : passedNow.entrySet()) {
            if (passed.containsValue(now.getKey())) {
                AtomicFiles.write(resultsFile(now.getKey()), JSON.writeValueAsString(now.getValue()));
            }
        }
        AtomicFiles.write(file, text);
        forgetResultsOfNoPass();
    }

    /** Deletes the results of hashes no recipe passed with any more. */
    private void forgetResultsOfNoPass() throws IOException {
        Path directory = file.resolveSibling(RESULTS_DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> stored = Files.list(directory)) {
            for (Path results : stored.toList()) {
                String name = results.getFileName().toString();
                if (name.endsWith(".json") && !passed.containsValue(name.substring(0, name.length() - 5))) {
                    Files.deleteIfExists(results);
                }
            }
        }
    }

    /** One recipe's hash, and what it gave when it passed with it before. */
    public final class Entry {
        private final String displayPath;
        private final String hash;
        private final Passed passedBefore;

        private Entry(String displayPath, String hash, Passed passedBefore) {
            this.displayPath = displayPath;
            this.hash = hash;
            this.passedBefore = passedBefore;
        }

        /** True when the recipe passed before with exactly these inputs and settings: it need not run. */
        public boolean unchangedSincePassed() {
            return passedBefore != null;
        }

        /** The results of the run that passed; empty unless {@link #unchangedSincePassed()}. */
        public List<StatementResult> results() {
            return passedBefore == null ? List.of() : passedBefore.results();
        }

        /** The warnings of the run that passed; empty unless {@link #unchangedSincePassed()}. */
        public List<String> warnings() {
            return passedBefore == null ? List.of() : passedBefore.warnings();
        }

        /**
         * Records how the run of the recipe came out: a pass is remembered with its results and
         * warnings, anything else forgotten.
         */
        public void record(boolean recipePassed, List<StatementResult> results, List<String> warnings) {
            if (hash == null) {
                return;
            }
            if (recipePassed) {
                passedNow.put(hash, new Passed(List.copyOf(results), List.copyOf(warnings)));
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
