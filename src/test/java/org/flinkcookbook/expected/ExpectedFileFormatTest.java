package org.flinkcookbook.expected;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectedFileFormatTest {

    @TempDir
    Path directory;

    private final Path file() {
        return directory.resolve("late.expected");
    }

    private static StatementResult windowResult(long late) {
        return new StatementResult(
                42,
                "SELECT window_start, COUNT(*) AS cnt ...",
                null,
                List.of("window_start", "cnt"),
                List.of(
                        ResultRow.insert("2024-03-01 10:00:00.000", "31"),
                        ResultRow.insert("2024-03-01 10:01:00.000", "7")),
                false,
                late,
                RowExplanations.NONE,
                0);
    }

    private List<ExpectedResult> roundTrip(List<StatementResult> results, int maxStoredRows) throws Exception {
        ExpectedFileFormat.write(file(), "recipes/late.md", results, List.of(), maxStoredRows);
        return ExpectedFileFormat.read(file(), "recipes/late.expected");
    }

    @Test
    void writesOneReadableLinePerRowWithTheStatementLineAndLateRows() throws Exception {
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(18)), List.of(), 1000);

        assertThat(Files.readString(file())).contains("""
                == line 42: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                late rows dropped: 18
                +I | 2024-03-01 10:00:00.000 | 31
                +I | 2024-03-01 10:01:00.000 | 7
                """);
    }

    /** A window result whose late rows the engine named: fixture lines of two files, one row read twice. */
    private static StatementResult explainedWindowResult(int... lines) {
        List<LateRow> late = new ArrayList<>();
        for (int line : lines) {
            String fixture = line > 100 ? "fixtures/late/other.csv" : "fixtures/late/events.csv";
            late.add(new LateRow(fixture, line, "10:00:30", "10:01:00", "10:00:00", "10:01:00", null));
        }
        return windowResult(lines.length).withExplanations(new RowExplanations(late, List.of()));
    }

    @Test
    void namesTheRowsDroppedAsLateOneLinePerFixtureInRangesAndReadsThemBack() throws Exception {
        StatementResult result = explainedWindowResult(10, 4, 5, 6, 9, 200, 4);

        List<ExpectedResult> read = roundTrip(List.of(result), 1000);

        assertThat(Files.readString(file())).contains("""
                late rows dropped: 7
                late rows: fixtures/late/events.csv lines 4, 4-6, 9-10
                late rows: fixtures/late/other.csv line 200
                +I | 2024-03-01 10:00:00.000 | 31
                """);
        assertThat(read.get(0).lateRows()).isEqualTo(result.lateRowLines()).hasSize(7);
        assertThat(read.get(0).result()).isEqualTo(windowResult(7));
    }

    @Test
    void aFixturePathThatWouldBreakItsLateRowsLineIsWrittenAsAJsonStringAndReadBack() throws Exception {
        List<String> fixtures =
                List.of("fixtures/two\nlines.csv", " fixtures/spaced.csv ", "\"quoted\".csv", "fixtures/a lines 4.csv");
        List<LateRow> late = new ArrayList<>();
        fixtures.forEach(
                fixture -> late.add(new LateRow(fixture, 3, "10:00:30", "10:01:00", "10:00:00", "10:01:00", null)));
        StatementResult result = windowResult(late.size()).withExplanations(new RowExplanations(late, List.of()));

        List<ExpectedResult> read = roundTrip(List.of(result), 1000);

        assertThat(Files.readString(file()))
                .contains("late rows: \"fixtures/two\\nlines.csv\" line 3\n")
                .contains("late rows: \" fixtures/spaced.csv \" line 3\n")
                .contains("late rows: \"\\\"quoted\\\".csv\" line 3\n")
                .contains("late rows: fixtures/a lines 4.csv line 3\n");
        assertThat(read.get(0).lateRows()).isEqualTo(result.lateRowLines()).hasSize(4);
        Files.writeString(
                file(),
                "== line 42: SELECT ...\ncolumns: window_start | cnt\nlate rows dropped: 1\nlate rows: \"a.csv\" row 3\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .hasMessage("recipes/late.expected:4: expected 'late rows: FIXTURE lines 4, 9-10' but found"
                        + " '\"a.csv\" row 3'");
    }

    @Test
    void aFileThatNamesNoLateRowsSaysNotWhichWereLateUnlessNoneWas() throws Exception {
        // as written before files named them, or where no engine said which rows were late
        assertThat(roundTrip(List.of(windowResult(3)), 1000).get(0).lateRows()).isNull();
        assertThat(roundTrip(List.of(windowResult(0)), 1000).get(0).lateRows()).isEmpty();
        // above the stored-rows limit the rows are not named either
        assertThat(roundTrip(List.of(explainedWindowResult(1, 2, 3)), 2).get(0).lateRows())
                .isNull();
    }

    @Test
    void lateRowsThatDisagreeWithTheirCountAreAnErrorAtTheirLine() throws Exception {
        String header = "== line 42: SELECT ...\ncolumns: window_start | cnt\n";
        Files.writeString(file(), header + "late rows dropped: 3\nlate rows: fixtures/e.csv lines 4-5\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .hasMessage("recipes/late.expected:4: 'late rows:' names 2 rows but 'late rows dropped: 3' says");
        Files.writeString(file(), header + "late rows dropped: 1\nlate rows: fixtures/e.csv lines 1-2000000000\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .hasMessage("recipes/late.expected:4: 'late rows:' names more rows than 'late rows dropped: 1' says");
        Files.writeString(file(), header + "late rows: fixtures/e.csv line 4\nlate rows dropped: 1\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .hasMessage("recipes/late.expected:3: 'late rows:' names which rows were dropped, so"
                        + " 'late rows dropped: N' must come first");
        Files.writeString(file(), header + "late rows dropped: 1\nlate rows: fixtures/e.csv lines four\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .hasMessage("recipes/late.expected:4: expected 'late rows: FIXTURE lines 4, 9-10' but found"
                        + " 'fixtures/e.csv lines four'");
    }

    @Test
    void readsBackExactlyWhatItWrote() throws Exception {
        StatementResult sink = new StatementResult(
                60,
                "INSERT INTO late_sink SELECT ...",
                "late_sink",
                List.of("id", "note"),
                List.of(
                        new ResultRow(RowKind.UPDATE_BEFORE, List.of("1", "a|b")),
                        new ResultRow(RowKind.UPDATE_AFTER, List.of("1", "c\\d"))),
                true,
                null,
                RowExplanations.NONE,
                0);

        List<ExpectedResult> read = roundTrip(List.of(windowResult(3), sink), 1000);

        assertThat(read).extracting(ExpectedResult::result).containsExactly(windowResult(3), sink);
        assertThat(read).extracting(ExpectedResult::digest).containsOnlyNulls();
    }

    @Test
    void keepsNullsEmptyStringsSpacesLineBreaksAndLookalikesApart() throws Exception {
        List<String> tricky = Arrays.asList(
                null,
                "",
                "  padded  ",
                "two\nlines",
                "<NULL>",
                "\"quoted\"",
                ResultRow.NONDETERMINISTIC,
                "tab\there",
                "csi\u009B31m",
                "line\u2028separator");
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < tricky.size(); i++) {
            columns.add("c" + i);
        }
        StatementResult result = new StatementResult(
                5,
                "SELECT ...",
                null,
                columns,
                List.of(new ResultRow(RowKind.INSERT, tricky)),
                false,
                null,
                RowExplanations.NONE,
                0);

        List<ExpectedResult> read = roundTrip(List.of(result), 1000);

        assertThat(read.get(0).result().rows().get(0).values()).containsExactlyElementsOf(tricky);
        assertThat(Files.readString(file()))
                .contains("+I | <NULL> | \"\" | \"  padded  \" | \"two\\nlines\" | \"<NULL>\"")
                // what a terminal acts on (C1's CSI, the line separator) is never in the file as it is
                .contains("| \"csi\\u009B31m\" | \"line\\u2028separator\"")
                .doesNotContain("\u009B", "\u2028");
    }

    @Test
    void storesLargeResultsAsCountAndHash() throws Exception {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(ResultRow.insert(String.valueOf(i)));
        }
        StatementResult result =
                new StatementResult(7, "SELECT n ...", null, List.of("n"), rows, false, null, RowExplanations.NONE, 0);

        List<ExpectedResult> read = roundTrip(List.of(result), 4);

        assertThat(Files.readString(file()))
                .containsPattern("rows: 5 \\(sha256 [0-9a-f]{64}\\)")
                .doesNotContain("+I | 3");
        assertThat(read.get(0).digest()).isEqualTo(RowsDigest.of(rows, false));
        assertThat(read.get(0).result().rows()).isEmpty();
    }

    @Test
    void theHashOfAnUnorderedResultIgnoresRowOrderButAnOrderedOneDoesNot() {
        List<ResultRow> forward = List.of(ResultRow.insert("1"), ResultRow.insert("2"));
        List<ResultRow> backward = List.of(ResultRow.insert("2"), ResultRow.insert("1"));

        assertThat(RowsDigest.of(forward, false)).isEqualTo(RowsDigest.of(backward, false));
        assertThat(RowsDigest.of(forward, true)).isNotEqualTo(RowsDigest.of(backward, true));
    }

    @Test
    void keepsTheAuthorsCommentsAboveAResultWhenWritingAgain() throws Exception {
        Files.writeString(file(), """
                # file header, not attached

                # 18 rows arrive after their window closed.
                == line 42: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                late rows dropped: 17
                +I | 2024-03-01 10:00:00.000 | 30
                """);
        List<ExpectedResult> previous = ExpectedFileFormat.read(file(), "late.expected");

        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(18)), previous, 1000);

        String written = Files.readString(file());
        assertThat(written)
                .contains("# 18 rows arrive after their window closed.\n== line 42:")
                .contains("late rows dropped: 18")
                .doesNotContain("file header, not attached");
        assertThat(ExpectedFileFormat.read(file(), "late.expected").get(0).comments())
                .containsExactly("# 18 rows arrive after their window closed.");
    }

    @Test
    void commentsInsideAResultStayAboveTheirRowOrAfterTheRowsWhenTheRowIsGone() throws Exception {
        Files.writeString(file(), """
                == line 42: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                # the first minute: 31 readings
                +I | 2024-03-01 10:00:00.000 | 31
                # a window that no longer exists
                +I | 2024-03-01 09:59:00.000 | 2
                # the second minute is short: three rows arrive late
                +I | 2024-03-01 10:01:00.000 | 7
                # closing remark

                # about the next result
                == line 50: SELECT 1
                columns: x
                +I | 1
                """);
        List<ExpectedResult> previous = ExpectedFileFormat.read(file(), "late.expected");
        StatementResult second = new StatementResult(
                50,
                "SELECT 1",
                null,
                List.of("x"),
                List.of(ResultRow.insert("1")),
                false,
                null,
                RowExplanations.NONE,
                0);

        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(18), second), previous, 1000);

        assertThat(Files.readString(file())).contains("""
                == line 42: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                late rows dropped: 18
                # the first minute: 31 readings
                +I | 2024-03-01 10:00:00.000 | 31
                # the second minute is short: three rows arrive late
                +I | 2024-03-01 10:01:00.000 | 7
                # a window that no longer exists
                # closing remark

                # about the next result
                == line 50: SELECT 1
                columns: x
                +I | 1
                """);
        // read back, the file is its own fixed point
        List<ExpectedResult> again = ExpectedFileFormat.read(file(), "late.expected");
        String written = Files.readString(file());
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(18), second), again, 1000);
        assertThat(Files.readString(file())).isEqualTo(written);
    }

    @Test
    void commentsOfStatementsWithTheSameFirstWordsStayWithTheirOwnStatement() throws Exception {
        Files.writeString(file(), """
                # the five-second delay
                == line 10: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                +I | a | 1

                # the thirty-second delay
                == line 20: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                +I | a | 2
                """);
        List<ExpectedResult> previous = ExpectedFileFormat.read(file(), "late.expected");
        StatementResult first = new StatementResult(
                11,
                "SELECT window_start, COUNT(*) AS cnt ...",
                null,
                List.of("window_start", "cnt"),
                List.of(ResultRow.insert("a", "1")),
                false,
                null,
                RowExplanations.NONE,
                0);
        StatementResult second = new StatementResult(
                21,
                "SELECT window_start, COUNT(*) AS cnt ...",
                null,
                List.of("window_start", "cnt"),
                List.of(ResultRow.insert("a", "2")),
                false,
                null,
                RowExplanations.NONE,
                0);

        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(first, second), previous, 1000);

        assertThat(Files.readString(file()))
                .contains("# the five-second delay\n== line 11:")
                .contains("# the thirty-second delay\n== line 21:");
    }

    @Test
    void replacesTheFileWithoutLeavingTemporaryFiles() throws Exception {
        Files.writeString(file(), "old");

        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(1)), List.of(), 1000);

        try (var files = Files.list(directory)) {
            assertThat(files).containsExactly(file());
        }
    }

    @Test
    void namesTheLineOfAHandBrokenFile() throws Exception {
        Files.writeString(file(), """
                == line 42: SELECT window_start, COUNT(*) AS cnt ...
                columns: window_start | cnt
                +I | 2024-03-01 10:00:00.000
                """);

        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .isInstanceOf(ExpectedFileException.class)
                .hasMessage("recipes/late.expected:3: this row has 1 values but the result has 2 columns");
    }

    @Test
    void rejectsRowsBeforeAnyHeaderAndUnknownRowKinds() throws Exception {
        Files.writeString(file(), "+I | 1\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "x.expected"))
                .hasMessageContaining("x.expected:1: expected a result header");

        Files.writeString(file(), "== line 1: SELECT 1\ncolumns: a\n*X | 1\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "x.expected"))
                .hasMessageContaining("x.expected:3: a row must start with +I, -U, +U or -D");

        Files.writeString(file(), "== line 1: SELECT 1\ncolumns: a\nlate rows dropped: many\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "x.expected"))
                .hasMessageContaining("x.expected:3: 'late rows dropped:' needs a whole number");
    }

    @Test
    void aResultWithoutColumnsIsReportedAtItsHeader() throws Exception {
        Files.writeString(file(), "\n== line 9: SELECT 1\n+I | 1\n");

        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "x.expected"))
                .hasMessageContaining("x.expected:2: the result has no 'columns:' line");
    }

    @Test
    void numbersTooLargeAreAnErrorAtTheirLine() throws Exception {
        Files.writeString(file(), "== line 99999999999: SELECT 1\ncolumns: a\n+I | 1\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .isInstanceOf(ExpectedFileException.class)
                .hasMessageStartingWith("recipes/late.expected:1: 99999999999 is too large for a recipe line number");
        Files.writeString(
                file(), "== line 3: SELECT 1\ncolumns: a\nrows: 99999999999 (sha256 " + "a".repeat(64) + ")\n");
        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .isInstanceOf(ExpectedFileException.class)
                .hasMessageStartingWith("recipes/late.expected:3: 99999999999 is too large for a row count");
    }

    @Test
    void aSymbolicLinkIsNotFollowed() throws Exception {
        Path outside = Files.writeString(directory.resolve("canary.txt"), "CANARY SECRET\n");
        Files.createSymbolicLink(file(), outside);

        assertThatThrownBy(() -> ExpectedFileFormat.read(file(), "recipes/late.expected"))
                .isInstanceOf(ExpectedFileException.class)
                .hasMessageNotContaining("CANARY");
    }

    @Test
    void writtenFilesGetTheUmasksPermissionsLikeAnyOther() throws Exception {
        Path other = Files.writeString(directory.resolve("other.txt"), "x");
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(0)), List.of(), 100);

        assertThat(Files.getPosixFilePermissions(file())).isEqualTo(Files.getPosixFilePermissions(other));
    }

    @Test
    void writingAgainKeepsTheFilesOrderOfTheSameRowsUnlessTheStatementOrdersThem() throws Exception {
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(windowResult(0)), List.of(), 1000);
        List<ExpectedResult> previous = ExpectedFileFormat.read(file(), "late.expected");
        StatementResult otherOrder = windowResult(0)
                .withRows(List.of(
                        ResultRow.insert("2024-03-01 10:01:00.000", "7"),
                        ResultRow.insert("2024-03-01 10:00:00.000", "31")));
        String first = Files.readString(file());

        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(otherOrder), previous, 1000);
        assertThat(Files.readString(file())).isEqualTo(first);

        StatementResult orderedOtherOrder = new StatementResult(
                otherOrder.line(),
                otherOrder.label(),
                null,
                otherOrder.columns(),
                otherOrder.rows(),
                true,
                otherOrder.lateRowsDropped(),
                RowExplanations.NONE,
                0);
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(orderedOtherOrder), previous, 1000);
        assertThat(Files.readString(file()))
                .contains("+I | 2024-03-01 10:01:00.000 | 7\n+I | 2024-03-01 10:00:00.000 | 31\n");

        StatementResult changedRows = windowResult(0)
                .withRows(List.of(
                        ResultRow.insert("2024-03-01 10:01:00.000", "8"),
                        ResultRow.insert("2024-03-01 10:00:00.000", "31")));
        ExpectedFileFormat.write(file(), "recipes/late.md", List.of(changedRows), previous, 1000);
        assertThat(Files.readString(file()))
                .contains("+I | 2024-03-01 10:01:00.000 | 8\n+I | 2024-03-01 10:00:00.000 | 31\n");
    }
}
