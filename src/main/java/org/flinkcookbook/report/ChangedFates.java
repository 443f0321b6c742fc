package org.flinkcookbook.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.flinkcookbook.compare.LateRowChanges;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.WatermarkCheck;

/**
 * Which explained fixture rows fared differently than the expected values say, so that a failure
 * message shows them first, marked, instead of the rows that were dropped or filtered all along.
 * Where the expected file names its late rows ({@code late rows:}), the late rows whose lateness
 * changed are those it names and the result does not, or the other way round ({@link #changedLateRows}).
 * Otherwise (a file written before it named them, or where no engine said which rows were late) a
 * row with its event time missing from the result is newly dropped or filtered, one new in it passes
 * now; and a late row dropped from a window only counts towards it, so where the window differs from
 * the expected values the row is marked as in a changed window, only when the result's late-row count
 * differs from the expected one: with the count as expected, a window changed by a query or an on-time
 * row (a value edited in the fixture) lost no row to lateness.
 */
final class ChangedFates {

    private ChangedFates() {}

    /** The lines for a result's late rows: those whose fate changed first, marked. */
    static List<String> lateRows(List<LateRow> late, List<Mismatch> mismatches) {
        List<String> lines = new ArrayList<>();
        late.stream()
                .sorted(Comparator.comparing(row -> mark(row, mismatches).isEmpty()))
                .forEach(row -> lines.add(mark(row, mismatches) + row));
        return lines;
    }

    /**
     * The lines for the late rows whose lateness changed: those dropped now and not before, with the
     * watermark and window that dropped them, then those dropped before and not now.
     */
    static List<String> changedLateRows(List<LateRow> late, LateRowChanges changes) {
        List<String> lines = new ArrayList<>();
        List<FixtureLine> newlyLate = new ArrayList<>(changes.newlyLate());
        late.stream().filter(row -> newlyLate.remove(row.origin())).forEach(row -> lines.add("[newly dropped] " + row));
        changes.noLongerLate()
                .forEach(row -> lines.add("[no longer dropped] " + row + ": dropped as late before, not now"));
        return lines;
    }

    /**
     * The lines for a result's CURRENT_WATERMARK checks: the rows filtered out, the newly filtered
     * first and marked, and before them the rows that pass now but did not before.
     */
    static List<String> watermarkChecks(List<WatermarkCheck> checks, List<Mismatch> mismatches) {
        List<String> lines = new ArrayList<>();
        checks.stream()
                .filter(check -> check.passed() && inRow(check.eventTime(), mismatches, Mismatch.Kind.UNEXPECTED_ROW))
                .forEach(check -> lines.add("[no longer filtered] " + check));
        List<WatermarkCheck> filtered =
                checks.stream().filter(check -> !check.passed()).toList();
        filtered.stream()
                .filter(check -> inRow(check.eventTime(), mismatches, Mismatch.Kind.MISSING_ROW))
                .forEach(check -> lines.add("[newly filtered] " + check));
        filtered.stream()
                .filter(check -> !inRow(check.eventTime(), mismatches, Mismatch.Kind.MISSING_ROW))
                .forEach(check -> lines.add(check.toString()));
        return lines;
    }

    private static String mark(LateRow row, List<Mismatch> mismatches) {
        if (row.windowStart() == null) {
            return inRow(row.eventTime(), mismatches, Mismatch.Kind.MISSING_ROW) ? "[newly dropped] " : "";
        }
        if (mismatches.stream().noneMatch(mismatch -> mismatch.kind() == Mismatch.Kind.LATE_ROWS_DROPPED)) {
            return "";
        }
        Mismatch.RowKey window = Mismatch.RowKey.window(row.windowStart(), row.windowEnd());
        boolean changed = mismatches.stream()
                .filter(mismatch ->
                        mismatch.kind() == Mismatch.Kind.CHANGED_ROW || mismatch.kind() == Mismatch.Kind.MISSING_ROW)
                .anyMatch(mismatch -> window.equals(mismatch.key()));
        return changed ? "[window changed] " : "";
    }

    /** Whether a row missing from the result, or one not expected in it, has this event time among its values. */
    private static boolean inRow(String eventTime, List<Mismatch> mismatches, Mismatch.Kind kind) {
        return mismatches.stream()
                .filter(mismatch -> mismatch.kind() == kind)
                .anyMatch(mismatch -> mismatch.row().values().contains(eventTime));
    }
}
