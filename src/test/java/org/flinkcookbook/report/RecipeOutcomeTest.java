package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.WatermarkCheck;
import org.junit.jupiter.api.Test;

/** A failing recipe's message shows first the fixture rows whose fate changed against the expected values. */
class RecipeOutcomeTest {

    private static final String CSV = "fixtures/readings.csv";

    private static RecipeOutcome failed(StatementResult result, Mismatch... mismatches) {
        return RecipeOutcome.of("recipes/late.md", RecipeStatus.FAILED)
                .results(List.of(result))
                .mismatches(List.of(mismatches))
                .build();
    }

    /** One sink's result of a statement set at line 40, with its late rows. */
    private static StatementResult sink(String sink, List<LateRow> late) {
        return new StatementResult(
                40,
                "EXECUTE STATEMENT SET",
                sink,
                List.of("window_start", "window_end", "cnt"),
                List.of(ResultRow.insert("10:07:00", "10:08:00", "1")),
                false,
                1L,
                new RowExplanations(late, List.of()),
                0);
    }

    private static Mismatch.RowKey key(String column, String value) {
        return new Mismatch.RowKey(List.of(column), List.of(value));
    }

    private static LateRow late(int line, String eventTime, String windowStart, String windowEnd) {
        return new LateRow(CSV, line, eventTime, "10:09:00", windowStart, windowEnd, null);
    }

    @Test
    void rowsDroppedFromAWindowThatChangedComeFirstAndAreMarked() {
        List<LateRow> late = new ArrayList<>();
        for (int line = 1; line <= 12; line++) {
            late.add(late(
                    line, "10:0" + (line % 5) + ":30", "10:0" + (line % 5) + ":00", "10:0" + (line % 5 + 1) + ":00"));
        }
        late.add(late(40, "10:07:30", "10:07:00", "10:08:00")); // the row that became late: its window is short
        StatementResult result = new StatementResult(
                20,
                "SELECT window_start ...",
                null,
                List.of("window_start", "window_end", "cnt"),
                List.of(ResultRow.insert("10:07:00", "10:08:00", "1")),
                false,
                13L,
                new RowExplanations(late, List.of()),
                0);

        List<String> lines = failed(
                        result,
                        new Mismatch(
                                20,
                                "SELECT window_start ...",
                                Mismatch.Kind.LATE_ROWS_DROPPED,
                                null,
                                null,
                                0,
                                "12",
                                "13"),
                        Mismatch.changedRow(result, Mismatch.RowKey.window("10:07:00", "10:08:00"), "cnt=2", "cnt=1"))
                .explanation("target/cookbook/report.json");

        assertThat(lines.get(2)).isEqualTo("recipes/late.md:20: 13 rows dropped as late:");
        assertThat(lines.get(3)).isEqualTo("  [window changed] " + late.get(12));
        assertThat(lines.get(4)).isEqualTo("  " + late.get(0));
        assertThat(lines).filteredOn(line -> line.contains("[window changed]")).hasSize(1);
        assertThat(lines).last().isEqualTo("  ... and 3 more in target/cookbook/report.json");
    }

    @Test
    void aRowDroppedByAnOverAggregationIsNewlyDroppedWhenItsRowIsMissing() {
        List<LateRow> late = List.of(
                new LateRow(CSV, 3, "10:00:40", "10:01:00", null, null, null),
                new LateRow(CSV, 7, "10:03:10", "10:04:00", null, null, null));
        StatementResult result = new StatementResult(
                12,
                "SELECT id, ts, SUM(v) OVER ...",
                null,
                List.of("id", "ts", "s"),
                List.of(),
                false,
                2L,
                new RowExplanations(late, List.of()),
                0);

        List<String> lines = failed(
                        result, Mismatch.missingRow(result, key("id", "7"), ResultRow.insert("7", "10:03:10", "9")))
                .explanation("target/cookbook/report.json");

        assertThat(lines.subList(1, 4))
                .containsExactly(
                        "recipes/late.md:12: 2 rows dropped as late:",
                        "  [newly dropped] " + late.get(1),
                        "  " + late.get(0));
    }

