package org.flinkcookbook.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
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
 * passes and for the warm engine's and the watch's statement results alike.
 */
public final class RunSettings implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper CANONICAL = new ObjectMapper();

    // paths as text: java.nio.file.Path is not serializable
    private final String baseDirectory;
    private final String recipesDirectory;
    private final String fixturesDirectory;
    private final String recipeFilter;
    private final boolean requireExpected;
    private final String reportDirectory;
    private final String junitDirectory;
    private final int maxStoredRows;
    private final TreeSet<String> allowedFunctions;
    private final String annotationRoot;
    private final int threads;
    private final boolean failIfNoSpecifiedRecipes;
    private final GoalCommand command;
    private final EngineChoice engine;
    private final CacheChoice cache;

    /**
     * Which recipes may be reported from the cache of passes.
     *
     * @param directory the per-user directory the passes are kept in (one subdirectory per
     *     project), outside the checkout; null to remember nothing
     * @param changedSince a git revision: only recipes whose inputs changed since it run; null for all
     */
    public record CacheChoice(String directory, String changedSince) implements Serializable {}

    /**
     * Settings of a run without an engine choice or cache, for a runner built around an engine
     * (tests, benchmarks).
     */
    public RunSettings(
            Path baseDirectory,
            Path recipesDirectory,
            Path fixturesDirectory,
            String recipeFilter,
            boolean requireExpected,
            Path reportDirectory,
            Path junitDirectory,
            int maxStoredRows,
            Set<String> allowedFunctions,
            Path annotationRoot,
            int threads,
            boolean failIfNoSpecifiedRecipes,
            GoalCommand command) {
        this(
                baseDirectory,
                recipesDirectory,
                fixturesDirectory,
                recipeFilter,
                requireExpected,
                reportDirectory,
                junitDirectory,
                maxStoredRows,
                allowedFunctions,
                annotationRoot,
                threads,
                failIfNoSpecifiedRecipes,
                command,
                null,
                null);
    }

    /**
     * @param baseDirectory the project directory: display paths are relative to it
     * @param recipesDirectory searched recursively for recipes
     * @param fixturesDirectory where fixture paths point
     * @param recipeFilter comma-separated globs or substrings of recipe paths; blank for all
     * @param requireExpected true to fail a recipe that has no expected file
     * @param reportDirectory where {@code report.json} goes
     * @param junitDirectory where the JUnit XML reports go, one file per recipe
     * @param maxStoredRows above this many rows a result is stored as its count and hash
     * @param allowedFunctions function classes recipes may register with CREATE FUNCTION
     * @param annotationRoot when set, failures are also printed as GitHub Actions annotations with
     *     paths relative to this directory (the repository root); null otherwise
     * @param threads how many recipes run at once, at least 1
     * @param failIfNoSpecifiedRecipes true to stop the run when a recipe filter matches no recipe
     * @param command how the user ran the plugin, for the commands that end the messages
     * @param engine which engine runs the recipes, and how; null for a runner given its engine
     * @param cache which recipes may be reported from the cache; null to run every recipe
     */
    public RunSettings(
            Path baseDirectory,
            Path recipesDirectory,
            Path fixturesDirectory,
            String recipeFilter,
            boolean requireExpected,
            Path reportDirectory,
            Path junitDirectory,
            int maxStoredRows,
            Set<String> allowedFunctions,
            Path annotationRoot,
            int threads,
            boolean failIfNoSpecifiedRecipes,
            GoalCommand command,
            EngineChoice engine,
            CacheChoice cache) {
        if (threads < 1) {
            throw new IllegalArgumentException("cookbook.threads must be at least 1, not " + threads);
        }
        this.baseDirectory = baseDirectory.toString();
        this.recipesDirectory = recipesDirectory.toString();
        this.fixturesDirectory = fixturesDirectory.toString();
        this.recipeFilter = recipeFilter;
        this.requireExpected = requireExpected;
        this.reportDirectory = reportDirectory.toString();
        this.junitDirectory = junitDirectory.toString();
        this.maxStoredRows = maxStoredRows;
        this.allowedFunctions = new TreeSet<>(allowedFunctions);
        this.annotationRoot = annotationRoot == null ? null : annotationRoot.toString();
        this.threads = threads;
        this.failIfNoSpecifiedRecipes = failIfNoSpecifiedRecipes;
        this.command = command;
        this.engine = engine;
        this.cache = cache;
    }

    /**
     * The hash of a canonical serialization (names sorted) of every setting that changes a
     * result, as Spotless fingerprints a formatter's settings: the engine and its options, the
     * Flink version, the plugin's build, and the options of the comparison. Two runs with the same
     * fingerprint give the same results on the same inputs; the settings that do not change a
     * result (threads, reports, which recipes run) are not in it.
     */
    public String fingerprint() {
        Map<String, Object> settings = new TreeMap<>();
        settings.put("plugin", RecipeCache.pluginBuild());
        settings.put("flinkVersion", EnvironmentInformation.getVersion());
        settings.put("engine", engine == null ? null : engine.engine());
        settings.put("explainWithSimulator", engine != null && engine.explainWithSimulator());
        settings.put("timeoutSeconds", engine == null ? null : engine.timeoutSeconds());
        settings.put("flinkAddress", engine == null ? null : engine.flinkAddress());
        settings.put("strict", engine != null && engine.strict());
        settings.put("requireExpected", requireExpected);
        settings.put("maxStoredRows", maxStoredRows);
        settings.put("allowedFunctions", allowedFunctions);
        settings.put(
                "fixtures",
                baseDirectory()
                        .toAbsolutePath()
                        .normalize()
                        .relativize(fixturesDirectory().toAbsolutePath().normalize())
                        .toString());
        try {
            byte[] canonical = CANONICAL.writeValueAsString(settings).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(FileDigests.sha256().digest(canonical));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings of plain values always serialize", e);
        }
    }

    public Path baseDirectory() {
        return Path.of(baseDirectory);
    }

    public Path recipesDirectory() {
        return Path.of(recipesDirectory);
    }

    public Path fixturesDirectory() {
        return Path.of(fixturesDirectory);
    }

    public String recipeFilter() {
        return recipeFilter;
    }

    public boolean requireExpected() {
        return requireExpected;
    }

    public Path reportDirectory() {
        return Path.of(reportDirectory);
    }

    public Path junitDirectory() {
        return Path.of(junitDirectory);
    }

    public int maxStoredRows() {
        return maxStoredRows;
    }

    public Set<String> allowedFunctions() {
        return Set.copyOf(allowedFunctions);
    }

    public Path annotationRoot() {
        return annotationRoot == null ? null : Path.of(annotationRoot);
    }

    public int threads() {
        return threads;
    }

    public boolean failIfNoSpecifiedRecipes() {
        return failIfNoSpecifiedRecipes;
    }

    public GoalCommand command() {
        return command;
    }

    /** Which engine runs the recipes, and how; null for a runner given its engine. */
    public EngineChoice engine() {
        return engine;
    }

    /** Which recipes may be reported from the cache; null to run every recipe. */
    public CacheChoice cache() {
        return cache;
    }
}
