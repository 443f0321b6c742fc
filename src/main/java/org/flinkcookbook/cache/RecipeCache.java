package org.flinkcookbook.cache;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.result.StatementResult;

/**
 * Remembers which recipes passed, and on what: the settings' fingerprint, and every input of the
 * run that passed ({@link RecipeInputs}: the recipe's Markdown and expected file, and the files
 * the engine read for it) with the hash each had. A recipe whose stored pass has the fingerprint
 * of this run and whose inputs all hash as stored is not run again; its results and warnings are
 * kept with the pass, so that its report says what the run that passed said. The passes live in a
 * {@link CacheDirectory} outside the checkout, each authenticated. An input saved while the recipe
 * runs is not remembered with the pass, so the next run runs it again.
 */
public final class RecipeCache {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final RecipeCache NONE = new RecipeCache(null, "", null, Duration.ZERO);

    private final CacheDirectory store;
    private final String fingerprint;
    private final ChangedSince changedSince;
    private final Duration hashingTime;
    /** What to write or delete at {@link #save()}, by entry name: a pass, or null to forget one. */
    private final Map<String, Optional<Stored>> changes = new ConcurrentHashMap<>();

    /**
     * A pass as stored.
     *
     * @param recipe the recipe's display path
     * @param fingerprint the settings' fingerprint it passed with
     * @param inputs each input's path and hash ({@link FileDigests#ofInput})
     */
    record Stored(
            String recipe,
            String fingerprint,
            Map<String, String> inputs,
            List<StatementResult> results,
            List<String> warnings) {}

    /**
     * The passes kept in {@code store}.
     *
     * @param store where passes are kept; null to remember nothing (cookbook.cache=false)
     * @param fingerprint the hash of every setting that changes a result (see run.RunSettings#fingerprint)
     * @param changedSince the files changed since cookbook.changedSince, or null to run every recipe
     * @param hashingTime how long hashing one recipe's inputs may take before it counts as changed
     */
    public RecipeCache(CacheDirectory store, String fingerprint, ChangedSince changedSince, Duration hashingTime) {
        this.store = store;
        this.fingerprint = fingerprint;
        this.changedSince = changedSince;
        this.hashingTime = hashingTime;
    }

    /** A cache that remembers nothing: every recipe runs (cookbook.cache=false, and cookbook:expected). */
    public static RecipeCache none() {
        return NONE;
    }

    /**
     * Which of the recipes found run and which are reported from the cache: the one place that
     * decides it. With cookbook.changedSince, only the recipes whose inputs changed since that
     * revision are selected (all of them when the project's build files changed); a recipe without
     * a stored record of what it read counts every changed file as its input but the other
     * recipes' Markdown and expected files.
     *
     * @param displayPath a recipe's path as reports show it
     */
    public Selection select(List<Path> found, Function<Path, String> displayPath) {
        Map<Path, Entry> selected = new LinkedHashMap<>();
        for (Path recipe : found) {
            Entry entry = entry(recipe, displayPath.apply(recipe));
            if (changedSince == null || changedSince.touchesBuild() || touched(recipe, entry, found)) {
                selected.put(recipe, entry);
            }
        }
        return new Selection(selected);
    }

    private boolean touched(Path recipe, Entry entry, List<Path> found) {
        return entry.recorded == null
                ? changedSince.touches(changed -> RecipeInputs.affectsUnrecorded(recipe, changed, found))
                : changedSince.touches(entry.recorded::affectedBy);
    }

    /** The revision of cookbook.changedSince, if set. */
    public Optional<String> changedSinceRef() {
        return Optional.ofNullable(changedSince).map(ChangedSince::ref);
    }

    /** The recipes a run selected, and what the cache knows of each. */
    public static final class Selection {
        private final Map<Path, Entry> entries;

        private Selection(Map<Path, Entry> entries) {
            this.entries = entries;
        }

        /** The selected recipes, in the order they were found. */
        public List<Path> recipes() {
            return List.copyOf(entries.keySet());
        }

        /** What the cache knows of a selected recipe. */
        public Entry entry(Path recipe) {
            return entries.get(recipe);
        }

        /** True when recipes were selected and each is reported from the cache: no engine need start. */
        public boolean runsNone() {
            return !entries.isEmpty() && entries.values().stream().allMatch(Entry::unchangedSincePassed);
        }
    }

    /** What the cache knows of one recipe, taken before it runs (an unselected recipe's too, for a watch). */
    public Entry entry(Path recipe, String displayPath) {
        Optional<Stored> stored = store == null ? Optional.empty() : stored(displayPath);
        if (stored.isEmpty()) {
            return new Entry(recipe, displayPath, null, null, Map.of());
        }
        long deadline = System.nanoTime() + hashingTime.toNanos();
        Map<String, String> now = new TreeMap<>();
        stored.get().inputs().keySet().forEach(input -> now.put(input, FileDigests.ofInput(Path.of(input), deadline)));
        RecipeInputs recorded = RecipeInputs.of(
                stored.get().inputs().keySet().stream().map(Path::of).toList());
        Stored unchanged = now.equals(stored.get().inputs()) ? stored.get() : null;
        return new Entry(recipe, displayPath, recorded, unchanged, now);
    }

    /** The pass stored for a recipe with this run's settings, when its code is right. */
    private Optional<Stored> stored(String displayPath) {
        return store.read(entryName(displayPath)).flatMap(bytes -> {
            try {
                Stored stored = JSON.readValue(bytes, Stored.class);
                return stored.recipe().equals(displayPath)
                                && stored.fingerprint().equals(fingerprint)
                                && stored.inputs() != null
                        ? Optional.of(stored)
                        : Optional.empty();
            } catch (IOException unreadable) {
                return Optional.empty(); // it only costs a run
            }
        });
    }

