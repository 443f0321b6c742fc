package org.flinkcookbook.run;

import java.util.List;
import java.util.Locale;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;

/** What a whole run came to. */
public record RunSummary(String engine, List<RecipeOutcome> outcomes, double seconds) {

    public RunSummary {
        outcomes = List.copyOf(outcomes);
    }

    public long count(RecipeStatus status) {
        return outcomes.stream().filter(outcome -> outcome.status() == status).count();
    }

    /** True when a recipe failed or is in error, so the build must fail. */
    public boolean failsBuild() {
        return outcomes.stream().anyMatch(outcome -> outcome.status().failsBuild());
    }

    /** One line with every count, as printed at the end of the build. */
    public String line() {
        StringBuilder text = new StringBuilder()
                .append(outcomes.size()).append(outcomes.size() == 1 ? " recipe" : " recipes").append(" on ").append(engine).append(": ");
        List<String> counts = new java.util.ArrayList<>();
        for (RecipeStatus status : RecipeStatus.values()) {
            long count = count(status);
            if (count > 0 || status == RecipeStatus.PASSED || status == RecipeStatus.FAILED || status == RecipeStatus.ERROR) {
                counts.add(count + " " + label(status));
            }
        }
        return text.append(String.join(", ", counts)).append(String.format(Locale.ROOT, " in %.1f s", seconds)).toString();
    }

    private static String label(RecipeStatus status) {
        return switch (status) {
            case NO_EXPECTED -> "without expected values";
            case UNSUPPORTED -> "unsupported by the simulator";
            case PLANNED -> "planned only";
            case NOT_RUNNABLE -> "not runnable here";
            default -> status.word();
        };
    }
}
