package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.testing.Recipes;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential fuzzing of expressions and casts: recipes from {@link ExpressionGrammar}, each a
 * SELECT of many expressions over edge values, run on Flink (one job per recipe) and on the
 * simulator. The simulator may call an expression unsupported (it is then left out, found alone,
 * as the simulator is cheap), never give other values or fail where Flink does not. A disagreement
 * is shrunk to one expression and the fewest rows that still disagree.
 *
 * <p>Defaults fit {@code mvn verify}: 8 recipes of 12 expressions, seed 13. A larger run:
 * {@code mvn test -Dtest=ExpressionFuzzTest -Dcookbook.fuzz.cases=500 -Dcookbook.fuzz.seed=7}.
 */
@ExtendWith(SharedFlink.class)
class ExpressionFuzzTest {

    private static final int CASES = Integer.getInteger("cookbook.fuzz.cases", 8);
    private static final long SEED = Long.getLong("cookbook.fuzz.seed", 13L);
    private static final int EXPRESSIONS = 12;

    @TempDir
    Path directory;

    private SimulatorEngine simulator;
    private int runs;
    private int plannerAssertions;

    @Test
    void generatedExpressionsGiveFlinksValuesOrAreUnsupported(FlinkEngine flink) {
        simulator = new SimulatorEngine(directory.resolve("fixtures"));
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        int unsupported = 0;
        for (int index = 0; index < CASES; index++) {
            ExpressionGrammar.Case drawn = ExpressionGrammar.draw(SEED, index, EXPRESSIONS);
            List<String> modelled = new ArrayList<>();
            for (String expression : drawn.expressions()) {
                if (isUnsupported(simulate(drawn.withExpressions(List.of(expression))))) {
                    unsupported++;
                } else {
                    modelled.add(expression);
                }
            }
            if (modelled.isEmpty()) {
                continue;
            }
            ExpressionGrammar.Case candidate = drawn.withExpressions(modelled);
            compared += modelled.size();
            if (!agree(flink, candidate)) {
                ExpressionGrammar.Case minimal = shrink(flink, candidate);
                disagreements.add(minimal.sql()
                        + minimal.csv()
                        + String.join(
                                "\n",
                                EngineDifferences.differences(
                                        "shrunk", flink.run(recipe(minimal)), simulate(minimal))));
            }
        }
        System.out.printf(
                "expression fuzzing, seed %d: %d recipes, %d expressions compared with Flink, %d unsupported, "
                        + "%d runs Flink's planner failed an assertion on, %d disagreements%n",
                SEED, CASES, compared, unsupported, plannerAssertions, disagreements.size());
        assertThat(disagreements).isEmpty();
    }

    private boolean agree(FlinkEngine flink, ExpressionGrammar.Case candidate) {
        RecipeRun simulated = simulate(candidate);
        if (isUnsupported(simulated)) {
            return true; // together they may meet a construct that alone they did not
        }
        RecipeRun real;
        try {
            real = flink.run(recipe(candidate));
        } catch (AssertionError plannerAssertion) {
            // Calcite's own assertions (on under Surefire) fail on some plans, such as COALESCE('yes', s): no answer to
            // compare
            plannerAssertions++;
            return true;
        }
        return EngineDifferences.differences("fuzzed", real, simulated).isEmpty();
    }

    /** One expression, then the fewest rows, that still disagree. */
    private ExpressionGrammar.Case shrink(FlinkEngine flink, ExpressionGrammar.Case failing) {
        ExpressionGrammar.Case smallest = failing;
        for (String expression : failing.expressions()) {
            ExpressionGrammar.Case alone = failing.withExpressions(List.of(expression));
            if (!agree(flink, alone)) {
                smallest = alone;
                break;
            }
        }
        for (int row = smallest.rows().size() - 1; row >= 0 && smallest.rows().size() > 1; row--) {
            List<List<String>> fewer = new ArrayList<>(smallest.rows());
            fewer.remove(row);
            ExpressionGrammar.Case candidate = smallest.withRows(fewer);
            if (!agree(flink, candidate)) {
                smallest = candidate;
            }
        }
        return smallest;
    }

    private RecipeRun simulate(ExpressionGrammar.Case candidate) {
        return simulator.run(recipe(candidate));
    }

    private Recipe recipe(ExpressionGrammar.Case candidate) {
        String name = "fuzz" + runs++;
        Recipes.fixture(directory.resolve("fixtures"), name + ".csv", candidate.csv());
        Path csv = directory.resolve("fixtures").resolve(name + ".csv").toAbsolutePath();
        return Recipes.recipe(directory, name, "<!-- cookbook:fixture events = " + csv + " -->", candidate.sql());
    }

    private static boolean isUnsupported(RecipeRun run) {
        return run.problem() != null && run.problem().status() == RecipeStatus.UNSUPPORTED;
    }
}
