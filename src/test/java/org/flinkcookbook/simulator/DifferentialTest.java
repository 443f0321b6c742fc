package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the simulator and Flink on the same recipes and asserts identical rows (as multisets, or in
 * order for ORDER BY) and identical late-row counts: every recipe under {@code recipes/}, and
 * seeded random recipes from {@link GeneratedCase}. One Flink engine serves all cases.
 *
 * <p>Defaults keep mvn verify under 6 minutes: 100 generated cases, seed 20240301. A larger sweep:
 * {@code mvn test -Dtest=DifferentialTest -Dcookbook.differential.cases=5000 -Dcookbook.differential.seed=7}.
 * A generated case whose simulated result the simulator itself flags as processing-time dependent
 * is reported but not failed when Flink disagrees: Flink's outcome then depends on timing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DifferentialTest {

    private static final int CASES = Integer.getInteger("cookbook.differential.cases", 100);
    private static final long SEED = Long.getLong("cookbook.differential.seed", 20240301L);
    private static final Path PROJECT_FIXTURES = Path.of("fixtures").toAbsolutePath();

    @TempDir
    Path workDirectory;

    private FlinkEngine flink;
    private SimulatorEngine simulator;

    @BeforeAll
    void startEngines() {
        flink = new FlinkEngine(new FlinkSettings(PROJECT_FIXTURES, Duration.ofSeconds(120), false));
        simulator = new SimulatorEngine(PROJECT_FIXTURES, true);
    }

    @AfterAll
    void stopEngines() {
        flink.close();
        simulator.close();
    }

    /**
     * A sample recipe the simulator cannot model to its end (joins, OVER, session windows ...) is
     * compared up to the statement it stopped at.
     */
    @Test
    void sampleRecipesGiveFlinksResults() throws RecipeException {
        Path recipes = Path.of("recipes");
        SimulatorEngine lenient = new SimulatorEngine(PROJECT_FIXTURES);
        List<String> differences = new ArrayList<>();
        RecipeFinder finder = new RecipeFinder(Path.of("").toAbsolutePath());
        for (Path file : Files.isDirectory(recipes) ? finder.find(recipes, "") : List.<Path>of()) {
            Recipe recipe = new RecipeParser().parse(file, finder.displayPath(file));
            RecipeRun simulated = lenient.run(recipe);
            RecipeRun real = flink.run(recipe);
            if (simulated.problem() != null && simulated.problem().status() == RecipeStatus.UNSUPPORTED) {
                System.out.println(recipe.displayPath() + ": compared up to line "
                        + simulated.problem().line() + ", "
                        + simulated.problem().message());
                real = RecipeRun.stopped(
                        real.results()
                                .subList(
                                        0,
                                        Math.min(
                                                real.results().size(),
                                                simulated.results().size())),
                        simulated.problem(),
                        real.warnings());
            }
            differences.addAll(differences(recipe.displayPath(), real, simulated));
        }
        assertThat(differences).isEmpty();
    }

    @Test
    void generatedRecipesGiveFlinksResults() {
        Path fixtures = workDirectory.resolve("fixtures");
        List<String> differences = new ArrayList<>();
        List<String> timingDependent = new ArrayList<>();
        for (int index = 0; index < CASES; index++) {
            GeneratedCase generated = GeneratedCase.draw(SEED, index);
            Recipes.fixture(fixtures, generated.name() + ".csv", generated.csv());
            // an absolute fixture path resolves to itself against the engines' fixtures directory
            Path csv = fixtures.resolve(generated.name() + ".csv").toAbsolutePath();
            Recipe recipe = Recipes.recipe(
                    workDirectory, generated.name(), "<!-- cookbook:fixture events = " + csv + " -->", generated.sql());
            RecipeRun simulated = simulator.run(recipe);
            List<String> found = differences(generated.description(), flink.run(recipe), simulated);
            if (found.isEmpty()) {
                continue;
            }
            String explained = String.join("\n", found) + "\n" + generated.sql() + generated.csv();
            if (simulated.warnings().stream().anyMatch(warning -> warning.contains("processing time"))) {
                timingDependent.add(explained);
            } else {
                differences.add(explained);
            }
        }
        timingDependent.forEach(
                difference -> System.out.println("processing-time dependent, not failed:\n" + difference));
        assertThat(differences).isEmpty();
    }

    /** Every way the two runs disagree, each as one line naming the case. */
    static List<String> differences(String name, RecipeRun expected, RecipeRun actual) {
        List<String> out = new ArrayList<>();
        if (!Objects.equals(describe(expected.problem()), describe(actual.problem()))) {
            out.add(name + ": Flink stopped with " + message(expected.problem()) + ", the simulator with "
                    + message(actual.problem()));
        }
        if (expected.results().size() != actual.results().size()) {
            out.add(name + ": Flink gave " + expected.results().size() + " results, the simulator "
                    + actual.results().size());
            return out;
        }
        for (int i = 0; i < expected.results().size(); i++) {
            StatementResult flinkResult = expected.results().get(i);
            StatementResult simulated = actual.results().get(i);
            String at = name + " line " + flinkResult.line();
            if (!flinkResult.columns().equals(simulated.columns())) {
                out.add(at + ": columns " + flinkResult.columns() + " vs simulated " + simulated.columns());
            }
            if (!rows(flinkResult).equals(rows(simulated))) {
                out.add(at + ": rows\n  flink     " + rows(flinkResult) + "\n  simulator " + rows(simulated));
            }
            if (!Objects.equals(flinkResult.lateRowsDropped(), simulated.lateRowsDropped())) {
                out.add(at + ": late rows " + flinkResult.lateRowsDropped() + " vs simulated "
                        + simulated.lateRowsDropped() + " "
                        + simulated.explanations().lateRows());
            }
        }
        return out;
    }

    /**
     * Engines word errors differently: a problem agrees when its kind and line do. Flink refuses a
     * statement while planning it (BROKEN) that the simulator refuses while interpreting it (ERROR):
     * both are refusals.
     */
    private static String describe(Problem problem) {
        if (problem == null) {
            return "no problem";
        }
        RecipeStatus kind = problem.status() == RecipeStatus.BROKEN ? RecipeStatus.ERROR : problem.status();
        return kind + " at line " + problem.line();
    }

    private static String message(Problem problem) {
        return problem == null ? "no problem" : describe(problem) + ": " + problem.message();
    }

    private static List<String> rows(StatementResult result) {
        List<String> rows =
                new ArrayList<>(result.rows().stream().map(ResultRow::toString).toList());
        if (!result.ordered()) {
            rows.sort(null);
        }
        return rows;
    }
}
