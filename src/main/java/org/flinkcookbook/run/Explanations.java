package org.flinkcookbook.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.compare.Comparison;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.result.StatementResult;

/**
 * Asks the simulator why a recipe's rows came out as they did on Flink: which rows were dropped as
 * late, by which watermark, from which window. An explanation is attached only to a result the
 * simulator computes exactly as Flink did; where the two engines disagree, that is said instead,
 * since either Flink's behaviour changed or the model is wrong.
 */
final class Explanations {

    private Explanations() {}

    static List<StatementResult> attach(
            Recipe recipe,
            List<StatementResult> flinkResults,
            Engine simulator,
            List<String> warnings,
            GoalCommand mvn) {
        RecipeRun simulated = simulator.run(recipe);
        if (!simulated.completed()) {
            return flinkResults; // the simulator does not model this recipe: nothing to explain with
        }
        List<StatementResult> explained = new ArrayList<>();
        for (int i = 0; i < flinkResults.size(); i++) {
            StatementResult flink = flinkResults.get(i);
            StatementResult model =
                    i < simulated.results().size() ? simulated.results().get(i) : null;
            if (model != null && sameResult(flink, model)) {
                explained.add(flink.withExplanations(model.explanations()));
            } else {
                explained.add(flink);
                warnings.add(
                        recipe.at(flink.line()) + ": the simulator computes a different result than Flink for this "
                                + "statement, so it cannot explain it; run " + mvn.of("simulate")
                                + " to compare the two engines");
            }
        }
        return explained;
    }

    private static boolean sameResult(StatementResult flink, StatementResult model) {
        return flink.key().equals(model.key())
                && Objects.equals(flink.lateRowsDropped(), model.lateRowsDropped())
                && Comparison.compare(List.of(new ExpectedResult(model, null, List.of())), List.of(flink))
                        .isEmpty();
    }
}
