package org.flinkcookbook.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.expected.ExpectedFileFormat;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.expected.RowsDigest;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;

/**
 * Compares a recipe's results with its expected values: results are matched by statement, rows
 * compare as a multiset (in order where the statement orders them), and late-row counts must agree.
 */
public final class Comparison {

    /** Beyond this many differing rows a result's mismatches are summarised. */
    private static final int MAX_ROW_MISMATCHES = 10;

    static final List<String> WINDOW_COLUMNS = List.of("window_start", "window_end");

    private Comparison() {}

    public static List<Mismatch> compare(List<ExpectedResult> expected, List<StatementResult> actual) {
        return compare(expected, actual, true);
    }

    /** @param lateRowsCounted false when the engine could not count late rows: expected counts are not compared */
    public static List<Mismatch> compare(
            List<ExpectedResult> expected, List<StatementResult> actual, boolean lateRowsCounted) {
        List<Mismatch> mismatches = new ArrayList<>();
        int[][] common = commonSubsequence(expected, actual);
        int e = 0;
        int a = 0;
        while (e < expected.size() || a < actual.size()) {
            if (e < expected.size()
                    && a < actual.size()
                    && expected.get(e).result().key().equals(actual.get(a).key())) {
                compareResult(expected.get(e), actual.get(a), lateRowsCounted, mismatches);
                e++;
                a++;
            } else if (a < actual.size() && (e >= expected.size() || common[e][a + 1] >= common[e + 1][a])) {
                StatementResult extra = actual.get(a++);
                mismatches.add(Mismatch.ofResult(
                        extra, Mismatch.Kind.EXTRA_RESULT, null, extra.rows().size() + " rows"));
            } else {
                StatementResult missing = expected.get(e++).result();
                mismatches.add(Mismatch.ofResult(
                        missing, Mismatch.Kind.MISSING_RESULT, missing.rows().size() + " rows", null));
            }
        }
        return mismatches;
    }

    /** Lengths of the longest common subsequences of statement keys, from each pair of positions on. */
    private static int[][] commonSubsequence(List<ExpectedResult> expected, List<StatementResult> actual) {
        int[][] lengths = new int[expected.size() + 1][actual.size() + 1];
        for (int e = expected.size() - 1; e >= 0; e--) {
            for (int a = actual.size() - 1; a >= 0; a--) {
                lengths[e][a] =
                        expected.get(e).result().key().equals(actual.get(a).key())
                                ? lengths[e + 1][a + 1] + 1
                                : Math.max(lengths[e + 1][a], lengths[e][a + 1]);
            }
        }
        return lengths;
    }

    private static void compareResult(
            ExpectedResult expectedResult, StatementResult actual, boolean lateRowsCounted, List<Mismatch> out) {
        StatementResult expected = expectedResult.result();
        if (!expected.columns().equals(actual.columns())) {
            out.add(Mismatch.ofResult(
                    actual,
                    Mismatch.Kind.COLUMNS,
                    String.join(", ", expected.columns()),
                    String.join(", ", actual.columns())));
            return;
        }
        if (lateRowsCounted && !Objects.equals(expected.lateRowsDropped(), actual.lateRowsDropped())) {
            out.add(Mismatch.ofResult(
                    actual,
                    Mismatch.Kind.LATE_ROWS_DROPPED,
                    String.valueOf(expected.lateRowsDropped()),
                    String.valueOf(actual.lateRowsDropped())));
        } else if (lateRowsCounted) {
            compareLateRows(expectedResult.lateRows(), actual, out);
        }
        if (expectedResult.digest() != null) {
            RowsDigest digest = RowsDigest.of(actual.rows(), expected.ordered());
            if (!digest.equals(expectedResult.digest())) {
                out.add(Mismatch.ofResult(
                        actual, Mismatch.Kind.ROWS_DIGEST, describe(expectedResult.digest()), describe(digest)));
            }
        } else if (expected.ordered()) {
            compareInOrder(expected.rows(), actual, out);
        } else {
            compareAsMultiset(expected.rows(), actual, out);
        }
    }

    /**
     * As many rows dropped as late as expected, but other ones: the rows only the expected file names
     * against those only the result has. Said only where both the file and the engine name them.
     */
    private static void compareLateRows(List<FixtureLine> expected, StatementResult actual, List<Mismatch> out) {
        List<FixtureLine> late = actual.lateRowLines();
        if (expected == null || late == null || expected.equals(late)) {
            return;
        }
        LateRowChanges changes = LateRowChanges.of(expected, late);
        out.add(Mismatch.ofResult(
                actual,
                Mismatch.Kind.LATE_ROWS,
                String.join("; ", FixtureLine.describe(changes.noLongerLate())),
                String.join("; ", FixtureLine.describe(changes.newlyLate()))));
    }

    private static String describe(RowsDigest digest) {
        return digest.count() + " rows (sha256 " + digest.sha256().substring(0, 12) + "...)";
    }

