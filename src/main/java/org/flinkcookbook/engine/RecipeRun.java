package org.flinkcookbook.engine;

import java.util.List;
import org.flinkcookbook.result.StatementResult;

/**
 * What running one recipe gave: the results of the statements that ran, and the problem that
 * stopped the recipe, if any.
 *
 * @param results results in statement order, up to the statement that failed
 * @param problem why the recipe stopped early, or null when every statement ran
 * @param warnings things the author should know that do not fail the recipe
 */
public record RecipeRun(List<StatementResult> results, Problem problem, List<String> warnings) {

    public RecipeRun {
        results = List.copyOf(results);
        warnings = List.copyOf(warnings);
    }

    public static RecipeRun completed(List<StatementResult> results, List<String> warnings) {
        return new RecipeRun(results, null, warnings);
    }

    public boolean completed() {
        return problem == null;
    }
}
