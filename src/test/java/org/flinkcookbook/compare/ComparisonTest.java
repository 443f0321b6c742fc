package org.flinkcookbook.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.expected.RowsDigest;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    private static final List<String> WINDOW_COLUMNS = List.of("window_start", "window_end", "cnt", "total");

    /** The result of a statement at {@code line} that gave one row of one column. */
    private static StatementResult oneValue(int line, String label, String column, String value) {
        return new StatementResult(
                line,
                label,
                null,
                List.of(column),
                List.of(ResultRow.insert(value)),
                false,
                null,
                RowExplanations.NONE,
                0);
    }

    private static StatementResult windows(Long late, ResultRow... rows) {
        return new StatementResult(
                42,
                "SELECT window_start ...",
                null,
                WINDOW_COLUMNS,
                List.of(rows),
                false,
                late,
                RowExplanations.NONE,
                0);
    }

    private static ResultRow window(String start, String end, String cnt, String total) {
        return ResultRow.insert(start, end, cnt, total);
    }

    private static ExpectedResult expected(StatementResult result) {
        return new ExpectedResult(result, null, List.of());
    }

    @Test
    void equalResultsInAnotherRowOrderMatch() {
        StatementResult expected =
                windows(18L, window("10:00", "10:01", "31", "400"), window("10:01", "10:02", "2", "9"));
        StatementResult actual =
                windows(18L, window("10:01", "10:02", "2", "9"), window("10:00", "10:01", "31", "400"));

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .isEmpty();
    }

    @Test
    void aChangedWindowIsNamedWithExpectedAgainstActualValues() {
        StatementResult expected = windows(18L, window("10:00", "10:01", "31", "400"));
        StatementResult actual = windows(19L, window("10:00", "10:01", "30", "390"));

        List<Mismatch> mismatches = Comparison.compare(List.of(expected(expected)), List.of(actual));

        assertThat(mismatches)
                .extracting(Mismatch::describe)
                .containsExactly(
                        "SELECT window_start ...: late rows dropped: expected 18 but was 19",
                        "SELECT window_start ...: window [10:00, 10:01): expected cnt=31, total=400 but was cnt=30, total=390");
        assertThat(mismatches).extracting(Mismatch::line).containsOnly(42);
    }

    /** The window result with 2 rows dropped as late, the engine naming them by their fixture lines. */
    private static StatementResult lateAt(int... lines) {
        List<LateRow> late = Arrays.stream(lines)
                .mapToObj(line -> new LateRow("fixtures/e.csv", line, "10:00:30", "10:01:00", "10:00", "10:01", null))
                .toList();
        return windows((long) lines.length, window("10:00", "10:01", "31", "400"))
                .withExplanations(new RowExplanations(late, List.of()));
    }

    @Test
    void asManyRowsDroppedAsLateAsExpectedButOtherOnesDifferWhereBothSidesNameThem() {
        List<Mismatch> mismatches = Comparison.compare(List.of(expected(lateAt(4, 5))), List.of(lateAt(4, 9)));

        assertThat(mismatches)
                .extracting(Mismatch::describe)
                .containsExactly("SELECT window_start ...: which rows were dropped as late (as many as expected, other"
                        + " ones): expected fixtures/e.csv line 5 but was fixtures/e.csv line 9");
        assertThat(mismatches).extracting(Mismatch::kind).containsExactly(Mismatch.Kind.LATE_ROWS);
        // the same rows, or an expected file (or engine) that does not say which: only the count is compared
        assertThat(Comparison.compare(List.of(expected(lateAt(5, 4))), List.of(lateAt(4, 5))))
                .isEmpty();
        assertThat(Comparison.compare(
                        List.of(expected(windows(2L, window("10:00", "10:01", "31", "400")))), List.of(lateAt(4, 9))))
                .isEmpty();
        assertThat(Comparison.compare(
                        List.of(expected(lateAt(4, 5))), List.of(windows(2L, window("10:00", "10:01", "31", "400")))))
                .isEmpty();
        // a count that differs says so once; which rows changed is the failure message's to list
        assertThat(Comparison.compare(List.of(expected(lateAt(4, 5))), List.of(lateAt(4, 5, 9))))
                .extracting(Mismatch::kind)
                .containsExactly(Mismatch.Kind.LATE_ROWS_DROPPED);
    }

    @Test
    void changedValuesReadAsInTheExpectedFile() {
        List<String> columns = List.of("stock_name", "previous_value", "trend", "note");
        StatementResult expected = new StatementResult(
                30,
                "WITH current_and_previous ...",
                null,
                columns,
                List.of(new ResultRow(RowKind.INSERT, Arrays.asList("Pita Pan", null, "=", ""))),
                false,
                null,
                RowExplanations.NONE,
                0);
        StatementResult actual = new StatementResult(
                30,
                "WITH current_and_previous ...",
                null,
                columns,
                List.of(ResultRow.insert("Pita Pan", "12.69", "▲", " x")),
                false,
                null,
                RowExplanations.NONE,
                0);

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::describe)
                .containsExactly(
                        "WITH current_and_previous ...: stock_name Pita Pan: expected previous_value=<NULL>, trend==, note=\"\" "
                                + "but was previous_value=12.69, trend=▲, note=\" x\"");
    }

    @Test
    void aVanishedWindowIsAMissingRowAndANewOneAnUnexpectedRow() {
        StatementResult expected = windows(0L, window("10:00", "10:01", "1", "1"));
        StatementResult actual = windows(0L, window("10:05", "10:06", "1", "1"));

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::describe)
                .containsExactly(
                        "SELECT window_start ...: missing row: expected +I[10:00, 10:01, 1, 1] but was nothing",
                        "SELECT window_start ...: unexpected row: expected nothing but was +I[10:05, 10:06, 1, 1]");
    }

    @Test
    void duplicateRowsCountAsAMultiset() {
        StatementResult expected = windows(null, window("a", "b", "1", "1"), window("a", "b", "1", "1"));
        StatementResult actual = windows(null, window("a", "b", "1", "1"));

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::detail)
                .containsExactly("missing row");
    }

    @Test
    void rowKindsMatter() {
        StatementResult expected = new StatementResult(
                1,
                "SELECT k, n ...",
                null,
                List.of("k", "n"),
                List.of(new ResultRow(RowKind.UPDATE_AFTER, List.of("a", "2"))),
                false,
                null,
                RowExplanations.NONE,
                0);
        StatementResult actual = new StatementResult(
                1,
                "SELECT k, n ...",
                null,
                List.of("k", "n"),
                List.of(new ResultRow(RowKind.INSERT, List.of("a", "2"))),
                false,
                null,
                RowExplanations.NONE,
                0);

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::describe)
                .containsExactly("SELECT k, n ...: k a: expected kind +U but was kind +I");
    }

    @Test
    void orderedResultsCompareRowByRow() {
        StatementResult expected = new StatementResult(
                3,
                "SELECT n ... ORDER BY n",
                null,
                List.of("n"),
                List.of(ResultRow.insert("1"), ResultRow.insert("2")),
                true,
                null,
                RowExplanations.NONE,
                0);
        StatementResult actual = new StatementResult(
                3,
                "SELECT n ... ORDER BY n",
                null,
                List.of("n"),
                List.of(ResultRow.insert("2"), ResultRow.insert("1")),
                true,
                null,
                RowExplanations.NONE,
                0);

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::describe)
                .containsExactly(
                        "SELECT n ... ORDER BY n: row 1 (rows are compared in order: ORDER BY): expected +I[1] but was +I[2]");
    }

    @Test
    void aNondeterministicPlaceholderMatchesAnyValue() {
        StatementResult expected = new StatementResult(
                3,
                "SELECT id, PROCTIME()",
                null,
                List.of("id", "p"),
                List.of(ResultRow.insert("1", ResultRow.NONDETERMINISTIC)),
                false,
                null,
                RowExplanations.NONE,
                0);
        StatementResult actual = new StatementResult(
                3,
                "SELECT id, PROCTIME()",
                null,
                List.of("id", "p"),
                List.of(ResultRow.insert("1", "2026-11-29 10:00:00.123")),
                false,
                null,
                RowExplanations.NONE,
                0);

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .isEmpty();
    }

    @Test
    void changedColumnsAreReportedOnce() {
        StatementResult expected = windows(0L, window("a", "b", "1", "1"));
        StatementResult actual = new StatementResult(
                42,
                "SELECT window_start ...",
                null,
                List.of("window_start", "cnt"),
                List.of(ResultRow.insert("a", "1")),
                false,
                0L,
                RowExplanations.NONE,
                0);

        assertThat(Comparison.compare(List.of(expected(expected)), List.of(actual)))
                .extracting(Mismatch::describe)
                .containsExactly(
                        "SELECT window_start ...: columns: expected window_start, window_end, cnt, total but was window_start, cnt");
    }

    @Test
    void statementsAddedOrRemovedFromTheRecipeAreExtraOrObsoleteResults() {
        StatementResult kept = oneValue(10, "SELECT a", "a", "1");
        StatementResult removed = oneValue(20, "SELECT b", "b", "2");
        StatementResult added = oneValue(22, "SELECT c", "c", "3");
        StatementResult keptMoved = oneValue(30, "SELECT a", "a", "1");

        List<Mismatch> mismatches =
                Comparison.compare(List.of(expected(kept), expected(removed)), List.of(keptMoved, added));

        assertThat(mismatches)
                .extracting(Mismatch::statement, Mismatch::line)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("SELECT b", 20),
                        org.assertj.core.groups.Tuple.tuple("SELECT c", 22));
        assertThat(mismatches)
                .extracting(Mismatch::detail)
                .anyMatch(detail -> detail.contains("obsolete expected values"))
                .anyMatch(detail -> detail.contains("not in the expected file"));
    }

    @Test
    void aDigestedResultComparesCountAndHash() {
        List<ResultRow> rows = List.of(ResultRow.insert("1"), ResultRow.insert("2"));
        StatementResult stored =
                new StatementResult(5, "SELECT n", null, List.of("n"), List.of(), false, null, RowExplanations.NONE, 0);
        ExpectedResult digested = new ExpectedResult(stored, RowsDigest.of(rows, false), List.of());

        assertThat(Comparison.compare(
                        List.of(digested),
                        List.of(new StatementResult(
                                5, "SELECT n", null, List.of("n"), rows, false, null, RowExplanations.NONE, 0))))
                .isEmpty();
        assertThat(Comparison.compare(
                        List.of(digested),
                        List.of(new StatementResult(
                                5,
                                "SELECT n",
                                null,
                                List.of("n"),
                                List.of(ResultRow.insert("1")),
                                false,
                                null,
                                RowExplanations.NONE,
                                0))))
                .extracting(Mismatch::detail)
                .containsExactly("rows (stored as count and hash)");
    }

    @Test
    void manyDifferingRowsAreSummarised() {
        ResultRow[] expectedRows = new ResultRow[15];
        ResultRow[] actualRows = new ResultRow[15];
        for (int i = 0; i < 15; i++) {
            expectedRows[i] = window("s" + i, "e" + i, "1", "1");
            actualRows[i] = window("s" + i, "e" + i, "2", "2");
        }

        List<Mismatch> mismatches =
                Comparison.compare(List.of(expected(windows(0L, expectedRows))), List.of(windows(0L, actualRows)));

        assertThat(mismatches).hasSize(11);
        assertThat(mismatches.get(10).detail()).isEqualTo("and 5 more differing rows");
    }
}