    @Test
    void currentWatermarkChecksShowTheNewlyFilteredAndTheNoLongerFilteredRowsFirst() {
        List<WatermarkCheck> checks = new ArrayList<>();
        for (int line = 1; line <= 14; line++) {
            checks.add(new WatermarkCheck(
                    CSV, line, "10:00:" + (10 + line), "10:00:00", false)); // on time, filtered out all along
        }
        checks.add(new WatermarkCheck(CSV, 20, "09:58:00", "10:00:00", false)); // was late and passed, now filtered
        checks.add(new WatermarkCheck(CSV, 21, "09:59:30", "10:00:00", true)); // now passes
        StatementResult result = new StatementResult(
                30,
                "SELECT id, ts ...",
                null,
                List.of("id", "ts"),
                List.of(ResultRow.insert("21", "09:59:30")),
                false,
                null,
                new RowExplanations(List.of(), checks),
                0);

        List<String> lines = failed(
                        result,
                        Mismatch.missingRow(result, key("id", "20"), ResultRow.insert("20", "09:58:00")),
                        Mismatch.unexpectedRow(result, key("id", "21"), ResultRow.insert("21", "09:59:30")))
                .explanation("target/cookbook/report.json");

        assertThat(lines.subList(2, 6))
                .containsExactly(
                        "recipes/late.md:30: 15 rows filtered out by CURRENT_WATERMARK:",
                        "  [no longer filtered] " + checks.get(15),
                        "  [newly filtered] " + checks.get(14),
                        "  " + checks.get(0));
    }

    @Test
    void theMismatchesOfOneSinkOfAStatementSetExplainOnlyThatSinksRows() {
        List<LateRow> late = List.of(late(4, "10:07:30", "10:07:00", "10:08:00"));
        StatementResult changed = sink("per_minute", late);
        StatementResult same = sink("archive", late);

        List<String> lines = RecipeOutcome.of("recipes/late.md", RecipeStatus.FAILED)
                .results(List.of(same, changed))
                .mismatches(List.of(
                        Mismatch.changedRow(changed, Mismatch.RowKey.window("10:07:00", "10:08:00"), "cnt=2", "cnt=1"),
                        new Mismatch(40, changed.key(), Mismatch.Kind.LATE_ROWS_DROPPED, null, null, 0, "0", "1")))
                .build()
                .explanation("target/cookbook/report.json");

        assertThat(lines)
                .containsExactly(
                        "recipes/late.md:40: EXECUTE STATEMENT SET -> per_minute: window [10:07:00, 10:08:00):"
                                + " expected cnt=2 but was cnt=1",
                        "recipes/late.md:40: EXECUTE STATEMENT SET -> per_minute: late rows dropped: expected 0 but was 1",
                        "recipes/late.md:40: 1 rows dropped as late:",
                        "  [window changed] " + late.get(0));
    }

    @Test
    void aWindowThatChangedWhileAsManyRowsWereLateAsExpectedMarksNoLateRow() {
        // a value of an on-time row edited in the fixture, or the query changed: the late rows are those of before
        List<LateRow> late =
                List.of(late(4, "10:00:55", "10:00:00", "10:01:00"), late(10, "10:02:45", "10:02:00", "10:03:00"));
        StatementResult result = new StatementResult(
                20,
                "SELECT window_start ...",
                null,
                List.of("window_start", "window_end", "total"),
                List.of(ResultRow.insert("10:00:00", "10:01:00", "32")),
                false,
                2L,
                new RowExplanations(late, List.of()),
                0);

        List<String> lines = failed(
                        result,
                        Mismatch.changedRow(
                                result, Mismatch.RowKey.window("10:00:00", "10:01:00"), "total=31", "total=32"))
                .explanation("target/cookbook/report.json");

        assertThat(lines.subList(1, lines.size()))
                .containsExactly("recipes/late.md:20: 2 rows dropped as late:", "  " + late.get(0), "  " + late.get(1));
    }

