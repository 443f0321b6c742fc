package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeFinder;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the simulator and Flink on every recipe under {@code recipes/} and asserts identical rows
 * (as multisets, or in order for ORDER BY) and identical late-row counts; {@link #differences} is
 * the comparison {@link RecipeFuzzTest} and {@link ExpressionFuzzTest} use for generated recipes, which
 * they run on Flink as cookbook:verify does ({@code FlinkEngine.planAndRun}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SharedFlink.class)
class DifferentialTest {

    private static final Path PROJECT_FIXTURES = Path.of("fixtures").toAbsolutePath();

    private FlinkEngine flink;

    @BeforeAll
    void startEngine(KeptCluster cluster) {
        flink = SharedFlink.engine(cluster, PROJECT_FIXTURES);
    }

    @AfterAll
    void stopEngine() {
        flink.close();
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
        assertThat(recipes)
                .as("the sample cookbook this test compares the engines on")
                .isDirectory();
        List<Path> files = finder.find(recipes, "");
        assertThat(files).as("recipes under " + recipes).isNotEmpty();
        for (Path file : files) {
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

    /** Every way the two runs disagree, each as one line naming the case. */
    static List<String> differences(String name, RecipeRun expected, RecipeRun actual) {
        List<String> out = new ArrayList<>();
        if (!Objects.equals(describe(expected.problem()), describe(actual.problem()))) {
            out.add(name + ": Flink stopped with " + message(expected.problem()) + ", the simulator with "
                    + message(actual.problem()));
        }
        if (expected.problem() != null && expected.problem().status() == RecipeStatus.BROKEN) {
            return out; // refused by Flink's planner (Engine.planAndRun), which gives no rows to compare
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
