package org.flinkcookbook.engine;

import java.util.List;
import org.flinkcookbook.result.StatementResult;

/**
 * What planning or running one recipe gave: the results of the statements that ran, and what kept
 * it from running to its end, if anything.
 *
 * @param results results in statement order, up to the statement that failed
 * @param problem why the recipe stopped early, or null
 * @param plannedOnly why the recipe was only planned, not run, or null; never with a problem
 * @param warnings things the author should know that do not fail the recipe
 */
public record RecipeRun(
        List<StatementResult> results, Problem problem, PlannedOnly plannedOnly, List<String> warnings) {

    public RecipeRun {
        results = List.copyOf(results);
        warnings = List.copyOf(warnings);
        if (problem != null && plannedOnly != null) {
            throw new IllegalArgumentException("a recipe that stopped at a problem was not planned only");
        }
    }

    public static RecipeRun completed(List<StatementResult> results, List<String> warnings) {
        return new RecipeRun(results, null, null, warnings);
    }

    public static RecipeRun stopped(List<StatementResult> results, Problem problem, List<String> warnings) {
        return new RecipeRun(results, problem, null, warnings);
    }

    public static RecipeRun plannedOnly(PlannedOnly plannedOnly, List<String> warnings) {
        return new RecipeRun(List.of(), null, plannedOnly, warnings);
    }

    /** True when every statement ran (or was planned) and the recipe may go on. */
    public boolean completed() {
        return problem == null && plannedOnly == null;
    }
}
