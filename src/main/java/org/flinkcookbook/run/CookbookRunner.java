package org.flinkcookbook.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.expected.ExpectedFileException;
import org.flinkcookbook.expected.ExpectedFileFormat;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.Comparison;
import org.flinkcookbook.report.JsonReport;
import org.flinkcookbook.report.Mismatch;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;

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
    private final Console console;
    private final RecipeFinder finder;
    private final RecipeParser parser = new RecipeParser();

    public CookbookRunner(RunSettings settings, Engine engine, Console console) {
        this.settings = settings;
        this.engine = engine;
        this.console = console;
        this.finder = new RecipeFinder(settings.baseDirectory());
    }

    public RunSummary run(Mode mode) throws CookbookException {
        if (!Files.isDirectory(settings.recipesDirectory())) {
            throw new CookbookException("the recipes directory " + settings.recipesDirectory()
                    + " does not exist; set cookbook.recipes to the directory that holds the recipes", null);
        }
        long start = System.nanoTime();
        List<Path> files = finder.find(settings.recipesDirectory(), settings.recipeFilter());
        if (files.isEmpty()) {
            console.warn("No recipes found in " + finder.displayPath(settings.recipesDirectory())
                    + (isBlank(settings.recipeFilter()) ? "" : " matching cookbook.recipe=" + settings.recipeFilter())
                    + ": a recipe is a Markdown file with a ```sql block");
        }
        List<RecipeOutcome> outcomes = new ArrayList<>();
        for (Path file : files) {
            RecipeOutcome outcome = runRecipe(file, mode);
            outcomes.add(outcome);
            print(outcome);
        }
        RunSummary summary = new RunSummary(engine.name(), outcomes, seconds(start));
        writeReport(outcomes);
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
            return new RecipeOutcome(path, RecipeStatus.SKIPPED, seconds(start), List.of(), List.of(), 0, null, List.of());
        }
        RecipeRun run = engine.run(recipe);
        if (!run.completed()) {
            Problem problem = run.problem();
            RecipeStatus status = RecipeStatus.of(problem.kind());
            return new RecipeOutcome(path, status, seconds(start), run.results(), List.of(), problem.line(), problem.message(), run.warnings());
        }
        return mode == Mode.VERIFY ? verify(recipe, run, start) : writeExpected(recipe, run, start);
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
        List<Mismatch> mismatches = Comparison.compare(expected, run.results());
        RecipeStatus status = mismatches.isEmpty() ? RecipeStatus.PASSED : RecipeStatus.FAILED;
        return new RecipeOutcome(path, status, seconds(start), run.results(), mismatches, 0, null, run.warnings());
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
        String line = String.format(Locale.ROOT, "%-12s %s (%d results, %.1f s)",
                outcome.status().word().toUpperCase(Locale.ROOT), outcome.path(), outcome.results().size(), outcome.seconds());
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

    private void writeReport(List<RecipeOutcome> outcomes) throws CookbookException {
        Path report = settings.reportDirectory().resolve("report.json");
        try {
            JsonReport.write(report, engine.name(), engine.flinkVersion(), outcomes);
        } catch (IOException e) {
            throw new CookbookException("cannot write " + report + ": " + e.getMessage(), e);
        }
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
