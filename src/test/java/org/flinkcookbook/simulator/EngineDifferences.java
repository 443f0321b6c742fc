package org.flinkcookbook.simulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;

/**
 * How a run of the simulator disagrees with Flink's run of the same recipe: identical rows (as
 * multisets, or in order for ORDER BY) and identical late-row counts, or a refusal of both at the
 * same line. {@link RecipeFuzzTest}, {@link ExpressionFuzzTest} and {@link AdversarialRecipesTest}
 * compare their recipes with it, run on Flink as cookbook:verify does ({@code FlinkEngine.planAndRun});
 * the sample cookbook is compared through its expected files ({@code run.SampleCookbookTest}).
 */
final class EngineDifferences {

    private EngineDifferences() {}

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
