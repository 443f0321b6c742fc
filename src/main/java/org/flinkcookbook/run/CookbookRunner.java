package org.flinkcookbook.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.cache.RecipeInputs;
import org.flinkcookbook.compare.Comparison;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.expected.ExpectedFileException;
import org.flinkcookbook.expected.ExpectedFileFormat;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.guard.InputLog;
import org.flinkcookbook.guard.RecipeGuard;
import org.flinkcookbook.guard.Refusal;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.io.RealPaths;
import org.flinkcookbook.recipe.FixtureConvention;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.recipe.SqlBlock;
import org.flinkcookbook.report.HtmlReport;
import org.flinkcookbook.report.JUnitReport;
import org.flinkcookbook.report.JsonReport;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.report.Remedy;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.Deadline;
import org.flinkcookbook.versions.VersionResults;

/**
 * The whole loop for one goal: find the recipes, run each on the engine, then either compare with
 * the expected values ({@link Mode#VERIFY}) or write them ({@link Mode#WRITE_EXPECTED}), print one
 * line per recipe and a summary, and write {@code report.json}.
 */
public final class CookbookRunner {

    /** What to do with each recipe's results. */
    public enum Mode {
        VERIFY,
        WRITE_EXPECTED
    }

    /** The goal that writes the fixtures of faker and datagen tables. */
    static final String FIXTURES = "fixtures";

    /** The goal that writes the fixtures of every table, from its schema where its connector makes no data. */
    static final String ALL_FIXTURES = "fixtures -Dcookbook.generate=all";

    private final RunSettings settings;
    private final Engine engine;
    private final Engine explainer;
    private final Console console;
    private final RecipeFinder finder;
    private final RecipeParser parser = new RecipeParser();
    private final RecipeGuard guard;
    private final RecipeCache cache;
    private final VersionResults versions;
    /** The key that accepts a failing recipe's values, in a watch; null where the goal ends with the run. */
    private volatile String acceptKey;
    /** The files each recipe's last run here read: which saves a watch runs it again for. */
    private final Map<Path, RecipeInputs> inputsRead = new ConcurrentHashMap<>();

    /**
     * @param explainer the simulator, asked why rows are missing when a recipe fails on Flink; null
     *     when the engine explains its own results
     */
    public CookbookRunner(RunSettings settings, Engine engine, Engine explainer, Console console) {
        this(settings, engine, explainer, console, RecipeCache.none());
    }

    /** @param cache the recipes that passed before on the same inputs, which verifying does not run again */
    public CookbookRunner(RunSettings settings, Engine engine, Engine explainer, Console console, RecipeCache cache) {
        this(settings, engine, explainer, console, cache, VersionResults.none());
    }

    /** @param versions each recipe's outcome on the Flink versions listed in cookbook.flinkVersions, planned before */
    public CookbookRunner(
            RunSettings settings,
            Engine engine,
            Engine explainer,
            Console console,
            RecipeCache cache,
            VersionResults versions) {
        this.settings = settings;
        this.versions = versions;
        this.engine = engine;
        this.explainer = explainer;
        this.console = console;
        this.cache = cache;
        this.finder = new RecipeFinder(settings.baseDirectory());
        this.guard =
                new RecipeGuard(settings.baseDirectory(), settings.fixturesDirectory(), settings.allowedFunctions());
    }

    /**
     * In a watch, the messages of a recipe whose values differ say to press this key instead of
     * running {@code cookbook:expected}.
     */
    public void acceptWithKey(String key) {
        this.acceptKey = key;
    }

    /** Stops a goal whose recipes directory is missing, before anything starts. */
    public static void checkRecipesDirectory(Path recipesDirectory) throws CookbookException {
        if (!Files.isDirectory(recipesDirectory)) {
            throw new CookbookException(
                    "the recipes directory " + recipesDirectory
                            + " does not exist; set cookbook.recipes to the directory that holds the recipes",
                    null);
        }
    }

