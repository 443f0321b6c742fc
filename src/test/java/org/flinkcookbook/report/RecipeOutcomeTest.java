package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.compare.Mismatch;
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
}
