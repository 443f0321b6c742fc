package org.flinkcookbook.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;

/**
 * What a whole run came to.
 *
 * @param engine the engine's name
 * @param outcomes every recipe's outcome, in path order
 * @param seconds the run's wall time
 * @param compared true when results were compared with expected values, false when they were written
 * @param report the display path of {@code report.json}
 * @param command how the user ran the plugin, for the advice
 */
public record RunSummary(
        String engine,
        List<RecipeOutcome> outcomes,
        double seconds,
        boolean compared,
        String report,
        GoalCommand command) {

    /** Recipe lines the summary shows at most, so that it and the failures in it fit on one screen. */
    private static final int SCREEN_ROWS = 20;

    /** The order statuses are listed in: whatever fails the build first, then the others by how much they need doing. */
    private static final List<RecipeStatus> SEVERITY = List.of(
            RecipeStatus.ERROR,
            RecipeStatus.BROKEN,
            RecipeStatus.FAILED,
            RecipeStatus.NO_EXPECTED,
            RecipeStatus.UNSUPPORTED,
            RecipeStatus.NOT_RUNNABLE,
            RecipeStatus.PLANNED,
            RecipeStatus.SKIPPED);

    public RunSummary {
        outcomes = List.copyOf(outcomes);
    }

    public long count(RecipeStatus status) {
        return outcomes.stream().filter(outcome -> outcome.status() == status).count();
    }

    /** True when a recipe failed or is in error, so the build must fail. */
    public boolean failsBuild() {
        return outcomes.stream().anyMatch(RecipeOutcome::failsBuild);
    }

    /**
     * The summary printed at the end of a run, on one screen: the recipes that fail the build first,
     * then the others that did not pass, each status followed by what to do about it; the counts
     * follow in {@link #line()}.
     */
    public List<String> screen() {
        List<String> lines = new ArrayList<>();
        lines.add("------------------------------------------------------------------------");
        lines.add("Cookbook summary (" + engine + "), report: " + report);
        Map<Integer, List<RecipeOutcome>> bySeverity = new TreeMap<>();
        outcomes.stream()
                .filter(outcome -> SEVERITY.contains(outcome.status()))
                .forEach(outcome -> bySeverity
                        .computeIfAbsent(SEVERITY.indexOf(outcome.status()), severity -> new ArrayList<>())
                        .add(outcome));
        int shown = 0;
        for (List<RecipeOutcome> group : bySeverity.values()) {
            RecipeStatus status = group.get(0).status();
            // what fails the build is always listed whole; the rest share what is left of the screen
            int rows = status.failsBuild() ? group.size() : Math.max(0, Math.min(group.size(), SCREEN_ROWS - shown));
            for (RecipeOutcome outcome : group.subList(0, rows)) {
                List<String> explanation = outcome.explanation(report);
                String first = explanation.isEmpty() ? outcome.path() : explanation.get(0);
                lines.add(String.format(Locale.ROOT, "  %-12s %s", status.word().toUpperCase(Locale.ROOT), first));
            }
            shown += rows;
            if (rows < group.size()) {
                lines.add("  ... and " + (group.size() - rows) + " more " + status.word() + " in " + report);
            }
            String remedy = status.remedy(command);
            if (!remedy.isEmpty()) {
                lines.add("  next: " + remedy);
            }
        }
        List<RecipeOutcome> failingOnAVersion = failingOnAVersion();
        for (RecipeOutcome outcome : failingOnAVersion) {
            outcome.failingVersions()
                    .forEach(failure -> lines.add(String.format(
                            Locale.ROOT,
                            "  %-12s %s",
                            ("Flink " + failure.version()).toUpperCase(Locale.ROOT),
                            failure.describe(outcome.path()))));
        }
        if (!failingOnAVersion.isEmpty()) {
            lines.add("  next: " + failingOnAVersion.get(0).versionRemedy(command));
        }
        if (bySeverity.isEmpty() && failingOnAVersion.isEmpty()) {
            lines.add(
                    compared
                            ? "  every recipe agrees with its expected values"
                            : "  wrote the expected values of " + count(RecipeStatus.WRITTEN)
                                    + (count(RecipeStatus.WRITTEN) == 1 ? " recipe" : " recipes"));
        }
        return lines;
    }

    /** What the build makes of this run. */
    public RunVerdict verdict() {
        return new RunVerdict(failsBuild(), line(), failureAdvice());
    }

    /** Why the build fails and what to do, for the build's failure message. */
    public String failureAdvice() {
        List<String> advice = new ArrayList<>();
        SEVERITY.stream()
                .filter(RecipeStatus::failsBuild)
                .filter(status -> count(status) > 0)
                .forEach(status -> advice.add(count(status) + " " + status.word() + ": " + status.remedy(command)));
        List<RecipeOutcome> failingOnAVersion = failingOnAVersion();
        if (!failingOnAVersion.isEmpty()) {
            advice.add(failingOnAVersion.size() + " failing on a listed Flink version (cookbook.flinkVersions): "
                    + failingOnAVersion.get(0).versionRemedy(command));
        }
        return String.join("; ", advice);
    }

    /** The recipes a Flink version listed in cookbook.flinkVersions rejects. */
    private List<RecipeOutcome> failingOnAVersion() {
        return outcomes.stream()
                .filter(outcome -> !outcome.failingVersions().isEmpty())
                .toList();
    }

    /** One line with every count, as printed at the end of the build. */
    public String line() {
        StringBuilder text = new StringBuilder()
                .append(outcomes.size())
                .append(outcomes.size() == 1 ? " recipe" : " recipes")
                .append(" on ")
                .append(engine)
                .append(": ");
        List<String> counts = new ArrayList<>();
        for (RecipeStatus status : RecipeStatus.values()) {
            long count = count(status);
            if (count > 0
                    || status == RecipeStatus.PASSED
                    || status == RecipeStatus.FAILED
                    || status == RecipeStatus.ERROR) {
                counts.add(count + " " + label(status));
            }
        }
        long failingOnAVersion = failingOnAVersion().size();
        if (failingOnAVersion > 0) {
            counts.add(failingOnAVersion + " failing on a listed Flink version");
        }
        return text.append(String.join(", ", counts))
                .append(String.format(Locale.ROOT, " in %.1f s", seconds))
                .toString();
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