    /**
     * Deletes the expected files under the recipes directory whose recipe is gone (renamed or
     * deleted), of recipes the filter selects, as {@code insta --unreferenced=delete} does.
     *
     * @return the deleted files' display paths
     */
    public static List<String> deleteUnreferencedExpected(Path baseDirectory, Path recipesDirectory, String filter)
            throws CookbookException {
        RecipeFinder finder = new RecipeFinder(baseDirectory);
        List<String> deleted = new ArrayList<>();
        for (Path expected : finder.unreferencedExpected(recipesDirectory, filter)) {
            try {
                Files.delete(expected);
            } catch (IOException e) {
                throw new CookbookException(
                        "cannot delete " + finder.displayPath(expected) + ", which has no recipe: " + e.getMessage(),
                        e);
            }
            deleted.add(finder.displayPath(expected));
        }
        return deleted;
    }

    /** Whether cookbook.recipe selects no recipe under the recipes directory. */
    public static boolean selectsNoRecipe(Path baseDirectory, Path recipesDirectory, String filter) {
        return new RecipeFinder(baseDirectory).find(recipesDirectory, filter).isEmpty();
    }

    public RunSummary run(Mode mode) throws CookbookException {
        checkRecipesDirectory(settings.recipesDirectory());
        Optional<String> lateRowsNotCounted = engine.lateRowsNotCounted();
        if (lateRowsNotCounted.isPresent() && mode == Mode.WRITE_EXPECTED) {
            throw new CookbookException(
                    lateRowsNotCounted.get() + ", and expected files without them would fail every later run "
                            + "that counts them: write expected values on the embedded cluster (leave cookbook.flink.address unset)",
                    null);
        }
        lateRowsNotCounted.ifPresent(reason -> console.warn("Late-row counts are not compared: " + reason));
        long start = System.nanoTime();
        List<Path> found = findRecipes();
        if (found.isEmpty()) {
            noRecipes();
        }
        RecipeCache.Selection selection = cache.select(found, finder::displayPath);
        List<Path> files = selection.recipes();
        cache.changedSinceRef()
                .ifPresent(ref -> console.info(files.size() + " of " + found.size()
                        + " recipes have inputs changed since " + ref + " (cookbook.changedSince); only they run"));
        List<RecipeOutcome> outcomes = new ArrayList<>(runRecipes(files, mode, selection::entry));
        outcomes.addAll(unreferencedExpected(mode));
        RunSummary summary = new RunSummary(
                engine.name(),
                outcomes,
                seconds(start),
                mode == Mode.VERIFY,
                reportDisplayPath(),
                htmlReportPath(),
                settings.command());
        writeReports(outcomes);
        try {
            cache.save();
        } catch (IOException e) {
            console.warn("Cannot keep which recipes passed, so the next run runs them all: " + e.getMessage());
        }
        summary.screen().forEach(console::info);
        return summary;
    }

    /**
     * Whether {@link #run run(mode)} with these settings and this cache would report every recipe
     * it selects from the cache, running none: then no engine need start for it (a CI's incremental
     * verify after a touch).
     */
    public static boolean runsNoRecipe(RunSettings settings, RecipeCache cache, Mode mode) {
        if (mode != Mode.VERIFY || !Files.isDirectory(settings.recipesDirectory())) {
            return false;
        }
        RecipeFinder finder = new RecipeFinder(settings.baseDirectory());
        return cache.select(finder.find(settings.recipesDirectory(), settings.recipeFilter()), finder::displayPath)
                .runsNone();
    }

    /** The recipe files under the recipes directory that cookbook.recipe selects, in path order. */
    public List<Path> findRecipes() {
        return finder.find(settings.recipesDirectory(), settings.recipeFilter());
    }

    /** Runs these recipes and prints each one's progress line and messages; outcomes in the files' order. */
    public List<RecipeOutcome> runRecipes(List<Path> files, Mode mode) {
        return runRecipes(files, mode, file -> cache.entry(file, finder.displayPath(file)));
    }

