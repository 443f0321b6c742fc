package org.flinkcookbook.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.HtmlReport;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.report.Remedy;

/**
 * What a whole run came to.
 *
 * @param engine the engine's name
 * @param outcomes every recipe's outcome, in path order
 * @param seconds the run's wall time
 * @param compared true when results were compared with expected values, false when they were written
 * @param report the display path of {@code report.json}
 * @param htmlReport the path of {@code index.html}, as it opens from wherever Maven ran
 * @param command how the user ran the plugin, for the advice
 */
public record RunSummary(
        String engine,
        List<RecipeOutcome> outcomes,
        double seconds,
        boolean compared,
        String report,
        String htmlReport,
        GoalCommand command) {

    /** Recipe lines the summary shows at most for what does not fail the build, so that the rest fits on one screen. */
    private static final int SCREEN_ROWS = 12;

    /** Recipes a command names one by one ({@code -Dcookbook.recipe=a.md,b.md}) at most; more get the command for all. */
    private static final int NAMED_RECIPES = 3;

    /**
     * The order statuses are listed in, most in need of attention first; the summary prints them in
     * reverse, so that what fails the build ends it, on the last screen, above Maven's verdict.
     */
    private static final List<RecipeStatus> SEVERITY = List.of(
            RecipeStatus.ERROR,
            RecipeStatus.BROKEN,
            RecipeStatus.FAILED,
            RecipeStatus.ORPHANED,
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

    /**
     * True when a recipe failed or is in error, so the build must fail. Writing expected values
     * ({@code cookbook:expected}) writes what it can: a recipe Flink rejects (broken) has no values
     * to write, and is reported without failing the build; {@code cookbook:verify} fails on it.
     */
    public boolean failsBuild() {
        return outcomes.stream().anyMatch(this::failsBuild);
    }

    /** A broken recipe fails verify, not expected (which writes what it can); a failure on a listed Flink version fails both. */
    private boolean failsBuild(RecipeOutcome outcome) {
        return failsBuild(outcome.status()) || !outcome.failingVersions().isEmpty();
    }

    private boolean failsBuild(RecipeStatus status) {
        return status.failsBuild() && (compared || status != RecipeStatus.BROKEN);
    }

    /**
     * The summary printed at the end of a run, on one screen: the recipes that did not pass, by
     * status, each status followed by what to do about it, what fails the build last; recipes only
     * planned in one line. The counts follow in {@link #line()}.
     */
    public List<String> screen() {
        List<String> lines = new ArrayList<>();
        lines.add("------------------------------------------------------------------------");
        lines.add("Cookbook summary (" + engine + "), report: " + report);
        Map<Integer, List<RecipeOutcome>> bySeverity = new TreeMap<>(Comparator.reverseOrder());
        outcomes.stream()
                .filter(outcome -> SEVERITY.contains(outcome.status()))
                .forEach(outcome -> bySeverity
                        .computeIfAbsent(SEVERITY.indexOf(outcome.status()), severity -> new ArrayList<>())
                        .add(outcome));
        int shown = 0;
        for (List<RecipeOutcome> ofStatus : bySeverity.values()) {
            List<RecipeOutcome> group = ofStatus;
            RecipeStatus status = group.get(0).status();
            String word = String.format(Locale.ROOT, "  %-12s ", status.word().toUpperCase(Locale.ROOT));
            List<RecipeOutcome> needData = group.stream()
                    .filter(outcome -> outcome.fix().runs(CookbookRunner.FIXTURES)
                            || outcome.fix().runs(CookbookRunner.ALL_FIXTURES))
                    .toList();
            if (status == RecipeStatus.PLANNED && needData.size() > 1) {
                boolean all =
                        needData.stream().anyMatch(outcome -> outcome.fix().runs(CookbookRunner.ALL_FIXTURES));
                lines.add(word + needData.size() + " recipes read tables that have no data here; each is listed in "
                        + report);
                lines.add("  next: run "
                        + commandFor(needData).of(all ? CookbookRunner.ALL_FIXTURES : CookbookRunner.FIXTURES)
                        + " to generate their data, each table's at the place its recipe looks for it");
                group = group.stream()
                        .filter(outcome -> !needData.contains(outcome))
                        .toList();
                if (group.isEmpty()) {
                    continue;
                }
            }
            // what fails the build is always listed whole; the rest share what is left of the screen
            int rows = failsBuild(status) ? group.size() : Math.max(0, Math.min(group.size(), SCREEN_ROWS - shown));
            for (RecipeOutcome outcome : group.subList(0, rows)) {
                List<String> explanation = outcome.explanation(report);
                lines.add(word + (explanation.isEmpty() ? outcome.path() : explanation.get(0)));
            }
            shown += rows;
            if (rows < group.size()) {
                lines.add("  ... and " + (group.size() - rows) + " more " + status.word() + " in " + report);
            }
            remedies(group).forEach(remedy -> lines.add("  next: " + remedy));
            if (status == RecipeStatus.BROKEN && !compared) {
                lines.add("  (" + count(status) + " broken " + (count(status) == 1 ? "recipe has" : "recipes have")
                        + " no values to write, so this goal goes on; cookbook:verify fails on "
                        + (count(status) == 1 ? "it" : "them") + ")");
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
        lines.add("  open " + htmlReport + " for "
                + (htmlReport.endsWith(HtmlReport.SELECTED_FILE_NAME)
                        ? "the results of the recipes this run selected"
                        : "every recipe's results"));
        return lines;
    }

    /**
     * What to do about recipes of one status: each distinct remedy once, with the command for the
     * recipes it puts right alone when they are few ({@code -Dcookbook.recipe=a.md,b.md}), else the
     * one for all. A recipe put right otherwise than its status's way (an orphaned expected file among
     * failed recipes, a fixture to fix among recipe errors) gets a line of its own.
     */
    private List<String> remedies(List<RecipeOutcome> group) {
        Map<Remedy, List<RecipeOutcome>> byRemedy = new LinkedHashMap<>();
        group.forEach(outcome -> byRemedy.computeIfAbsent(outcome.fix(), remedy -> new ArrayList<>())
                .add(outcome));
        return byRemedy.entrySet().stream()
                .filter(entry -> !entry.getKey().isEmpty())
                .map(entry -> entry.getKey().render(commandFor(entry.getValue())))
                .toList();
    }

    /** The command for these recipes alone when they are few, else for all. */
    private GoalCommand commandFor(List<RecipeOutcome> recipes) {
        return recipes.size() <= NAMED_RECIPES
                ? command.forRecipe(String.join(
                        ",", recipes.stream().map(RecipeOutcome::path).toList()))
                : command;
    }

    /** What the build makes of this run. */
    public RunVerdict verdict() {
        return new RunVerdict(failsBuild(), line(), failureAdvice());
    }

    /** Why the build fails and what to do, for the build's failure message. */
    public String failureAdvice() {
        List<String> advice = new ArrayList<>();
        SEVERITY.stream()
                .filter(this::failsBuild)
                .filter(status -> count(status) > 0)
                .forEach(status -> advice.add(count(status) + " " + label(status, count(status)) + ": "
                        + String.join(
                                "; ",
                                remedies(outcomes.stream()
                                        .filter(outcome -> outcome.status() == status)
                                        .toList()))));
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
        long recipes = outcomes.size() - count(RecipeStatus.ORPHANED);
        StringBuilder text = new StringBuilder()
                .append(recipes)
                .append(recipes == 1 ? " recipe" : " recipes")
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
                counts.add(count + " " + label(status, count));
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

    private static String label(RecipeStatus status, long count) {
        return switch (status) {
            case NO_EXPECTED -> "without expected values";
            case UNSUPPORTED -> "unsupported by the simulator";
            case PLANNED -> "planned only";
            case NOT_RUNNABLE -> "not runnable here";
            case ERROR -> count == 1 ? "error" : "errors";
            case ORPHANED -> count == 1 ? "expected file without a recipe" : "expected files without a recipe";
            default -> status.word();
        };
    }
}
