package org.flinkcookbook.run;

import java.util.List;
import java.util.Locale;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;

/**
 * What a whole run came to.
 *
 * @param report where {@code report.json} was written, as shown to the user
 */
public record RunSummary(String engine, List<RecipeOutcome> outcomes, double seconds, String report) {

    private static final int SCREEN_ROWS = 20;

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

    /**
     * The summary printed at the end of a run: every recipe that did not pass, with its first
     * message, on one screen; the counts follow in {@link #line()}.
     */
    public List<String> screen() {
        List<String> lines = new java.util.ArrayList<>();
        lines.add("------------------------------------------------------------------------");
        lines.add("Cookbook summary (" + engine + ")");
        List<RecipeOutcome> notPassed = outcomes.stream()
                .filter(outcome -> outcome.status() != RecipeStatus.PASSED && outcome.status() != RecipeStatus.WRITTEN)
                .toList();
        for (RecipeOutcome outcome : notPassed.stream().limit(SCREEN_ROWS).toList()) {
            List<String> explanation = outcome.explanation(report);
            String first = explanation.isEmpty() ? outcome.path() : explanation.get(0);
            lines.add(String.format(Locale.ROOT, "  %-12s %s", outcome.status().word().toUpperCase(Locale.ROOT), first));
        }
        if (notPassed.size() > SCREEN_ROWS) {
            lines.add("  ... and " + (notPassed.size() - SCREEN_ROWS) + " more in " + report);
        }
        if (notPassed.isEmpty()) {
            lines.add("  every recipe agrees with its expected values");
        }
        return lines;
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
