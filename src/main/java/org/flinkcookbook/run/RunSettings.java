package org.flinkcookbook.run;

import com.fasterxml.jackson.annotation.JsonView;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.Serializable;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.report.GoalCommand;

/**
 * Every setting of a goal's run, in one serializable value: the Mojo builds it, and it travels as
 * it is to the engine JVM and the warm engine, which build the same runner from it. Its
 * {@link #fingerprint()} is the one key of every setting that changes a result, for the cache of
 * passes and for the warm engine's and the watch's statement results alike: the components marked
 * {@link ChangesResults} (here and in {@link EngineChoice}), each setting named once.
 *
 * @param baseDirectory the project directory: display paths are relative to it
 * @param recipesDirectory searched recursively for recipes
 * @param fixturesDirectory where fixture paths point; in the fingerprint relative to the project
 * @param recipeFilter comma-separated globs or substrings of recipe paths; blank for all
 * @param requireExpected true to fail a recipe that has no expected file
 * @param reportDirectory where {@code report.json} goes
 * @param junitDirectory where the JUnit XML reports go, one file per recipe
 * @param buildDirectory the project's build directory (Maven's {@code project.build.directory}):
 *     recipes may not read it, nor the report, JUnit and cache directories
 * @param maxStoredRows above this many rows a result is stored as its count and hash
 * @param allowedFunctions function classes recipes may register with CREATE FUNCTION
 * @param annotationRoot when set, failures are also printed as GitHub Actions annotations with
 *     paths relative to this directory (the repository root); null otherwise
 * @param threads how many recipes run at once, at least 1
 * @param failIfNoSpecifiedRecipes true to stop the run when a recipe filter matches no recipe
 * @param command how the user ran the plugin, for the commands that end the messages
 * @param engine which engine runs the recipes, and how; null for a runner given its engine (tests,
 *     benchmarks)
 * @param cache which recipes may be reported from the cache; null to run every recipe
 */
public record RunSettings(
        Path baseDirectory,
        Path recipesDirectory,
        Path fixturesDirectory,
        String recipeFilter,
        @JsonView(ChangesResults.class) boolean requireExpected,
        Path reportDirectory,
        Path junitDirectory,
        Path buildDirectory,
        @JsonView(ChangesResults.class) int maxStoredRows,
        @JsonView(ChangesResults.class) Set<String> allowedFunctions,
        Path annotationRoot,
        int threads,
        boolean failIfNoSpecifiedRecipes,
        GoalCommand command,
        @JsonView(ChangesResults.class) EngineChoice engine,
        CacheChoice cache)
        implements Serializable {

    /** The directories the build and this run write, which recipes may not read. */
    public List<Path> writtenDirectories() {
        List<Path> written = new ArrayList<>(List.of(reportDirectory, junitDirectory, buildDirectory));
        if (cache != null && cache.directory() != null) {
            written.add(Path.of(cache.directory()));
        }
        return written;
    }

    /** The view of the settings that change a result: what {@link #fingerprint()} hashes. */
    public interface ChangesResults {}

    /** Names sorted, only the settings of {@link ChangesResults}. */
    private static final ObjectWriter CANONICAL = JsonMapper.builder()
            .disable(MapperFeature.DEFAULT_VIEW_INCLUSION)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build()
            .writerWithView(ChangesResults.class);

    /**
     * Which recipes may be reported from the cache of passes.
     *
     * @param directory the per-user directory the passes are kept in (one subdirectory per
     *     project), outside the checkout; null to remember nothing
     * @param changedSince a git revision: only recipes whose inputs changed since it run; null for all
     */
    public record CacheChoice(String directory, String changedSince) implements Serializable {}

    public RunSettings {
        if (threads < 1) {
            throw new IllegalArgumentException("cookbook.threads must be at least 1, not " + threads);
        }
        allowedFunctions = Collections.unmodifiableSortedSet(new TreeSet<>(allowedFunctions));
    }

    /**
     * The hash of a canonical serialization (names sorted) of every setting that changes a
     * result, as Spotless fingerprints a formatter's settings: the engine and its options, the
     * Flink version, the plugin's build, the fixtures' place in the project and the options of
     * the comparison. Two runs with the same fingerprint give the same results on the same inputs;
     * the settings that do not change a result (threads, reports, which recipes run) are not in it.
     */
    public String fingerprint() {
        Map<String, Object> settings = new TreeMap<>();
        settings.put("plugin", RecipeCache.pluginBuild());
        settings.put("functionCode", RecipeCache.functionCode(allowedFunctions, RunSettings.class.getClassLoader()));
        settings.put("flinkVersion", EnvironmentInformation.getVersion());
        settings.put(
                "fixtures",
                baseDirectory
                        .toAbsolutePath()
                        .normalize()
                        .relativize(fixturesDirectory.toAbsolutePath().normalize())
                        .toString());
        settings.put("settings", this);
        try {
            byte[] canonical = CANONICAL.writeValueAsString(settings).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(FileDigests.sha256().digest(canonical));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings of plain values always serialize", e);
        }
    }

    /** On the way to the engine JVM, its components with paths as text: java.nio.file.Path is not serializable. */
    private Object writeReplace() {
        return new Serialized(Arrays.stream(RunSettings.class.getRecordComponents())
                .map(component -> {
                    Object value = read(component, this);
                    return value instanceof Path path ? new PathText(path.toString()) : value;
                })
                .toArray());
    }

    private static Object read(RecordComponent component, RunSettings settings) {
        try {
            return component.getAccessor().invoke(settings);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a record's accessor is public", e);
        }
    }

    private record PathText(String path) implements Serializable {}

    /** The components in their declared order, read back through the canonical constructor. */
    private record Serialized(Object[] components) implements Serializable {
        private Object readResolve() throws ReflectiveOperationException {
            Class<?>[] types = Arrays.stream(RunSettings.class.getRecordComponents())
                    .map(RecordComponent::getType)
                    .toArray(Class<?>[]::new);
            Object[] values = Arrays.stream(components)
                    .map(value -> value instanceof PathText text ? Path.of(text.path()) : value)
                    .toArray();
            return RunSettings.class.getDeclaredConstructor(types).newInstance(values);
        }
    }
}
