package org.flinkcookbook.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.expected.ExpectedFileException;
import org.flinkcookbook.expected.ExpectedFileFormat;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.guard.RecipeGuard;
import org.flinkcookbook.guard.Refusal;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.recipe.SqlBlock;
import org.flinkcookbook.report.Comparison;
import org.flinkcookbook.report.HtmlReport;
import org.flinkcookbook.report.JUnitReport;
import org.flinkcookbook.report.JsonReport;
import org.flinkcookbook.report.Mismatch;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.StatementResult;

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

    private final RunSettings settings;
    private final Engine engine;
    private final Engine explainer;
    private final Console console;
    private final RecipeFinder finder;
    private final RecipeParser parser = new RecipeParser();
    private final RecipeGuard guard;

    /**
     * @param explainer the simulator, asked why rows are missing when a recipe fails on Flink; null
     *     when the engine explains its own results
     */
    public CookbookRunner(RunSettings settings, Engine engine, Engine explainer, Console console) {
        this.settings = settings;
        this.engine = engine;
        this.explainer = explainer;
        this.console = console;
        this.finder = new RecipeFinder(settings.baseDirectory());
        this.guard = new RecipeGuard(settings.baseDirectory(), settings.fixturesDirectory(), settings.allowedFunctions());
    }

    public RunSummary run(Mode mode) throws CookbookException {
        if (!Files.isDirectory(settings.recipesDirectory())) {
            throw new CookbookException("the recipes directory " + settings.recipesDirectory()
                    + " does not exist; set cookbook.recipes to the directory that holds the recipes", null);
        }
        Optional<String> lateRowsNotCounted = engine.lateRowsNotCounted();
        if (lateRowsNotCounted.isPresent() && mode == Mode.WRITE_EXPECTED) {
            throw new CookbookException(lateRowsNotCounted.get() + ", and expected files without them would fail every later run "
                    + "that counts them: write expected values on the embedded cluster (leave cookbook.flink.address unset)", null);
        }
        lateRowsNotCounted.ifPresent(reason -> console.warn("Late-row counts are not compared: " + reason));
        long start = System.nanoTime();
        List<Path> files = finder.find(settings.recipesDirectory(), settings.recipeFilter());
        if (files.isEmpty()) {
            console.warn("No recipes found in " + finder.displayPath(settings.recipesDirectory())
                    + (isBlank(settings.recipeFilter()) ? "" : " matching cookbook.recipe=" + settings.recipeFilter())
                    + ": a recipe is a Markdown file with a ```sql block");
        }
        List<RecipeOutcome> outcomes = new ArrayList<>();
        try (RecipeRuns runs = new RecipeRuns(settings.threads())) {
            List<Supplier<RecipeOutcome>> started = files.stream().map(file -> runs.start(() -> runRecipe(file, mode))).toList();
            for (int i = 0; i < files.size(); i++) {
                RecipeOutcome outcome = started.get(i).get(); // in path order, whichever finishes first
                outcomes.add(outcome);
                print(outcome);
                if (settings.annotationRoot() != null) {
                    GithubAnnotations.of(outcome, annotationPath(files.get(i))).forEach(console::raw);
                }
            }
        }
        RunSummary summary = new RunSummary(engine.name(), outcomes, seconds(start));
        writeReports(outcomes, files);
        summary.screen().forEach(console::info);
        return summary;
    }

    private RecipeOutcome runRecipe(Path file, Mode mode) {
        long start = System.nanoTime();
        String path = finder.displayPath(file);
        Recipe recipe;
        try {
            recipe = parser.parse(file, path);
        } catch (RecipeException e) {
            return new RecipeOutcome(path, RecipeStatus.ERROR, seconds(start), List.of(), List.of(), e.line(), stripLocation(e), List.of());
        }
        if (recipe.statements().isEmpty()) {
            Optional<SqlBlock> runnable = recipe.blocks().stream().filter(SqlBlock::runs).findFirst();
            return runnable.isEmpty()
                    ? new RecipeOutcome(path, RecipeStatus.SKIPPED, seconds(start), List.of(), List.of(), 0, null, List.of())
                    : new RecipeOutcome(path, RecipeStatus.ERROR, seconds(start), List.of(), List.of(), runnable.get().firstLine(),
                            "the ```sql blocks hold no SQL statement; write the recipe's SQL or mark the block <!-- cookbook:skip -->", List.of());
        }
        List<Refusal> refusals = guard.check(recipe);
        List<Refusal> refused = ofKind(refusals, Refusal.Kind.REFUSED);
        if (!refused.isEmpty()) {
            return new RecipeOutcome(path, RecipeStatus.ERROR, seconds(start), List.of(), List.of(), refused.get(0).line(),
                    "refused before running: " + describe(refused), List.of());
        }
        List<Refusal> notRunnable = ofKind(refusals, Refusal.Kind.NOT_RUNNABLE);
        if (!notRunnable.isEmpty()) {
            return new RecipeOutcome(path, RecipeStatus.NOT_RUNNABLE, seconds(start), List.of(), List.of(), notRunnable.get(0).line(),
                    "not runnable here: " + describe(notRunnable), recipe.warnings());
        }
        // planning runs no job, so it is safe for recipes whose tables may not be read here
        RecipeRun plan = engine.plan(recipe);
        if (!plan.completed()) {
            return mustBeVerified(recipe, mode, stopped(path, plan, start));
        }
        List<Refusal> needsData = ofKind(refusals, Refusal.Kind.NEEDS_DATA);
        if (!needsData.isEmpty()) {
            return mustBeVerified(recipe, mode, new RecipeOutcome(path, RecipeStatus.PLANNED, seconds(start), List.of(), List.of(),
                    needsData.get(0).line(), "planned, not run: " + describe(needsData), plan.warnings()));
        }
        RecipeRun run = engine.run(recipe);
        if (!run.completed()) {
            return stopped(path, run, start);
        }
        return mode == Mode.VERIFY ? verify(recipe, run, start) : writeExpected(recipe, run, start);
    }

    /**
     * A recipe with expected values, or any recipe under cookbook.requireExpected, must run: only
     * planning it would let a lost fixture binding pass unnoticed, so it is an error.
     */
    private RecipeOutcome mustBeVerified(Recipe recipe, Mode mode, RecipeOutcome outcome) {
        boolean hasExpected = Files.isRegularFile(recipe.expectedFile());
        if (outcome.status() != RecipeStatus.PLANNED || mode != Mode.VERIFY || !(hasExpected || settings.requireExpected())) {
            return outcome;
        }
        String must = hasExpected ? "has expected values" : "must have expected values (cookbook.requireExpected)";
        return new RecipeOutcome(outcome.path(), RecipeStatus.ERROR, outcome.seconds(), List.of(), List.of(), outcome.problemLine(),
                outcome.problem().replaceFirst("^planned[^:]*, not run: ", must + " but cannot run: "), outcome.warnings());
    }

    private RecipeOutcome stopped(String path, RecipeRun run, long start) {
        Problem problem = run.problem();
        return new RecipeOutcome(path, RecipeStatus.of(problem.kind()), seconds(start), run.results(), List.of(), problem.line(),
                problem.message(), run.warnings());
    }

    private static List<Refusal> ofKind(List<Refusal> refusals, Refusal.Kind kind) {
        return refusals.stream().filter(refusal -> refusal.kind() == kind).toList();
    }

    private RecipeOutcome verify(Recipe recipe, RecipeRun run, long start) {
        Path expectedFile = recipe.expectedFile();
        String path = recipe.displayPath();
        if (!Files.isRegularFile(expectedFile)) {
            RecipeStatus status = settings.requireExpected() ? RecipeStatus.FAILED : RecipeStatus.NO_EXPECTED;
            return new RecipeOutcome(path, status, seconds(start), run.results(), List.of(), 1,
                    "has no expected values (" + finder.displayPath(expectedFile) + ")", run.warnings());
        }
        List<ExpectedResult> expected;
        try {
            expected = ExpectedFileFormat.read(expectedFile, finder.displayPath(expectedFile));
        } catch (ExpectedFileException e) {
            return new RecipeOutcome(path, RecipeStatus.ERROR, seconds(start), run.results(), List.of(), 1, e.getMessage(), run.warnings());
        }
        List<Mismatch> mismatches = Comparison.compare(expected, run.results(), engine.lateRowsNotCounted().isEmpty());
        List<String> warnings = new ArrayList<>(run.warnings());
        // passing results are explained too, for the HTML report's timelines; where the engines differ only a failure says so
        List<StatementResult> results = explainer == null ? run.results()
                : Explanations.attach(recipe, run.results(), explainer, mismatches.isEmpty() ? new ArrayList<>() : warnings);
        if (mismatches.isEmpty()) {
            return new RecipeOutcome(path, RecipeStatus.PASSED, seconds(start), results, mismatches, 0, null, run.warnings());
        }
        return new RecipeOutcome(path, RecipeStatus.FAILED, seconds(start), results, mismatches, 0, null, warnings);
    }

    private RecipeOutcome writeExpected(Recipe recipe, RecipeRun run, long start) {
        Path expectedFile = recipe.expectedFile();
        String path = recipe.displayPath();
        try {
            List<ExpectedResult> previous = List.of();
            if (Files.isRegularFile(expectedFile)) {
                try {
                    previous = ExpectedFileFormat.read(expectedFile, finder.displayPath(expectedFile));
                } catch (ExpectedFileException unreadable) {
                    console.warn(unreadable.getMessage() + " (its comments are not kept)");
                }
            }
            ExpectedFileFormat.write(expectedFile, path, run.results(), previous, settings.maxStoredRows());
            return new RecipeOutcome(path, RecipeStatus.WRITTEN, seconds(start), run.results(), List.of(), 0, null, run.warnings());
        } catch (IOException e) {
            return new RecipeOutcome(path, RecipeStatus.ERROR, seconds(start), run.results(), List.of(), 1,
                    "cannot write " + finder.displayPath(expectedFile) + ": " + e.getMessage(), run.warnings());
        }
    }

    private void print(RecipeOutcome outcome) {
        int results = outcome.results().size();
        String line = String.format(Locale.ROOT, "%-12s %s (%d %s, %.1f s)", outcome.status().word().toUpperCase(Locale.ROOT),
                outcome.path(), results, results == 1 ? "result" : "results", outcome.seconds());
        switch (outcome.status()) {
            case FAILED, ERROR, BROKEN -> {
                console.error(line);
                outcome.explanation().forEach(explanation -> console.error("  " + explanation));
                console.error("  " + outcome.remedy());
            }
            case UNSUPPORTED, NO_EXPECTED, NOT_RUNNABLE -> {
                console.warn(line);
                outcome.explanation().forEach(explanation -> console.warn("  " + explanation));
                console.warn("  " + outcome.remedy());
            }
            case PLANNED -> {
                console.info(line);
                outcome.explanation().forEach(explanation -> console.info("  " + explanation));
            }
            default -> console.info(line);
        }
        outcome.warnings().forEach(warning -> console.warn("  " + warning));
    }

    private void writeReports(List<RecipeOutcome> outcomes, List<Path> files) throws CookbookException {
        Path report = settings.reportDirectory().resolve("report.json");
        try {
            JsonReport.write(report, engine.name(), engine.flinkVersion(), outcomes);
            Map<String, Path> recipeFiles = new HashMap<>();
            files.forEach(file -> recipeFiles.put(finder.displayPath(file), file));
            HtmlReport.write(settings.reportDirectory().resolve(HtmlReport.FILE_NAME), engine.name(), engine.flinkVersion(), outcomes,
                    outcome -> expectedResults(recipeFiles.get(outcome.path())));
            JUnitReport.write(settings.junitDirectory(), engine.name(), outcomes);
        } catch (IOException e) {
            throw new CookbookException("cannot write the reports: " + e.getMessage(), e);
        }
    }

    /** The expected values of a recipe for the HTML report's side-by-side rows; none when they cannot be read. */
    private List<ExpectedResult> expectedResults(Path recipeFile) {
        Path expectedFile = recipeFile == null ? null : Recipe.expectedFileOf(recipeFile);
        if (expectedFile == null || !Files.isRegularFile(expectedFile)) {
            return List.of();
        }
        try {
            return ExpectedFileFormat.read(expectedFile, finder.displayPath(expectedFile));
        } catch (ExpectedFileException e) {
            return List.of(); // the recipe's outcome already says so
        }
    }

    /** A recipe's path as GitHub names files: relative to the repository root. */
    private String annotationPath(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path root = settings.annotationRoot().toAbsolutePath().normalize();
        return (absolute.startsWith(root) ? root.relativize(absolute) : absolute).toString().replace('\\', '/');
    }

    private static String describe(List<Refusal> refusals) {
        StringBuilder text = new StringBuilder(refusals.get(0).message());
        for (Refusal more : refusals.subList(1, refusals.size())) {
            text.append("; line ").append(more.line()).append(": ").append(more.message());
        }
        return text.toString();
    }

    /** A recipe exception's message without the "file:line: " it starts with; outcomes add their own. */
    private static String stripLocation(RecipeException e) {
        String prefix = e.file() + ":" + e.line() + ": ";
        String message = e.getMessage();
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