    /**
     * Whether a changed file can change what a recipe gives: by the record of the files its last
     * run here read, or, for a recipe that has not run here, any changed file but another
     * recipe's Markdown or expected file.
     *
     * @param recipes every recipe of the cookbook
     */
    public boolean affects(Path recipe, Path changed, List<Path> recipes) {
        RecipeInputs read = inputsRead.get(recipe);
        return read == null ? RecipeInputs.affectsUnrecorded(recipe, changed, recipes) : read.affectedBy(changed);
    }

    private List<RecipeOutcome> runRecipes(List<Path> files, Mode mode, Function<Path, RecipeCache.Entry> entries) {
        List<RecipeOutcome> outcomes = new ArrayList<>();
        try (FileAccess.Allowance reads = FileAccess.allow(
                        settings.baseDirectory(), settings.fixturesDirectory(), settings.writtenDirectories());
                RecipeThreadPool pool = new RecipeThreadPool(settings.threads())) {
            List<Supplier<RecipeOutcome>> started = files.stream()
                    .map(file -> pool.start(() -> runOrRecall(file, mode, entries.apply(file))))
                    .toList();
            for (int i = 0; i < files.size(); i++) {
                RecipeOutcome outcome = started.get(i)
                        .get() // in path order, whichever finishes first
                        .withFlinkVersions(versions.of(finder.displayPath(files.get(i))));
                outcomes.add(outcome);
                print(outcome);
                if (settings.annotationRoot() != null) {
                    GithubAnnotations.of(outcome, annotationPath(files.get(i)), settings.command())
                            .forEach(console::raw);
                }
            }
        }
        return outcomes;
    }

    /**
     * Expected files whose recipe is gone (renamed or deleted), each an outcome of its own: nothing
     * compares with them any more, which fails the build under cookbook.requireExpected.
     */
    private List<RecipeOutcome> unreferencedExpected(Mode mode) {
        RecipeStatus status =
                mode == Mode.VERIFY && settings.requireExpected() ? RecipeStatus.FAILED : RecipeStatus.ORPHANED;
        List<RecipeOutcome> orphans = new ArrayList<>();
        for (Path expected : finder.unreferencedExpected(settings.recipesDirectory(), settings.recipeFilter())) {
            String path = finder.displayPath(expected);
            String recipe = finder.displayPath(Recipe.recipeFileOf(expected));
            RecipeOutcome orphan = RecipeOutcome.of(path, status)
                    .problem(
                            1,
                            "has no recipe: " + recipe
                                    + " is gone (renamed or deleted), so these expected values are compared with nothing")
                    .build();
            orphans.add(orphan.withRemedy(RecipeStatus.ORPHANED.remedy()));
            print(orphans.get(orphans.size() - 1));
        }
        return orphans;
    }

    /**
     * Verifying a recipe that passed before on the same inputs reports the pass without running it.
     * A recipe that runs has the files it reads recorded ({@link InputLog}), for the cache and the watch.
     */
    private RecipeOutcome runOrRecall(Path file, Mode mode, RecipeCache.Entry entry) {
        if (mode == Mode.VERIFY && entry.unchangedSincePassed()) {
            return RecipeOutcome.of(finder.displayPath(file), RecipeStatus.PASSED)
                    .cached()
                    .results(entry.results())
                    .warnings(entry.warnings())
                    .build();
        }
        long startMillis = System.currentTimeMillis();
        RecipeOutcome outcome;
        RecipeInputs read;
        boolean varies;
        try (InputLog log = InputLog.open()) {
            outcome = runRecipeSafely(file, mode);
            read = RecipeInputs.of(file, settings.recipesDirectory(), settings.fixturesDirectory(), log.files());
            varies = log.readsVaryingValues();
        }
        inputsRead.put(file, read);
        if (mode == Mode.VERIFY) {
            entry.record(
                    outcome.status() == RecipeStatus.PASSED,
                    outcome.results(),
                    outcome.warnings(),
                    engine.readsHere() && !varies ? read : null, // null: what it depends on is not all known
                    startMillis);
        }
        return outcome;
    }

