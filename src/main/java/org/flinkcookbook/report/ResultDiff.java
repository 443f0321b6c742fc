package org.flinkcookbook.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.flinkcookbook.result.ResultRow;

/**
 * A failed result's expected and actual rows side by side: equal rows on one line, a changed row
 * (same window or first column, other values) beside the row it replaced with the differing values
 * highlighted, missing and extra rows alone. Rows compare as a multiset, as {@link org.flinkcookbook.compare.Comparison} does.
 */
final class ResultDiff {

    /** One line of the table: the expected row, the actual row, either may be null. */
    record Line(List<String> expected, List<String> actual) {

        boolean same() {
            return expected != null && expected.equals(actual);
        }

        /** Whether the cell in this column differs from the other side's; a NULL cell is a Java null. */
        boolean differs(int column) {
            return expected == null || actual == null || !Objects.equals(expected.get(column), actual.get(column));
        }

        List<String> any() {
            return expected != null ? expected : actual;
        }
    }

    private static final List<String> KEY_COLUMNS = List.of("window_start", "window_end");

    private ResultDiff() {}

    /** The lines, ordered by their rows; each row is its kind symbol, then its values. */
    static List<Line> lines(List<String> columns, List<ResultRow> expectedRows, List<ResultRow> actualRows) {
        Map<List<String>, Integer> expectedCounts = new HashMap<>();
        expectedRows.forEach(row -> expectedCounts.merge(cells(row), 1, Integer::sum));
        List<Line> lines = new ArrayList<>();
        List<List<String>> extra = new ArrayList<>();
        for (ResultRow row : actualRows) {
            List<String> cells = cells(row);
            if (expectedCounts.getOrDefault(cells, 0) > 0) {
                expectedCounts.merge(cells, -1, Integer::sum);
                lines.add(new Line(cells, cells));
            } else {
                extra.add(cells);
            }
        }
        Map<List<String>, LinkedList<List<String>>> missingByKey = new HashMap<>();
        List<List<String>> missing = new ArrayList<>();
        for (ResultRow row : expectedRows) {
            List<String> cells = cells(row);
            if (expectedCounts.getOrDefault(cells, 0) > 0) {
                expectedCounts.merge(cells, -1, Integer::sum);
                missing.add(cells);
                missingByKey
                        .computeIfAbsent(key(columns, cells), k -> new LinkedList<>())
                        .add(cells);
            }
        }
        for (List<String> cells : extra) {
            LinkedList<List<String>> candidates = missingByKey.get(key(columns, cells));
            List<String> replaced = candidates == null ? null : candidates.poll();
            if (replaced != null) {
                missing.remove(replaced);
            }
            lines.add(new Line(replaced, cells));
        }
        missing.forEach(cells -> lines.add(new Line(cells, null)));
        lines.sort(Comparator.comparing(
                line -> String.join("\u0000", line.any().subList(1, line.any().size()))));
        return lines;
    }

    /** The window bounds when the result has them, else the first column: what makes two rows "the same row, changed". */
    private static List<String> key(List<String> columns, List<String> cells) {
        List<String> key = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (KEY_COLUMNS.contains(columns.get(i))) {
                key.add(cells.get(i + 1));
            }
        }
        if (key.isEmpty() && !columns.isEmpty()) {
            key.add(cells.get(1));
        }
        return key;
    }

    private static List<String> cells(ResultRow row) {
        List<String> cells = new ArrayList<>(row.values().size() + 1);
        cells.add(row.kind().symbol());
        cells.addAll(row.values());
        return cells;
    }
}