    private static String entryName(String displayPath) {
        return HexFormat.of().formatHex(FileDigests.sha256().digest(displayPath.getBytes(StandardCharsets.UTF_8)))
                + ".json";
    }

    /** Writes the passes of this run and forgets the recipes that did not pass; nothing for a cache that remembers nothing. */
    public void save() throws IOException {
        if (store == null) {
            return;
        }
        for (Map.Entry<String, Optional<Stored>> change : changes.entrySet()) {
            if (change.getValue().isPresent()) {
                store.write(
                        change.getKey(),
                        JSON.writeValueAsBytes(change.getValue().get()));
            } else {
                store.delete(change.getKey());
            }
        }
        changes.clear();
    }

    /** One recipe's stored pass, if it still holds, and the hashes its inputs had before it ran. */
    public final class Entry {
        private final Path recipe;
        private final String displayPath;
        private final RecipeInputs recorded;
        private final Stored passedBefore;
        private final Map<String, String> hashedBefore;

        private Entry(
                Path recipe,
                String displayPath,
                RecipeInputs recorded,
                Stored passedBefore,
                Map<String, String> hashedBefore) {
            this.recipe = recipe;
            this.displayPath = displayPath;
            this.recorded = recorded;
            this.passedBefore = passedBefore;
            this.hashedBefore = hashedBefore;
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
         * Records how the run of the recipe came out: a pass is remembered with its results, warnings
         * and inputs, anything else forgotten. A pass is not remembered when what it read is not
         * known (null: the files were read elsewhere, on a session cluster), or when an input was
         * saved after the run started ({@code startMillis}), since the run may have read either version.
         */
        public void record(
                boolean recipePassed,
                List<StatementResult> results,
                List<String> warnings,
                RecipeInputs inputs,
                long startMillis) {
            if (store == null) {
                return;
            }
            String name = entryName(displayPath);
            if (!recipePassed || inputs == null) {
                changes.put(name, Optional.empty());
                return;
            }
            long deadline = System.nanoTime() + hashingTime.toNanos();
            Map<String, String> hashes = new TreeMap<>();
            for (Path input : inputs.files()) {
                String known = hashedBefore.get(input.toString());
                if (known == null && savedSince(input, startMillis)) {
                    changes.put(name, Optional.empty());
                    return;
                }
                hashes.put(input.toString(), known != null ? known : FileDigests.ofInput(input, deadline));
            }
            changes.put(
                    name,
                    Optional.of(
                            new Stored(displayPath, fingerprint, hashes, List.copyOf(results), List.copyOf(warnings))));
        }
    }

    private static boolean savedSince(Path input, long startMillis) {
        try {
            return Files.getLastModifiedTime(input, LinkOption.NOFOLLOW_LINKS).toMillis() > startMillis;
        } catch (IOException missing) {
            return false; // a missing input is hashed as missing
        }
    }

    /**
     * The code of the function classes recipes may register, by class: the hash of the jar each is
     * loaded from (or of its class file, from a directory), or {@code missing}. It keys passes as
     * the plugin's build does: a function jar rebuilt with other code (a module of the same
     * repository, say) changes what a recipe that calls it gives, though no file of the recipe changed.
     */
    public static Map<String, String> functionCode(java.util.Collection<String> classNames, ClassLoader loader) {
        Map<String, String> code = new TreeMap<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        for (String name : classNames) {
            java.net.URL url = loader.getResource(name.replace('.', '/') + ".class");
            code.put(name, url == null ? "missing" : codeHash(codeFile(url), deadline));
        }
        return code;
    }

    /** Hashes of code files taken in this JVM, by path, size and time: a large jar is hashed once. */
    private static final Map<String, String> CODE_HASHES = new ConcurrentHashMap<>();

    private static String codeHash(Path file, long deadline) {
        String stamp;
        try {
            stamp = file + "\n" + Files.size(file) + "\n" + Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException missing) {
            return FileDigests.ofInput(file, deadline);
        }
        String hash = CODE_HASHES.get(stamp);
        if (hash == null) {
            hash = FileDigests.ofInput(file, deadline);
            if (hash.length() == 64) { // a hash that outlasted its deadline is not kept
                CODE_HASHES.put(stamp, hash);
            }
        }
        return hash;
    }

    /** The jar a class's URL points into, or its class file; any other URL is named as it is. */
    private static Path codeFile(java.net.URL url) {
        try {
            if ("jar".equals(url.getProtocol())) {
                String file = url.getPath();
                return Path.of(new java.net.URI(file.substring(0, file.indexOf("!/"))));
            }
            return Path.of(url.toURI());
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException other) {
            return Path.of(url.toString().replace(':', '_'));
        }
    }

    /**
     * The plugin's own build: its version, and the hash of its jar, since a SNAPSHOT rebuilt with
     * other code keeps its version. Run from a class directory (the plugin's own tests), only the
     * version. Taken once per JVM.
     */
    public static String pluginBuild() {
        return PluginBuild.VALUE;
    }

    private static final class PluginBuild {
        static final String VALUE = of();

        private static String of() {
            String version = String.valueOf(RecipeCache.class.getPackage().getImplementationVersion());
            CodeSource source = RecipeCache.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return version;
            }
            Path location = codeFile(source.getLocation());
            return Files.isRegularFile(location)
                    ? version + " "
                            + codeHash(
                                    location,
                                    System.nanoTime() + Duration.ofMinutes(1).toNanos())
                    : version;
        }
    }
}
