package org.flinkcookbook.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A row of a fixture: the file as shown to users and the row's 1-based line. The expected file
 * records each late row of a result by it, so that a run can tell which rows' lateness changed.
 */
public record FixtureLine(String fixture, int line) {

    /** Fixture by fixture in order of their names, each fixture's lines ascending. */
    public static final Comparator<FixtureLine> ORDER =
            Comparator.comparing(FixtureLine::fixture).thenComparingInt(FixtureLine::line);

    /**
     * The rows grouped by fixture, each group as the expected file writes it: {@code fixtures/e.csv
     * lines 4, 5, 9-68} (a run of consecutive lines as its first and last, a row read twice twice).
     */
    public static List<String> describe(List<FixtureLine> rows) {
        return describe(rows, UnaryOperator.identity());
    }

    /** As {@link #describe(List)}, each fixture's name written by {@code name} (the expected file quotes some). */
    public static List<String> describe(List<FixtureLine> rows, UnaryOperator<String> name) {
        Map<String, List<Integer>> byFixture = new LinkedHashMap<>();
        rows.stream()
                .sorted(ORDER)
                .forEach(row -> byFixture
                        .computeIfAbsent(row.fixture(), f -> new ArrayList<>())
                        .add(row.line()));
        List<String> groups = new ArrayList<>();
        byFixture.forEach((fixture, lines) -> {
            List<String> runs = new ArrayList<>();
            int i = 0;
            while (i < lines.size()) {
                int end = i;
                while (end + 1 < lines.size() && lines.get(end + 1) - lines.get(end) == 1) {
                    end++;
                }
                runs.add(end == i ? String.valueOf(lines.get(i)) : lines.get(i) + "-" + lines.get(end));
                i = end + 1;
            }
            groups.add(name.apply(fixture) + (lines.size() == 1 ? " line " : " lines ") + String.join(", ", runs));
        });
        return groups;
    }

    @Override
    public String toString() {
        return fixture + ":" + line;
    }
}
