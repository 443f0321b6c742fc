package org.flinkcookbook.run;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkPlanner;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.guard.RecipeGuard;
import org.flinkcookbook.guard.Refusal;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.recipe.FixtureConvention;
import org.flinkcookbook.recipe.FlinkNeed;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.versions.FlinkVersion;
import org.flinkcookbook.versions.VersionOutcome;
import org.flinkcookbook.versions.VersionResults;

/**
 * Parses, validates and plans every recipe on the Flink of this JVM, a version listed in
 * cookbook.flinkVersions (the engine JVM of that version runs it): each recipe's outcome on it,
 * never a run. Only the planning path of the plugin is used ({@link FlinkPlanner}), which links
 * against every Flink version from 1.19 on; the guard checks each recipe first, as in a run.
 *
 * <p>Where the plugin's own parser (Flink 2.3's) rejects a statement, this version's parser
 * decides: its syntax error is the recipe's failure on it; a statement it parses cannot be planned
 * by the plugin (its sessions need the plugin's parse tree), and the recipe is reported as not
 * planned on this version instead of failed.
 */
public final class VersionPlanning {

    /**
     * What to plan, as values that travel to the engine JVM.
     *
     * @param version the listed version, whose Flink the engine JVM runs
     * @param baseDirectory the project directory: display paths are relative to it
     * @param recipesDirectory searched recursively for recipes
     * @param fixturesDirectory where fixture paths point
     * @param recipeFilter cookbook.recipe; blank for all
     * @param allowedFunctions function classes recipes may register
     * @param writtenDirectories the configured build, report, JUnit and cache directories, which
     *     recipes may not read here either
     * @param timeoutSeconds how long planning one statement may take
     */
    public record Request(
            String version,
            String baseDirectory,
            String recipesDirectory,
            String fixturesDirectory,
            String recipeFilter,
            List<String> allowedFunctions,
            List<String> writtenDirectories,
            int timeoutSeconds)
            implements Serializable {

        public Request {
            allowedFunctions = List.copyOf(allowedFunctions);
            writtenDirectories = List.copyOf(writtenDirectories);
        }
    }

    private final Request request;
    private final FlinkVersion version;
    private final Path baseDirectory;
    private final Path recipesDirectory;
    private final Path fixturesDirectory;
    private final RecipeFinder finder;
    private final RecipeParser parser = new RecipeParser();
    private final RecipeGuard guard;
    private final FlinkPlanner planner;

    public VersionPlanning(Request request) {
        this.request = request;
        this.version = FlinkVersion.of(request.version());
        this.baseDirectory = Path.of(request.baseDirectory());
        this.recipesDirectory = Path.of(request.recipesDirectory());
        this.fixturesDirectory = Path.of(request.fixturesDirectory());
        this.finder = new RecipeFinder(baseDirectory);
        this.guard = new RecipeGuard(baseDirectory, fixturesDirectory, Set.copyOf(request.allowedFunctions()));
        this.planner = new FlinkPlanner(
                new FlinkSettings(fixturesDirectory, Duration.ofSeconds(request.timeoutSeconds()), false));
    }

    /**
     * Every selected recipe's outcome on this version, in path order; each recipe's start and end go
     * to the console (the hard timeout reads them).
     *
     * @throws CookbookException when this JVM's Flink is not the version asked for (a class path
     *     mixed up with another version's)
     */
    public VersionResults planAll(Console console) throws CookbookException {
        String running = EnvironmentInformation.getVersion();
        if (!running.equals(request.version())) {
            throw new CookbookException(
                    "the engine JVM of Flink " + request.version() + " runs Flink " + running
                            + "; run mvn dependency:purge-local-repository -DmanualInclude=org.apache.flink and try again",
                    null);
        }
        VersionResults results = VersionResults.none();
        try (FileAccess.Allowance reads = FileAccess.allow(
                baseDirectory,
                fixturesDirectory,
                request.writtenDirectories().stream().map(Path::of).toList())) {
            for (Path file : finder.find(recipesDirectory, request.recipeFilter())) {
                String path = finder.displayPath(file);
                console.recipeStarted(path);
                try {
                    results.add(path, outcome(file, path));
                } catch (RuntimeException | LinkageError e) {
                    results.add(
                            path,
                            notPlanned(
                                    1,
                                    "the plugin could not plan it on this version ("
                                            + e.getClass().getSimpleName() + ": " + e.getMessage() + ")"));
                } finally {
                    console.recipeDone(path);
                }
            }
        }
        return results;
    }

    private VersionOutcome outcome(Path file, String path) {
        Recipe recipe;
        try {
            recipe = FixtureConvention.bind(parser.parse(file, path), recipesDirectory, fixturesDirectory);
        } catch (RecipeException e) {
            return notPlanned(e.line(), "it cannot be read (see its own status)");
        }
        Optional<FlinkNeed> need = recipe.flinkNeeds().stream()
                .max(Comparator.comparing((FlinkNeed marker) -> FlinkVersion.of(marker.version())));
        if (need.isPresent() && version.olderThan(FlinkVersion.of(need.get().version()))) {
            return new VersionOutcome(
                    request.version(),
                    VersionOutcome.Verdict.NEEDS_NEWER,
                    need.get().line(),
                    "needs Flink " + need.get().version());
        }
        if (recipe.statements().isEmpty()) {
            return notPlanned(1, "none of its blocks runs");
        }
        Optional<Refusal> refused = guard.check(recipe).stream()
                .filter(refusal -> refusal.kind() != Refusal.Kind.NEEDS_DATA)
                .findFirst();
        if (refused.isPresent()) {
            return notPlanned(refused.get().line(), "the guard keeps it from being planned (see its own status)");
        }
        RecipeRun plan = planner.plan(recipe);
        if (plan.problem() == null) {
            return VersionOutcome.plans(request.version());
        }
        Problem problem = plan.problem();
        Statement unparsedByPlugin = pluginSyntaxErrors(recipe).get(problem.line());
        if (unparsedByPlugin != null) {
            // the plugin's parser stopped the session: this version's parser decides
            Optional<Problem> own = planner.syntaxError(unparsedByPlugin, withFixtures(unparsedByPlugin));
            if (own.isEmpty()) {
                return notPlanned(
                        problem.line(),
                        "Flink " + request.version()
                                + " parses this statement, which the plugin's own Flink parser rejects, so the recipe "
                                + "was planned no further");
            }
            problem = own.get();
        }
        return new VersionOutcome(request.version(), VersionOutcome.Verdict.FAILS, problem.line(), problem.message());
    }

    /** The statements the plugin's own parser rejects, by the Markdown line of their syntax error. */
    private Map<Integer, Statement> pluginSyntaxErrors(Recipe recipe) {
        Map<Integer, Statement> rejected = new HashMap<>();
        for (Statement statement : recipe.statements()) {
            List<Statement> parsed = new ArrayList<>(List.of(statement));
            parsed.addAll(statement.members());
            for (Statement each : parsed) {
                try {
                    SqlParsing.parse(each, withFixtures(each));
                } catch (SqlSyntaxException e) {
                    rejected.putIfAbsent(e.line(), each);
                }
            }
        }
        return rejected;
    }

    private String withFixtures(Statement statement) {
        return statement.textWithFixtures(FixturePlaceholder.uriOf(fixturesDirectory));
    }

    private VersionOutcome notPlanned(int line, String why) {
        return new VersionOutcome(request.version(), VersionOutcome.Verdict.NOT_PLANNED, line, why);
    }
}
