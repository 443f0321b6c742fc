package org.flinkcookbook.run;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.io.LogLines;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.RecipeOutcome;

/**
 * GitHub Actions workflow commands that put a recipe's failures on the lines of the pull request
 * that caused them: {@code ::error file=recipes/x.md,line=42,title=...::message}.
 */
final class GithubAnnotations {

    /** GitHub shows at most ten error annotations per step; more only clutter the log. */
    private static final int MAX_PER_RECIPE = 10;

    private GithubAnnotations() {}

    static List<String> of(RecipeOutcome outcome, String file, GoalCommand mvn) {
        List<String> commands = new ArrayList<>();
        switch (outcome.status()) {
            case FAILED -> {
                if (outcome.mismatches().isEmpty()) {
                    commands.add(command(
                            "error",
                            outcome,
                            file,
                            outcome.problemLine(),
                            outcome.problem() + ". " + outcome.remedy(mvn)));
                }
                for (Mismatch mismatch :
                        outcome.mismatches().stream().limit(MAX_PER_RECIPE).toList()) {
                    commands.add(command(
                            "error", outcome, file, mismatch.line(), mismatch.describe() + ". " + outcome.remedy(mvn)));
                }
            }
            case ERROR, BROKEN ->
                commands.add(command(
                        "error", outcome, file, outcome.problemLine(), outcome.problem() + ". " + outcome.remedy(mvn)));
            case UNSUPPORTED, NO_EXPECTED, NOT_RUNNABLE, ORPHANED ->
                commands.add(command(
                        "warning",
                        outcome,
                        file,
                        outcome.problemLine(),
                        outcome.problem() + ". " + outcome.remedy(mvn)));
            default -> {
                // passed, planned, skipped and written recipes need no annotation
            }
        }
        outcome.failingVersions()
                .forEach(failure -> commands.add(command(
                        "error",
                        "cookbook fails on Flink " + failure.version(),
                        file,
                        failure.line(),
                        "on Flink " + failure.version() + ": " + failure.message() + ". "
                                + outcome.versionRemedy(mvn))));
        return commands;
    }

    /** An annotation titled by what became of the recipe: "cookbook: failed", "cookbook: broken", ... */
    private static String command(String level, RecipeOutcome outcome, String file, int line, String message) {
        return command(level, "cookbook " + outcome.status().word(), file, line, message);
    }

    private static String command(String level, String title, String file, int line, String message) {
        return "::" + level + " file=" + property(file) + ",line=" + Math.max(line, 1) + ",title=" + property(title)
                + "::" + data(message);
    }

    /**
     * Escapes as GitHub's toolkit does for a command's message; any other control character (a
     * value's bell or terminal escape) is shown as {@code ?}, as in every other line of the output.
     */
    private static String data(String text) {
        return LogLines.inOneLine(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"));
    }

    /** Escapes as GitHub's toolkit does for a command's property values. */
    private static String property(String text) {
        return data(text).replace(":", "%3A").replace(",", "%2C");
    }
}