    /**
     * A recipe whatever happens to it: any failure of the plugin or of Flink on one recipe is that
     * recipe's error, and the run goes on to the others and writes its reports.
     */
    private RecipeOutcome runRecipeSafely(Path file, Mode mode) {
        long start = System.nanoTime();
        String path = finder.displayPath(file);
        console.recipeStarted(path);
        try {
            return withRemedy(
                    Deadline.withHeartbeat(line -> console.statementStarted(path, line), () -> runRecipe(file, mode)),
                    mode);
        } catch (RuntimeException
                | StackOverflowError
                | OutOfMemoryError
                | ExceptionInInitializerError
                | NoClassDefFoundError e) {
            String reason = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            return outcome(finder.displayPath(file), RecipeStatus.ERROR, start)
                    .problem(
                            1,
                            "the plugin could not run this recipe (" + reason
                                    + "); run with -e for details and report it if the recipe is valid")
                    .build();
        } finally {
            console.recipeDone(finder.displayPath(file));
        }
    }

    /**
     * The outcome with the command that puts it right, for it alone: the goal to run again is the
     * one that ran, and in a watch values are accepted with a key.
     */
    private RecipeOutcome withRemedy(RecipeOutcome outcome, Mode mode) {
        boolean accepted = outcome.status() == RecipeStatus.FAILED || outcome.status() == RecipeStatus.NO_EXPECTED;
        if (acceptKey != null && accepted) {
            return outcome.withRemedy(Remedy.say("press " + acceptKey + " to accept "
                    + (outcome.status() == RecipeStatus.FAILED ? "the new values" : "its values")
                    + " into its expected file"));
        }
        if (outcome.remedy() != null) {
            return outcome;
        }
        return switch (outcome.status()) {
            case ERROR, BROKEN -> outcome.withRemedy(fixThenCheck("the recipe", mode));
            default -> outcome;
        };
    }

    /** Fix what is named, then check the recipe again: with the goal that ran, or in a watch by saving it. */
    private Remedy fixThenCheck(String what, Mode mode) {
        return acceptKey != null
                ? Remedy.say("fix " + what + " and save it: the watch runs the recipe again")
                : Remedy.say("fix " + what + ", then run ").run(goal(mode)).then(" again");
    }

    /** What puts a fixture at fault right: by hand, or cookbook:fixtures where it writes the missing file. */
    private Remedy fixtureRemedy(Problem.FixtureFault fault, Mode mode) {
        return switch (fault.fix()) {
            case EDIT -> fixThenCheck(fault.path(), mode);
            case ADD ->
                checkAgain(
                        Remedy.say("add " + fault.path()
                                + ", or point the recipe's <!-- cookbook:fixture --> at a file that exists"),
                        mode);
            case GENERATE ->
                checkAgain(
                        Remedy.say("run ")
                                .run("fixtures -Dcookbook.generate=all")
                                .then(" to write " + fault.path()),
                        mode);
        };
    }

    /** A step, then the recipe checked again: with the goal that ran, or in a watch by running every recipe. */
    private Remedy checkAgain(Remedy step, Mode mode) {
        return acceptKey != null
                ? step.then(", then press a to run every recipe")
                : step.then(", then run ").run(goal(mode));
    }

    /** The goal that ran the recipes, to run again once they are put right. */
    private String goal(Mode mode) {
        return mode == Mode.WRITE_EXPECTED ? "expected" : "simulator".equals(engine.name()) ? "simulate" : "verify";
    }

    /**
     * No recipe to run: a filter that matches none is most likely mistyped, and would check nothing
     * forever, so it stops the run with the recipes there are (as Surefire's failIfNoSpecifiedTests).
     */
    private void noRecipes() throws CookbookException {
        String directory = finder.displayPath(settings.recipesDirectory());
        if (isBlank(settings.recipeFilter())) {
            console.warn("No recipes found in " + directory + ": a recipe is a Markdown file with a ```sql block");
            return;
        }
        List<String> existing = finder.find(settings.recipesDirectory(), "").stream()
                .map(finder::displayPath)
                .toList();
        String message = "cookbook.recipe=" + settings.recipeFilter() + " matches none of the " + existing.size()
                + " recipes in " + directory
                + (existing.isEmpty() ? "" : ":\n  " + String.join("\n  ", existing)) + "\n"
                + "Name one of them (a substring or glob of its path), or set -Dcookbook.failIfNoSpecifiedRecipes=false to let a filter match nothing.";
        if (settings.failIfNoSpecifiedRecipes()) {
            throw new CookbookException(message, null);
        }
        console.warn(message);
    }

