package org.flinkcookbook.flink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.flinkcookbook.csv.CsvLines;

/**
 * Reads a CSV fixture before Flink does, so that a malformed row is reported with its fixture line
 * instead of as a failed job: the number of fields, and the event-time column, which Flink must be
 * able to read and which may not be empty (the watermark assigner fails on a NULL rowtime).
 */
final class FixtureCheck {

    /** Flink's CSV format reads SQL timestamps: date, space, time, optional fraction. */
    private static final DateTimeFormatter SQL_TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();

    private static final Set<String> ROW_KINDS = Set.of("+I", "-U", "+U", "-D");

    private FixtureCheck() {}

    /**
     * @param shownAs how messages name the fixture
     * @param types the physical column types, in file order
     * @param rowtime the index of the event-time column among them, or -1
     * @param changelog whether the first column is the row kind
     * @return what is wrong with the first bad row, naming its line; empty when every row reads
     */
    static Optional<String> problem(
            Path csv, String shownAs, List<String> names, List<LogicalType> types, int rowtime, boolean changelog)
            throws IOException {
        List<String> problems = new ArrayList<>(1);
        try {
            CsvLines.read(csv, (row, line) -> {
                if (problems.isEmpty()) {
                    problem(row, line, shownAs, names, types, rowtime, changelog)
                            .ifPresent(problems::add);
                }
            });
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.of(shownAs + ": is not valid CSV (" + e.getMessage() + ")");
        }
        return problems.stream().findFirst();
    }

    private static Optional<String> problem(
            CharSequence[] row,
            int line,
            String shownAs,
            List<String> names,
            List<LogicalType> types,
            int rowtime,
            boolean changelog) {
        if (row.length != types.size()) {
            return Optional.of(shownAs + ":" + line + ": has " + row.length + " fields but the table has "
                    + types.size() + " physical columns (" + String.join(", ", names)
                    + "); fix the row or the table's columns");
        }
        if (changelog && !ROW_KINDS.contains(row[0].toString())) {
            return Optional.of(shownAs + ":" + line + ": '" + row[0] + "' is no row kind; the table's source emits"
                    + " changes, so each row of its fixture starts with +I, -U, +U or -D");
        }
        if (rowtime < 0) {
            return Optional.empty();
        }
        String value = row[rowtime].toString();
        if (value.isEmpty()) {
            return Optional.of(shownAs + ":" + line + ": the event-time column " + names.get(rowtime)
                    + " is empty, and Flink cannot assign a watermark to a NULL rowtime; give the row a time");
        }
        if (!readsAsTimestamp(value, types.get(rowtime))) {
            return Optional.of(shownAs + ":" + line + ": '" + value + "' in the event-time column " + names.get(rowtime)
                    + " is not a " + types.get(rowtime).asSummaryString() + " Flink's CSV format reads; write it as "
                    + (isLocalZoned(types.get(rowtime)) ? "2024-03-01 10:00:00.000Z" : "2024-03-01 10:00:00.000"));
        }
        return Optional.empty();
    }

    private static boolean readsAsTimestamp(String value, LogicalType type) {
        String text = value;
        if (isLocalZoned(type)) {
            if (!text.endsWith("Z")) {
                return false;
            }
            text = text.substring(0, text.length() - 1);
        } else if (type.getTypeRoot() != LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE) {
            return true; // a BIGINT or other rowtime source: Flink itself says what is wrong
        }
        try {
            SQL_TIMESTAMP.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static boolean isLocalZoned(LogicalType type) {
        return type.getTypeRoot() == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
    }
}