    private static void compareInOrder(List<ResultRow> expected, StatementResult actual, List<Mismatch> out) {
        List<ResultRow> rows = actual.rows();
        for (int i = 0; i < Math.max(expected.size(), rows.size()); i++) {
            ResultRow want = i < expected.size() ? expected.get(i) : null;
            ResultRow got = i < rows.size() ? rows.get(i) : null;
            if (want == null || got == null || !matches(want, got)) {
                out.add(new Mismatch(
                        actual.line(),
                        actual.key(),
                        Mismatch.Kind.ROW_IN_ORDER,
                        null,
                        want == null ? got : want,
                        i + 1,
                        want == null ? null : want.toString(),
                        got == null ? null : got.toString()));
                return;
            }
        }
    }

    private static void compareAsMultiset(List<ResultRow> expected, StatementResult actual, List<Mismatch> out) {
        List<ResultRow> unmatched = new ArrayList<>(actual.rows());
        List<ResultRow> missing = new ArrayList<>();
        for (ResultRow want : expected) {
            int found = indexOfMatch(unmatched, want);
            if (found >= 0) {
                unmatched.remove(found);
            } else {
                missing.add(want);
            }
        }
        List<Mismatch> differences = new ArrayList<>();
        List<Integer> keyColumns = keyColumns(actual.columns());
        for (ResultRow want : missing) {
            int partner = keyColumns.isEmpty() ? -1 : indexOfSameKey(unmatched, want, keyColumns);
            if (partner >= 0) {
                differences.add(changedRow(actual, keyColumns, want, unmatched.remove(partner)));
            } else {
                differences.add(Mismatch.missingRow(actual, key(actual, keyColumns, want), want));
            }
        }
        for (ResultRow extra : unmatched) {
            differences.add(Mismatch.unexpectedRow(actual, key(actual, keyColumns, extra), extra));
        }
        if (differences.size() > MAX_ROW_MISMATCHES) {
            int more = differences.size() - MAX_ROW_MISMATCHES;
            differences = new ArrayList<>(differences.subList(0, MAX_ROW_MISMATCHES));
            differences.add(
                    new Mismatch(actual.line(), actual.key(), Mismatch.Kind.MORE_ROWS, null, null, more, null, null));
        }
        out.addAll(differences);
    }

    /** A row whose window (or first column) is still there but whose other values changed. */
    private static Mismatch changedRow(
            StatementResult actual, List<Integer> keyColumns, ResultRow want, ResultRow got) {
        List<String> wanted = new ArrayList<>();
        List<String> found = new ArrayList<>();
        for (int i = 0; i < actual.columns().size(); i++) {
            if (!keyColumns.contains(i)
                    && !Objects.equals(want.values().get(i), got.values().get(i))) {
                wanted.add(actual.columns().get(i) + "="
                        + ExpectedFileFormat.value(want.values().get(i)));
                found.add(actual.columns().get(i) + "="
                        + ExpectedFileFormat.value(got.values().get(i)));
            }
        }
        if (want.kind() != got.kind()) {
            wanted.add("kind " + want.kind().symbol());
            found.add("kind " + got.kind().symbol());
        }
        return Mismatch.changedRow(
                actual, key(actual, keyColumns, want), String.join(", ", wanted), String.join(", ", found));
    }

    /** The row's key: its window's bounds, or its first column; null when the result has no key columns. */
    private static Mismatch.RowKey key(StatementResult result, List<Integer> keyColumns, ResultRow row) {
        if (keyColumns.isEmpty()) {
            return null;
        }
        return new Mismatch.RowKey(
                keyColumns.stream().map(result.columns()::get).toList(),
                keyColumns.stream().map(row.values()::get).toList());
    }

    /** The columns that name a row: window bounds when present, else the first of several columns. */
    private static List<Integer> keyColumns(List<String> columns) {
        List<Integer> window = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (WINDOW_COLUMNS.contains(columns.get(i))) {
                window.add(i);
            }
        }
        if (window.size() == WINDOW_COLUMNS.size()) {
            return window;
        }
        return columns.size() > 1 ? List.of(0) : List.of();
    }

    private static int indexOfSameKey(List<ResultRow> rows, ResultRow want, List<Integer> keyColumns) {
        for (int i = 0; i < rows.size(); i++) {
            ResultRow candidate = rows.get(i);
            if (keyColumns.stream()
                    .allMatch(index -> Objects.equals(
                            candidate.values().get(index), want.values().get(index)))) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfMatch(List<ResultRow> rows, ResultRow want) {
        for (int i = 0; i < rows.size(); i++) {
            if (matches(want, rows.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Equal rows; a nondeterministic value on either side matches any value. */
    static boolean matches(ResultRow expected, ResultRow actual) {
        if (expected.kind() != actual.kind()
                || expected.values().size() != actual.values().size()) {
            return false;
        }
        for (int i = 0; i < expected.values().size(); i++) {
            String want = expected.values().get(i);
            String got = actual.values().get(i);
            boolean wildcard = ResultRow.NONDETERMINISTIC.equals(want) || ResultRow.NONDETERMINISTIC.equals(got);
            if (!wildcard && !Objects.equals(want, got)) {
                return false;
            }
        }
        return true;
    }
}