    private RecipeOutcome runRecipe(Path file, Mode mode) {
        long start = System.nanoTime();
        String path = finder.displayPath(file);
        Recipe recipe;
        try {
            recipe = FixtureConvention.bind(
                    parser.parse(file, path), settings.recipesDirectory(), settings.fixturesDirectory());
        } catch (RecipeException e) {
            return outcome(path, RecipeStatus.ERROR, start)
                    .problem(e.line(), e.problem())
                    .build();
        }
        if (recipe.statements().isEmpty()) {
            Optional<SqlBlock> runnable =
                    recipe.blocks().stream().filter(SqlBlock::runs).findFirst();
            return runnable.isEmpty()
                    ? outcome(path, RecipeStatus.SKIPPED, start).build()
                    : outcome(path, RecipeStatus.ERROR, start)
                            .problem(
                                    runnable.get().firstLine(),
                                    "the ```sql blocks hold no SQL statement; write the recipe's SQL or mark the block <!-- cookbook:skip -->")
                            .build();
        }
        List<Refusal> refusals = guard.check(recipe);
        List<Refusal> refused = ofKind(refusals, Refusal.Kind.REFUSED);
        if (!refused.isEmpty()) {
            return outcome(path, RecipeStatus.ERROR, start)
                    .problem(refused.get(0).line(), "refused before running: " + describe(refused))
                    .build();
        }
        List<Refusal> notRunnable = ofKind(refusals, Refusal.Kind.NOT_RUNNABLE);
        if (!notRunnable.isEmpty()) {
            return outcome(path, RecipeStatus.NOT_RUNNABLE, start)
                    .problem(notRunnable.get(0).line(), "not runnable here: " + describe(notRunnable))
                    .warnings(recipe.warnings())
                    .build();
        }
        // planning runs no job, so it is safe for recipes whose tables may not be read here
        List<Refusal> needsData = ofKind(refusals, Refusal.Kind.NEEDS_DATA);
        List<Refusal> randomRows = ofKind(refusals, Refusal.Kind.RANDOM_ROWS);
        RecipeRun run = needsData.isEmpty() && randomRows.isEmpty() ? engine.planAndRun(recipe) : engine.plan(recipe);
        if (run.problem() != null) {
            return stopped(path, run, start, mode);
        }
        if (run.plannedOnly() != null) {
            return plannedOnly(recipe, mode, run.plannedOnly(), run.warnings(), start, giveData(recipe));
        }
        // tables without data first: data is what the author can give; random rows no data makes repeatable
        List<Refusal> unrun = needsData.isEmpty() ? randomRows : needsData;
        if (!unrun.isEmpty()) {
            return plannedOnly(
                    recipe,
                    mode,
                    new PlannedOnly(unrun.get(0).line(), "planned", describe(unrun)),
                    run.warnings(),
                    start,
                    needsData.isEmpty()
                            ? Remedy.say(
                                            "no fixture makes rows kept or dropped by a random value repeatable: make that"
                                                    + " condition deterministic, or mark the block <!-- cookbook:skip -->, then run ")
                                    .run(goal(mode))
                            : giveData(recipe));
        }
        return mode == Mode.VERIFY ? verify(recipe, run, start) : writeExpected(recipe, run, start);
    }

