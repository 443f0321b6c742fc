package org.flinkcookbook.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.flinkcookbook.expected.ExpectedFileFormat;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;

/**
 * One way a result differs from its expected values, in typed parts: what differs, the row it is
 * about, and the expected against the actual value as shown. Reports read the parts; {@link
 * #detail()} and {@link #describe()} put them into words, for example {@code window [2025-01-15
 * 12:00:00.000, 2025-01-15 12:01:00.000): expected cnt=31 but was cnt=30}.
 *
 * @param line Markdown line of the statement
 * @param statement the statement's key: its first words, and its sink ({@link StatementResult#key()})
 * @param kind what differs
 * @param key the row a changed row is about (its window, or its first column), and the window or
 *     first column of a missing or unexpected row; null when the result has no such columns, and for
 *     the other kinds
 * @param row the missing row, the unexpected row, or the row out of order (the expected one, or the
 *     actual one when nothing was expected there); null for the other kinds
 * @param count the 1-based number of the row out of order, or how many more rows differ; 0 otherwise
 * @param expected the expected value as shown, or null when nothing was expected
 * @param actual the actual value as shown, or null when nothing was produced
 */
public record Mismatch(
        int line, String statement, Kind kind, RowKey key, ResultRow row, int count, String expected, String actual) {

    /** What differs. */
    public enum Kind {
        /** A result the expected file does not have. */
        EXTRA_RESULT,
        /** A result the expected file has and the recipe no longer produces. */
        MISSING_RESULT,
        COLUMNS,
        LATE_ROWS_DROPPED,
        /** As many rows dropped as late as expected, other ones: those only expected, those only dropped now. */
        LATE_ROWS,
        /** Rows stored as their count and hash. */
        ROWS_DIGEST,
        /** The first row that differs where rows are compared in order (ORDER BY). */
        ROW_IN_ORDER,
        MISSING_ROW,
        UNEXPECTED_ROW,
        /** A row whose key is still there, with other values. */
        CHANGED_ROW,
        /** The differing rows beyond those listed. */
        MORE_ROWS
    }

    /** The columns that name a row, and their values in it: a window's bounds, or the first column. */
    public record RowKey(List<String> columns, List<String> values) {

        public RowKey {
            columns = List.copyOf(columns);
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }

        /** The key of the window [start, end). */
        public static RowKey window(String start, String end) {
            return new RowKey(Comparison.WINDOW_COLUMNS, Arrays.asList(start, end));
        }

        public boolean isWindow() {
            return columns.size() == 2 && Comparison.WINDOW_COLUMNS.containsAll(columns);
        }

        /** As messages name the row: {@code window [start, end)}, or the column and its value. */
        @Override
        public String toString() {
            return isWindow()
                    ? "window [" + shown(values.get(0)) + ", " + shown(values.get(1)) + ")"
                    : columns.get(0) + " " + shown(values.get(0));
        }

        private static String shown(String value) {
            return ExpectedFileFormat.value(value);
        }
    }

    /** Whether this mismatch is about that result: the same statement and sink at the same line. */
    public boolean isAbout(StatementResult result) {
        return line == result.line() && statement.equals(result.key());
    }

    /** What differs, in words. */
    public String detail() {
        return switch (kind) {
            case EXTRA_RESULT -> "this result is not in the expected file (the recipe changed)";
            case MISSING_RESULT ->
                "the expected file has this result but the recipe no longer produces it (obsolete expected values)";
            case COLUMNS -> "columns";
            case LATE_ROWS_DROPPED -> "late rows dropped";
            case LATE_ROWS -> "which rows were dropped as late (as many as expected, other ones)";
            case ROWS_DIGEST -> "rows (stored as count and hash)";
            case ROW_IN_ORDER -> "row " + count + " (rows are compared in order: ORDER BY)";
            case MISSING_ROW -> "missing row";
            case UNEXPECTED_ROW -> "unexpected row";
            case CHANGED_ROW -> key.toString();
            case MORE_ROWS -> "and " + count + " more differing rows";
        };
    }

    /** One line for the build output: detail, then expected against actual. */
    public String describe() {
        StringBuilder text = new StringBuilder(statement).append(": ").append(detail());
        if (expected != null || actual != null) {
            text.append(": expected ")
                    .append(expected == null ? "nothing" : expected)
                    .append(" but was ")
                    .append(actual == null ? "nothing" : actual);
        }
        return text.toString();
    }

    /** A mismatch of a result as a whole (columns, late rows, digest, a result extra or missing): no row. */
    static Mismatch ofResult(StatementResult result, Kind kind, String expected, String actual) {
        return new Mismatch(result.line(), result.key(), kind, null, null, 0, expected, actual);
    }

    /** A row missing from the result. */
    public static Mismatch missingRow(StatementResult result, RowKey key, ResultRow row) {
        return new Mismatch(result.line(), result.key(), Kind.MISSING_ROW, key, row, 0, row.toString(), null);
    }

    /** A row the result has that was not expected. */
    public static Mismatch unexpectedRow(StatementResult result, RowKey key, ResultRow row) {
        return new Mismatch(result.line(), result.key(), Kind.UNEXPECTED_ROW, key, row, 0, null, row.toString());
    }

    /** A row whose key is still there with other values, shown as {@code column=value} lists. */
    public static Mismatch changedRow(StatementResult result, RowKey key, String expected, String actual) {
        return new Mismatch(result.line(), result.key(), Kind.CHANGED_ROW, key, null, 0, expected, actual);
    }
}
