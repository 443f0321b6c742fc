package org.flinkcookbook.report;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.WatermarkCheck;

/**
 * What became of one recipe in a run.
 *
 * @param path the recipe's display path
 * @param status how it came out
 * @param seconds how long it took
 * @param results the results it produced
 * @param mismatches how they differ from the expected values
 * @param problemLine the Markdown line of the error or unsupported construct, or 0
 * @param problem what stopped the recipe, or null
 * @param warnings things worth knowing that did not fail it
 */
public record RecipeOutcome(
        String path,
        RecipeStatus status,
        double seconds,
        List<StatementResult> results,
        List<Mismatch> mismatches,
        int problemLine,
        String problem,
        List<String> warnings) {

    private static final int MAX_EXPLAINED_ROWS = 10;

    public RecipeOutcome {
        results = List.copyOf(results);
        mismatches = List.copyOf(mismatches);
        warnings = List.copyOf(warnings);
    }

    /** The lines that explain a failure or error in the build output, each naming file and line. */
    public List<String> explanation() {
        return switch (status) {
            case FAILED -> mismatches.isEmpty() ? List.of(path + ":" + problemLine + ": " + problem) : mismatchLines();
            case ERROR, BROKEN, NOT_RUNNABLE, PLANNED, UNSUPPORTED, NO_EXPECTED -> List.of(path + ":" + problemLine + ": " + problem);
            default -> List.of();
        };
    }

    /** Each mismatch, then for a result the simulator explained, the rows that made its numbers short. */
    private List<String> mismatchLines() {
        List<String> lines = new ArrayList<>();
        mismatches.forEach(mismatch -> lines.add(path + ":" + mismatch.line() + ": " + mismatch.describe()));
        for (StatementResult result : results) {
            boolean failed = mismatches.stream().anyMatch(mismatch -> mismatch.line() == result.line());
            if (!failed) {
                continue;
            }
            List<LateRow> late = result.explanations().lateRows();
            if (!late.isEmpty()) {
                lines.add(path + ":" + result.line() + ": " + late.size() + " rows dropped as late:");
                late.stream().limit(MAX_EXPLAINED_ROWS).forEach(row -> lines.add("  " + row));
                addMore(lines, late.size());
            }
            List<WatermarkCheck> filtered = result.explanations().watermarkChecks().stream().filter(check -> !check.passed()).toList();
            if (!filtered.isEmpty()) {
                lines.add(path + ":" + result.line() + ": " + filtered.size() + " rows filtered out by CURRENT_WATERMARK:");
                filtered.stream().limit(MAX_EXPLAINED_ROWS).forEach(check -> lines.add("  " + check));
                addMore(lines, filtered.size());
            }
        }
        return lines;
    }

    private static void addMore(List<String> lines, int total) {
        if (total > MAX_EXPLAINED_ROWS) {
            lines.add("  ... and " + (total - MAX_EXPLAINED_ROWS) + " more in report.json");
        }
    }

    /** The command that puts things right, ending every message about this recipe. */
    public String remedy(GoalCommand mvn) {
        return status.remedy(mvn);
    }
}
