package org.flinkcookbook.report;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.compare.LateRowChanges;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.WatermarkCheck;
import org.flinkcookbook.versions.VersionOutcome;
import org.flinkcookbook.versions.VersionResults;

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
 * @param cached true when it passed before on the same inputs, so it was not run; its results and
 *     warnings are those of the run that passed
 * @param remedy the command or step that puts this recipe right, naming it; null for its status's own
 * @param flinkVersions its outcome on each Flink version listed in cookbook.flinkVersions, oldest
 *     first; a failure on one fails the build
 * @param expected the expected values its results were compared with, read once for the build's
 *     output and every report; empty when none were read
 */
public record RecipeOutcome(
        String path,
        RecipeStatus status,
        double seconds,
        List<StatementResult> results,
        List<Mismatch> mismatches,
        int problemLine,
        String problem,
        List<String> warnings,
        boolean cached,
        Remedy remedy,
        List<VersionOutcome> flinkVersions,
        List<ExpectedResult> expected) {

    private static final int MAX_EXPLAINED_ROWS = 10;

    public RecipeOutcome {
        results = List.copyOf(results);
        mismatches = List.copyOf(mismatches);
        warnings = List.copyOf(warnings);
        flinkVersions = List.copyOf(flinkVersions);
        expected = List.copyOf(expected);
    }

    /** An outcome of the recipe at {@code path}, built step by step; nothing but the status is required. */
    public static Builder of(String path, RecipeStatus status) {
        return new Builder(path, status);
    }

    /** The steps of an outcome: each names what it sets; what is not set is empty. */
    public static final class Builder {
        private final String path;
        private final RecipeStatus status;
        private double seconds;
        private List<StatementResult> results = List.of();
        private List<Mismatch> mismatches = List.of();
        private int problemLine;
        private String problem;
        private List<String> warnings = List.of();
        private boolean cached;
        private Remedy remedy;
        private List<VersionOutcome> flinkVersions = List.of();
        private List<ExpectedResult> expected = List.of();

        private Builder(String path, RecipeStatus status) {
            this.path = path;
            this.status = status;
        }

        public Builder seconds(double seconds) {
            this.seconds = seconds;
            return this;
        }

        public Builder results(List<StatementResult> results) {
            this.results = results;
            return this;
        }

        public Builder mismatches(List<Mismatch> mismatches) {
            this.mismatches = mismatches;
            return this;
        }

        /** The expected values the results were compared with. */
        public Builder expected(List<ExpectedResult> expectedResults) {
            this.expected = expectedResults;
            return this;
        }

        /** What stopped the recipe or kept it from being verified, at its Markdown line. */
        public Builder problem(int line, String message) {
            this.problemLine = line;
            this.problem = message;
            return this;
        }

        public Builder warnings(List<String> warnings) {
            this.warnings = warnings;
            return this;
        }

        /** It passed before on the same inputs and settings, so it was not run. */
        public Builder cached() {
            this.cached = true;
            return this;
        }

        /** The command or step that puts the recipe right, instead of its status's own. */
        public Builder remedy(Remedy remedy) {
            this.remedy = remedy;
            return this;
        }

        /** Its outcomes on the Flink versions listed in cookbook.flinkVersions. */
        public Builder flinkVersions(List<VersionOutcome> outcomes) {
            this.flinkVersions = outcomes;
            return this;
        }

        public RecipeOutcome build() {
            return new RecipeOutcome(
                    path,
                    status,
                    seconds,
                    results,
                    mismatches,
                    problemLine,
                    problem,
                    warnings,
                    cached,
                    remedy,
                    flinkVersions,
                    expected);
        }
    }

    /** This outcome with its outcomes on the listed Flink versions. */
    public RecipeOutcome withFlinkVersions(List<VersionOutcome> outcomes) {
        return toBuilder().flinkVersions(outcomes).build();
    }

    /** The listed Flink versions that reject one of its statements. */
    public List<VersionOutcome> failingVersions() {
        return flinkVersions.stream().filter(VersionOutcome::fails).toList();
    }

    /** True when it fails the build: by its status, or on a listed Flink version. */
    public boolean failsBuild() {
        return status.failsBuild() || !failingVersions().isEmpty();
    }

    /** What puts a failure on a listed Flink version right, ending its message. */
    public String versionRemedy(GoalCommand mvn) {
        List<VersionOutcome> failing = failingVersions();
        String newestFailing = failing.get(failing.size() - 1).version();
        String marker = VersionResults.worksSince(flinkVersions)
                .map(since -> "<!-- cookbook:flink >= " + since + " -->")
                .orElse("<!-- cookbook:flink >= VERSION --> with the oldest Flink after " + newestFailing
                        + " that plans it");
        return "mark the recipe " + marker + ", or write it so that Flink " + newestFailing + " plans it, then run "
                + mvn.of("verify") + " again";
    }

    /**
     * The lines that explain a failure or error in the build output, each naming file and line.
     *
     * @param report where {@code report.json} is written, as shown to the user: it lists what these lines leave out
     */
    public List<String> explanation(String report) {
        return switch (status) {
            case FAILED ->
                mismatches.isEmpty() ? List.of(path + ":" + problemLine + ": " + problem) : mismatchLines(report);
            case ERROR, BROKEN, NOT_RUNNABLE, PLANNED, UNSUPPORTED, NO_EXPECTED, ORPHANED ->
                List.of(path + ":" + problemLine + ": " + problem);
            default -> List.of();
        };
    }

    /**
     * Each mismatch, then for a result the simulator explained, the rows that made its numbers
     * differ: first those whose fate changed against the expected values, marked.
     */
    private List<String> mismatchLines(String report) {
        List<String> lines = new ArrayList<>();
        mismatches.forEach(mismatch -> lines.add(path + ":" + mismatch.line() + ": " + mismatch.describe()));
        for (StatementResult result : results) {
            List<Mismatch> own = mismatches.stream()
                    .filter(mismatch -> mismatch.isAbout(result))
                    .toList();
            if (own.isEmpty()) {
                continue;
            }
            lateRowLines(lines, result, own, report);
            List<WatermarkCheck> checks = result.explanations().watermarkChecks();
            long filtered = checks.stream().filter(check -> !check.passed()).count();
            List<String> checkLines = ChangedFates.watermarkChecks(checks, own);
            if (!checkLines.isEmpty()) {
                lines.add(path + ":" + result.line() + ": " + filtered + " rows filtered out by CURRENT_WATERMARK:");
                addRows(lines, checkLines, report);
            }
        }
        return lines;
    }

    /**
     * The late rows of a failed result: where the expected file and the engine both name them, those
     * whose lateness changed (or all, unmarked, when none did: a query or an on-time row changed the
     * windows); otherwise all, those in a window that changed first.
     */
    private void lateRowLines(List<String> lines, StatementResult result, List<Mismatch> own, String report) {
        String at = path + ":" + result.line() + ": ";
        List<LateRow> late = result.explanations().lateRows();
        LateRowChanges changes = lateRowChanges(result);
        if (changes == null || changes.size() == 0) {
            if (!late.isEmpty()) {
                lines.add(at + late.size() + " rows dropped as late:");
                addRows(
                        lines,
                        changes == null ? ChangedFates.lateRows(late, own) : ChangedFates.lateRows(late, List.of()),
                        report);
            }
            return;
        }
        List<FixtureLine> now = result.lateRowLines();
        lines.add(at + now.size() + " rows dropped as late (the expected file names "
                + expectedFor(result).lateRows().size() + "); the " + changes.size() + " whose lateness changed:");
        addRows(lines, ChangedFates.changedLateRows(late, changes), report);
        int same = now.size() - changes.newlyLate().size();
        if (same > 0) {
            lines.add("  " + (same == 1 ? "the other row was" : "the other " + same + " were")
                    + " dropped as late before too (" + report + " lists every one)");
        }
    }

    /**
     * Which of a result's late rows changed against the expected file it was compared with: null where
     * that file or the engine does not name its late rows (or it was not compared).
     */
    public LateRowChanges lateRowChanges(StatementResult result) {
        ExpectedResult expectedResult = expectedFor(result);
        List<FixtureLine> before = expectedResult == null ? null : expectedResult.lateRows();
        List<FixtureLine> now = result.lateRowLines();
        return before == null || now == null ? null : LateRowChanges.of(before, now);
    }

    /** The expected result this result was compared with: the same statement and sink, the nearest line; or null. */
    public ExpectedResult expectedFor(StatementResult result) {
        return expected.stream()
                .filter(candidate -> candidate.result().key().equals(result.key()))
                .min((a, b) -> Integer.compare(
                        Math.abs(a.result().line() - result.line()),
                        Math.abs(b.result().line() - result.line())))
                .orElse(null);
    }

    private static void addRows(List<String> lines, List<String> rows, String report) {
        rows.stream().limit(MAX_EXPLAINED_ROWS).forEach(row -> lines.add("  " + row));
        if (rows.size() > MAX_EXPLAINED_ROWS) {
            lines.add("  ... and " + (rows.size() - MAX_EXPLAINED_ROWS) + " more in " + report);
        }
    }

    /** The command that puts things right, ending every message about this recipe: for this recipe alone. */
    public String remedy(GoalCommand mvn) {
        return fix().render(mvn.forRecipe(path));
    }

    /** What puts this recipe right: its own remedy, or its status's. */
    public Remedy fix() {
        return remedy != null ? remedy : status.remedy();
    }

    /** This outcome, put right by {@code remedy} instead of its status's remedy. */
    public RecipeOutcome withRemedy(Remedy remedy) {
        return toBuilder().remedy(remedy).build();
    }

    private Builder toBuilder() {
        Builder builder = of(path, status)
                .seconds(seconds)
                .results(results)
                .mismatches(mismatches)
                .problem(problemLine, problem)
                .warnings(warnings)
                .remedy(remedy)
                .flinkVersions(flinkVersions)
                .expected(expected);
        builder.cached = cached;
        return builder;
    }
}