    /**
     * A recipe that was only planned. One with expected values, or any under cookbook.requireExpected,
     * must run: only planning it would let a lost fixture binding pass unnoticed, so it is an error.
     */
    private RecipeOutcome plannedOnly(
            Recipe recipe, Mode mode, PlannedOnly planned, List<String> warnings, long start, Remedy remedy) {
        boolean hasExpected = Files.exists(recipe.expectedFile(), LinkOption.NOFOLLOW_LINKS);
        if (mode != Mode.VERIFY || !(hasExpected || settings.requireExpected())) {
            return outcome(recipe.displayPath(), RecipeStatus.PLANNED, start)
                    .problem(planned.line(), planned.message())
                    .warnings(warnings)
                    .remedy(remedy)
                    .build();
        }
        String must = hasExpected ? "has expected values" : "must have expected values (cookbook.requireExpected)";
        return outcome(recipe.displayPath(), RecipeStatus.ERROR, start)
                .problem(planned.line(), must + " but cannot run: " + planned.reason())
                .warnings(warnings)
                .build();
    }

    /**
     * How a recipe whose tables have no data here gets some: cookbook:fixtures for it alone, which writes
     * each table's CSV at the conventional place this recipe looks for it ({@code -Dcookbook.generate=all}
     * where a table's connector makes no data of its own); its status's remedy where every table it
     * creates is bound already.
     */
    private Remedy giveData(Recipe recipe) {
        Map<String, String> unbound = FixtureConvention.unboundSources(recipe);
        if (unbound.isEmpty()) {
            return null;
        }
        List<String> files = unbound.keySet().stream()
                .map(table -> finder.displayPath(settings.fixturesDirectory()
                        .resolve(FixtureConvention.fixtureOf(settings.recipesDirectory(), recipe.file(), table))))
                .toList();
        boolean all = !unbound.values().stream().allMatch(FixtureConvention::generatedByDefault);
        return Remedy.say("run ")
                .run(all ? ALL_FIXTURES : FIXTURES)
                .then(" to write " + String.join(" and ", files) + ", where this recipe looks for the rows of "
                        + (unbound.size() == 1 ? unbound.keySet().iterator().next() : "its tables"));
    }

    private RecipeOutcome stopped(String path, RecipeRun run, long start, Mode mode) {
        Problem problem = run.problem();
        return outcome(path, problem.status(), start)
                .results(run.results())
                .problem(problem.line(), problem.message())
                .warnings(run.warnings())
                .remedy(problem.fixture() == null ? null : fixtureRemedy(problem.fixture(), mode))
                .build();
    }

    /** An outcome of the recipe at {@code path} that took since {@code start}. */
    private static RecipeOutcome.Builder outcome(String path, RecipeStatus status, long start) {
        return RecipeOutcome.of(path, status).seconds(seconds(start));
    }

    private static List<Refusal> ofKind(List<Refusal> refusals, Refusal.Kind kind) {
        return refusals.stream().filter(refusal -> refusal.kind() == kind).toList();
    }

    private RecipeOutcome verify(Recipe recipe, RecipeRun run, long start) {
        Path expectedFile = recipe.expectedFile();
        String path = recipe.displayPath();
        Optional<RecipeOutcome> linked = linkedExpectedFile(recipe, run, start);
        if (linked.isPresent()) {
            return linked.get();
        }
        if (!Files.isRegularFile(expectedFile)) {
            RecipeStatus status = settings.requireExpected() ? RecipeStatus.FAILED : RecipeStatus.NO_EXPECTED;
            return outcome(path, status, start)
                    .results(run.results())
                    .problem(1, "has no expected values (" + finder.displayPath(expectedFile) + ")")
                    .warnings(run.warnings())
                    .remedy(RecipeStatus.NO_EXPECTED.remedy()) // none to accept: its values are to be recorded
                    .build();
        }
        List<ExpectedResult> expected;
        try {
            expected = ExpectedFileFormat.read(expectedFile, finder.displayPath(expectedFile));
        } catch (ExpectedFileException e) {
            return outcome(path, RecipeStatus.ERROR, start)
                    .results(run.results())
                    .problem(1, e.getMessage())
                    .remedy(Remedy.say("repair that line, or delete the file and run ")
                            .run("expected")
                            .then(" to write it again"))
                    .warnings(run.warnings())
                    .build();
        }
        // passing results are explained too, for the HTML report's timelines, and before the comparison, which
        // reads which rows were late; where the engines differ only a failure says so
        List<String> explainerWarnings = new ArrayList<>();
        List<StatementResult> results = explained(recipe, run, explainerWarnings);
        List<Mismatch> mismatches = Comparison.compare(
                expected, results, engine.lateRowsNotCounted().isEmpty());
        List<String> warnings = new ArrayList<>(run.warnings());
        warnings.addAll(explainerWarnings);
        if (mismatches.isEmpty()) {
            return outcome(path, RecipeStatus.PASSED, start)
                    .results(results)
                    .warnings(run.warnings())
                    .build();
        }
        return outcome(path, RecipeStatus.FAILED, start)
                .results(results)
                .mismatches(mismatches)
                .expected(expected)
                .warnings(warnings)
                .build();
    }