    /** A window result at line 20 whose late rows are those of these fixture lines, each in the window it missed. */
    private static StatementResult lateAt(String total, List<Integer> lines) {
        List<LateRow> late = lines.stream()
                .map(line -> late(line, "10:00:" + (10 + line % 40), "10:00:00", "10:01:00"))
                .toList();
        return new StatementResult(
                20,
                "SELECT window_start ...",
                null,
                List.of("window_start", "window_end", "total"),
                List.of(ResultRow.insert("10:00:00", "10:01:00", total)),
                false,
                (long) late.size(),
                new RowExplanations(late, List.of()),
                0);
    }

    private static List<Integer> lines(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to).boxed().toList();
    }

    /** A failed outcome whose expected file names the expected result's late rows. */
    private static RecipeOutcome failedAgainst(
            StatementResult expected, StatementResult result, Mismatch... mismatches) {
        return RecipeOutcome.of("recipes/late.md", RecipeStatus.FAILED)
                .results(List.of(result))
                .mismatches(List.of(mismatches))
                .expected(List.of(new ExpectedResult(expected, null, List.of())))
                .build();
    }

    @Test
    void aLateRowCountThatChangedListsOnlyTheRowsWhoseLatenessChangedWhereTheExpectedFileNamesItsLateRows() {
        StatementResult expected = lateAt("31", lines(1, 60));
        List<Integer> now = new ArrayList<>(lines(2, 60));
        now.addAll(List.of(61, 62, 63)); // line 1 on time now, 61 to 63 dropped
        StatementResult result = lateAt("30", now);

        List<String> lines = failedAgainst(
                        expected,
                        result,
                        new Mismatch(20, result.key(), Mismatch.Kind.LATE_ROWS_DROPPED, null, null, 0, "60", "62"),
                        Mismatch.changedRow(
                                result, Mismatch.RowKey.window("10:00:00", "10:01:00"), "total=31", "total=30"))
                .explanation("target/cookbook/report.json");

        List<LateRow> late = result.explanations().lateRows();
        assertThat(lines.subList(2, lines.size()))
                .containsExactly(
                        "recipes/late.md:20: 62 rows dropped as late (the expected file names 60); the 4 whose lateness"
                                + " changed:",
                        "  [newly dropped] " + late.get(59),
                        "  [newly dropped] " + late.get(60),
                        "  [newly dropped] " + late.get(61),
                        "  [no longer dropped] fixtures/readings.csv:1: dropped as late before, not now",
                        "  the other 59 were dropped as late before too (target/cookbook/report.json lists every one)");
    }

    @Test
    void afterAQueryChangeTheLateRowsTheExpectedFileNamesAreNotMarkedAsInAChangedWindow() {
        // SUM became MAX: every window changed, the same rows were dropped, even as many as the count says
        StatementResult result = lateAt("9", List.of(4, 5));
        List<String> lines = failedAgainst(
                        lateAt("31", List.of(4, 5)),
                        result,
                        Mismatch.changedRow(
                                result, Mismatch.RowKey.window("10:00:00", "10:01:00"), "total=31", "total=9"))
                .explanation("target/cookbook/report.json");

        List<LateRow> late = result.explanations().lateRows();
        assertThat(lines.subList(1, lines.size()))
                .containsExactly("recipes/late.md:20: 2 rows dropped as late:", "  " + late.get(0), "  " + late.get(1));
        // a row late now that was not, with as many late: the comparison names it; its line is marked
        StatementResult other = lateAt("31", List.of(4, 9));
        assertThat(failedAgainst(
                                lateAt("31", List.of(4, 5)),
                                other,
                                new Mismatch(
                                        20,
                                        other.key(),
                                        Mismatch.Kind.LATE_ROWS,
                                        null,
                                        null,
                                        0,
                                        "fixtures/readings.csv line 5",
                                        "fixtures/readings.csv line 9"))
                        .explanation("target/cookbook/report.json"))
                .contains(
                        "  [newly dropped] " + other.explanations().lateRows().get(1),
                        "  [no longer dropped] fixtures/readings.csv:5: dropped as late before, not now",
                        "  the other row was dropped as late before too (target/cookbook/report.json lists every one)");
    }
}