    private RecipeOutcome writeExpected(Recipe recipe, RecipeRun run, long start) {
        Path expectedFile = recipe.expectedFile();
        String path = recipe.displayPath();
        Optional<RecipeOutcome> linked = linkedExpectedFile(recipe, run, start);
        if (linked.isPresent()) {
            return linked.get();
        }
        try {
            List<ExpectedResult> previous = List.of();
            if (Files.isRegularFile(expectedFile)) {
                try {
                    previous = ExpectedFileFormat.read(expectedFile, finder.displayPath(expectedFile));
                } catch (ExpectedFileException unreadable) {
                    console.warn(unreadable.getMessage() + " (its comments are not kept)");
                }
            }
            // explained where rows were dropped as late, so that the file names them where the simulator computes
            // the result as Flink did (no other recipe needs the simulator's run)
            boolean late = run.results().stream()
                    .anyMatch(result -> result.lateRowsDropped() != null && result.lateRowsDropped() > 0);
            List<StatementResult> results = late ? explained(recipe, run, new ArrayList<>()) : run.results();
            ExpectedFileFormat.write(expectedFile, path, results, previous, settings.maxStoredRows());
            return outcome(path, RecipeStatus.WRITTEN, start)
                    .results(results)
                    .warnings(run.warnings())
                    .build();
        } catch (IOException e) {
            return outcome(path, RecipeStatus.ERROR, start)
                    .results(run.results())
                    .problem(1, "cannot write " + finder.displayPath(expectedFile) + ": " + e.getMessage())
                    .warnings(run.warnings())
                    .build();
        }
    }

    /** The run's results with the explainer's account of their rows, where it computes them as the engine did. */
    private List<StatementResult> explained(Recipe recipe, RecipeRun run, List<String> warnings) {
        return explainer == null
                ? run.results()
                : Explanations.attach(recipe, run.results(), explainer, warnings, settings.command());
    }

    /**
     * The error of an expected file that is a symbolic link, or a hard link (a file of more than one
     * name), which is neither read nor written: it could be any file (.git/config, one outside the
     * project), whose lines a mismatch or a parse error would show. Empty for a file of its own.
     */
    private Optional<RecipeOutcome> linkedExpectedFile(Recipe recipe, RecipeRun run, long start) {
        String what;
        if (Files.isSymbolicLink(recipe.expectedFile())) {
            what = " is a symbolic link; expected files are never followed";
        } else if (RealPaths.hasOtherNames(recipe.expectedFile())) {
            what = " has other names (hard links), so it may be any file; expected files have one name";
        } else {
            return Optional.empty();
        }
        return Optional.of(outcome(recipe.displayPath(), RecipeStatus.ERROR, start)
                .results(run.results())
                .problem(
                        1,
                        finder.displayPath(recipe.expectedFile())
                                + what + ": delete the link "
                                + "and run " + settings.command().of("expected") + " to write the file")
                .warnings(run.warnings())
                .build());
    }

    private void print(RecipeOutcome outcome) {
        int results = outcome.results().size();
        String detail = outcome.cached()
                ? "cached: unchanged since it passed"
                : String.format(
                        Locale.ROOT, "%d %s, %.1f s", results, results == 1 ? "result" : "results", outcome.seconds());
        String line = String.format(
                Locale.ROOT, "%-12s %s (%s)", outcome.status().word().toUpperCase(Locale.ROOT), outcome.path(), detail);
        List<String> explanation = outcome.explanation(reportDisplayPath());
        switch (outcome.status()) {
            case FAILED, ERROR, BROKEN -> {
                console.error(line);
                explanation.forEach(text -> console.error("  " + text));
                console.error("  " + outcome.remedy(settings.command()));
            }
            case UNSUPPORTED, NO_EXPECTED, NOT_RUNNABLE, ORPHANED -> {
                console.warn(line);
                explanation.forEach(text -> console.warn("  " + text));
                console.warn("  " + outcome.remedy(settings.command()));
            }
            case PLANNED -> {
                console.info(line);
                explanation.forEach(text -> console.info("  " + text));
                console.info("  " + outcome.remedy(settings.command()));
            }
            default -> console.info(line);
        }
        outcome.warnings().forEach(warning -> console.warn("  " + warning));
        outcome.failingVersions().forEach(failure -> console.error("  " + failure.describe(outcome.path())));
        if (!outcome.failingVersions().isEmpty()) {
            console.error("  " + outcome.versionRemedy(settings.command()));
        }
    }

    private void writeReports(List<RecipeOutcome> outcomes) throws CookbookException {
        try {
            JsonReport.write(reportFile(), engine.name(), engine.flinkVersion(), outcomes);
            HtmlReport.write(
                    Path.of(htmlReportPath()),
                    engine.name(),
                    engine.flinkVersion(),
                    outcomes,
                    settings.command(),
                    this::recipeLines);
            JUnitReport.write(settings.junitDirectory(), engine.name(), outcomes, settings.command(), everyRecipe());
        } catch (IOException e) {
            throw new CookbookException("cannot write the reports: " + e.getMessage(), e);
        }
    }

    private Path reportFile() {
        return settings.reportDirectory().resolve("report.json");
    }

    /** A recipe's lines for the HTML report's excerpts, read through no link as every report file is; none when unreadable. */
    private List<String> recipeLines(String displayPath) {
        try {
            return AtomicFiles.readIfPresent(settings.baseDirectory().resolve(displayPath))
                    .map(bytes ->
                            new String(bytes, StandardCharsets.UTF_8).lines().toList())
                    .orElse(List.of());
        } catch (IOException e) {
            return List.of();
        }
    }

    /** How messages name a file: relative to the project directory. */
    public String displayPath(Path file) {
        return finder.displayPath(file);
    }

    /**
     * Where the HTML report is, as a path that opens from wherever Maven ran: absolute. A run of
     * some recipes only (cookbook.recipe, cookbook.changedSince) writes its page beside the full
     * index.html, which keeps every recipe.
     */
    public String htmlReportPath() {
        return settings.reportDirectory()
                .resolve(everyRecipe() ? HtmlReport.FILE_NAME : HtmlReport.SELECTED_FILE_NAME)
                .toAbsolutePath()
                .normalize()
                .toString();
    }

    /** Whether this run is of every recipe, with no filter or git selection. */
    private boolean everyRecipe() {
        return isBlank(settings.recipeFilter()) && cache.changedSinceRef().isEmpty();
    }

    /** Where report.json is, as the summary names it. */
    public String reportDisplayPath() {
        return finder.displayPath(reportFile());
    }

    /** A recipe's path as GitHub names files: relative to the repository root. */
    private String annotationPath(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path root = settings.annotationRoot().toAbsolutePath().normalize();
        return (absolute.startsWith(root) ? root.relativize(absolute) : absolute)
                .toString()
                .replace('\\', '/');
    }

    private static String describe(List<Refusal> refusals) {
        StringBuilder text = new StringBuilder(refusals.get(0).message());
        for (Refusal more : refusals.subList(1, refusals.size())) {
            text.append("; line ").append(more.line()).append(": ").append(more.message());
        }
        return text.toString();
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
