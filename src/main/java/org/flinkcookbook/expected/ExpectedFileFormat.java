package org.flinkcookbook.expected;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.ControlCharacters;
import org.flinkcookbook.io.ControlEscapes;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.result.StatementResult;

/**
 * The expected-values file beside a recipe: plain text made to be read in a pull-request diff.
 *
 * <pre>
 * == line 42: SELECT window_start, window_end, COUNT(*) AS cnt ...
 * columns: window_start | window_end | cnt
 * late rows dropped: 3
 * late rows: fixtures/events.csv lines 4, 9-10
 * +I | 2024-03-01 10:00:00.000 | 2024-03-01 10:01:00.000 | 31
 * </pre>
 *
 * A result has a header with its statement's Markdown line and first words, then optional {@code
 * sink:}, {@code columns:}, {@code late rows dropped:}, {@code late rows:} (one line per fixture:
 * which of its rows were dropped, when the engine said and they are no more than the stored-rows
 * limit; a file without them, as written before they were, is read as not saying which),
 * {@code order: as listed} and either one
 * line per row or, above the stored-rows limit, {@code rows: N (sha256 HASH)}. Values are written
 * as the Flink SQL client prints them; {@code <NULL>} is SQL NULL, {@code <nondeterministic>} a
 * value that differs from run to run; a value with surrounding spaces, a line break or one of those
 * words is written as a JSON string, as is a fixture's path in {@code late rows:} that has surrounding
 * spaces or a line break (a character a terminal acts on, a C1 control or U+2028, is escaped there);
 * {@code |} and {@code \} in other values are escaped with {@code \}. Comment lines ({@code #}) directly above a header belong to that result; those
 * inside a result belong to the row below them. Both are kept when values are written again, as long
 * as the result is: above the same row, or after the rows when that row is gone.
 */
public final class ExpectedFileFormat {

    static final String NULL = "<NULL>";
    private static final String SEPARATOR = " | ";
    private static final String ORDERED = "as listed";
    private static final Pattern HEADER = Pattern.compile("^== line (\\d+): (.*)$");
    private static final Pattern DIGEST = Pattern.compile("^(\\d+) \\(sha256 ([0-9a-f]{64})\\)$");
    private static final Pattern LATE_ROWS = Pattern.compile("^(.+) lines? ([0-9, -]+)$");
    /** What follows a fixture's name written as a JSON string. */
    private static final Pattern QUOTED_LATE_ROWS = Pattern.compile("^ lines? ([0-9, -]+)$");

    private static final Pattern LINES = Pattern.compile("(\\d+)(?:-(\\d+))?");
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        JSON.getFactory().setCharacterEscapes(new ControlEscapes());
    }

    private ExpectedFileFormat() {}

    /** Reads an expected file; {@code shownAs} is how messages name it. */
    public static List<ExpectedResult> read(Path file, String shownAs) throws ExpectedFileException {
        List<String> lines;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            // a symbolic link could point anywhere; its first line would end up in the message
            lines = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(in.readAllBytes()))
                    .toString()
                    .lines()
                    .toList();
        } catch (IOException e) {
            throw new ExpectedFileException(shownAs, 1, "cannot be read as UTF-8 text (" + e.getMessage() + ")");
        }
        return new Reader(shownAs).read(lines);
    }

    /**
     * Writes the results atomically: a reader sees the old file or the new one, never a mix.
     *
     * @param recipe how the recipe is named in the file's header
     * @param previous the results of the file being replaced, whose comments are kept
     * @param maxStoredRows above this many rows a result is stored as its count and hash
     */
    public static void write(
            Path file, String recipe, List<StatementResult> results, List<ExpectedResult> previous, int maxStoredRows)
            throws IOException {
        // Statements with the same first words are told apart by their order among them.
        Map<String, List<ExpectedResult>> previousByKey = new HashMap<>();
        previous.forEach(expected -> previousByKey
                .computeIfAbsent(expected.result().key(), key -> new ArrayList<>())
                .add(expected));
        Map<String, Integer> occurrences = new HashMap<>();
        StringBuilder text = new StringBuilder()
                .append("# Expected results of ")
                .append(recipe)
                .append(", written by mvn cookbook:expected.\n")
                .append(
                        "# Rows compare as a multiset unless marked 'order: as listed'; '#' lines in or directly above a result are kept.\n");
        for (StatementResult result : results) {
            text.append('\n');
            int occurrence = occurrences.merge(result.key(), 1, Integer::sum) - 1;
            List<ExpectedResult> sameKey = previousByKey.getOrDefault(result.key(), List.of());
            ExpectedResult before = occurrence < sameKey.size() ? sameKey.get(occurrence) : null;
            if (before != null) {
                before.comments().forEach(comment -> text.append(comment).append('\n'));
            }
            appendResult(
                    text,
                    inStoredOrder(result, before),
                    maxStoredRows,
                    before == null ? List.of() : before.innerComments());
        }
        AtomicFiles.write(file, text.toString());
    }

    /**
     * The result with its rows in the order the file lists them when they are the same rows: where
     * the statement does not order them, two runs may give them in another order (an interval join's
     * two sources interleave as the machine's load has them), which compares equal and so changes
     * no line of the file.
     */
    private static StatementResult inStoredOrder(StatementResult result, ExpectedResult before) {
        if (result.ordered() || before == null || before.digest() != null) {
            return result;
        }
        List<ResultRow> stored = before.result().rows();
        return RowsDigest.of(stored, false).equals(RowsDigest.of(result.rows(), false))
                ? result.withRows(stored)
                : result;
    }

    /**
     * Writes one result; the comments that stood inside it before go above the same row again, or
     * after the rows when that row is gone, so that no comment of a result still there is lost.
     */
    private static void appendResult(
            StringBuilder text, StatementResult result, int maxStoredRows, List<ExpectedResult.InnerComment> inner) {
        text.append("== line ")
                .append(result.line())
                .append(": ")
                .append(result.label())
                .append('\n');
        if (result.sink() != null) {
            text.append("sink: ").append(result.sink()).append('\n');
        }
        text.append("columns: ")
                .append(String.join(
                        SEPARATOR,
                        result.columns().stream().map(ExpectedFileFormat::cell).toList()))
                .append('\n');
        if (result.lateRowsDropped() != null) {
            text.append("late rows dropped: ").append(result.lateRowsDropped()).append('\n');
            List<FixtureLine> lateRows = result.lateRowLines();
            if (lateRows != null && lateRows.size() <= maxStoredRows) {
                FixtureLine.describe(lateRows, ExpectedFileFormat::fixtureName)
                        .forEach(rows -> text.append("late rows: ").append(rows).append('\n'));
            }
        }
        if (result.ordered()) {
            text.append("order: ").append(ORDERED).append('\n');
        }
        if (result.rows().size() > maxStoredRows) {
            RowsDigest digest = RowsDigest.of(result.rows(), result.ordered());
            text.append("rows: ")
                    .append(digest.count())
                    .append(" (sha256 ")
                    .append(digest.sha256())
                    .append(")\n");
        } else {
            List<ExpectedResult.InnerComment> unplaced = new ArrayList<>(inner);
            for (ResultRow row : result.rows()) {
                String line = rowLine(row);
                unplaced.stream()
                        .filter(comment -> line.equals(comment.aboveRow()))
                        .findFirst()
                        .ifPresent(comment -> {
                            comment.lines()
                                    .forEach(commentLine ->
                                            text.append(commentLine).append('\n'));
                            unplaced.remove(comment);
                        });
                text.append(line).append('\n');
            }
            inner = unplaced;
        }
        inner.forEach(comment ->
                comment.lines().forEach(commentLine -> text.append(commentLine).append('\n')));
    }

    /** A row as one line: its kind, then its values. */
    static String rowLine(ResultRow row) {
        StringBuilder line = new StringBuilder(row.kind().symbol());
        for (String value : row.values()) {
            line.append(SEPARATOR).append(value(value));
        }
        return line.toString();
    }

    /** A value as the expected file writes it: {@code <NULL>} for SQL NULL, quoted where a bare value would read differently. */
    public static String value(String value) {
        return value == null ? NULL : cell(value);
    }

    private static String cell(String value) {
        if (value.equals(ResultRow.NONDETERMINISTIC)) {
            return value;
        }
        if (needsQuotes(value) || value.equals(NULL)) {
            return json(value);
        }
        return value.replace("\\", "\\\\").replace("|", "\\|");
    }

    /**
     * A fixture's name in a {@code late rows:} line, a JSON string where the bare name would not read
     * back: a line break or surrounding spaces in a file's name.
     */
    private static String fixtureName(String fixture) {
        return needsQuotes(fixture) ? json(fixture) : fixture;
    }

    /**
     * Whether a text reads back only as a JSON string, or would reach a terminal that prints the file
     * as more than text: empty, with surrounding spaces, a leading quote, or a character a terminal
     * acts on (escaped there as {@code \\uXXXX}).
     */
    private static boolean needsQuotes(String text) {
        return text.isEmpty()
                || !text.equals(text.strip())
                || text.startsWith("\"")
                || text.chars().anyMatch(ControlCharacters::actedOn);
    }

    private static String json(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a string always serializes", e);
        }
    }

    /** Reads the lines of one file, keeping track of where it is for messages. */
    private static final class Reader {
        private final String file;
        private final List<ExpectedResult> results = new ArrayList<>();
        private final List<String> pendingComments = new ArrayList<>();
        private Builder current;
        private int lineNumber;

        Reader(String file) {
            this.file = file;
        }

        List<ExpectedResult> read(List<String> lines) throws ExpectedFileException {
            for (String line : lines) {
                lineNumber++;
                readLine(line.stripTrailing());
            }
            finish();
            return results;
        }

        private void readLine(String line) throws ExpectedFileException {
            if (line.isBlank()) {
                if (current != null) {
                    current.endComments(null); // comments before a blank line close the result
                }
                pendingComments.clear();
                return;
            }
            if (line.startsWith("#")) {
                (current == null ? pendingComments : current.pendingComments).add(line);
                return;
            }
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                if (current != null) {
                    pendingComments.addAll(current.pendingComments); // directly above the next header: that result's
                    current.pendingComments.clear();
                }
                finish();
                current = new Builder(
                        lineNumber,
                        count(header.group(1), "a recipe line number"),
                        header.group(2).strip(),
                        new ArrayList<>(pendingComments));
                pendingComments.clear();
                return;
            }
            if (current == null) {
                throw problem("expected a result header such as '== line 12: SELECT ...' but found '" + line + "'");
            }
            if (line.startsWith("sink:")) {
                current.sink = line.substring("sink:".length()).strip();
            } else if (line.startsWith("columns:")) {
                current.columns = cells(line.substring("columns:".length()).strip());
            } else if (line.startsWith("late rows dropped:")) {
                current.lateRowsDropped =
                        number(line.substring("late rows dropped:".length()).strip());
            } else if (line.startsWith("late rows:")) {
                lateRows(line.substring("late rows:".length()).strip());
            } else if (line.startsWith("order:")) {
                current.ordered =
                        ORDERED.equals(line.substring("order:".length()).strip());
            } else if (line.startsWith("rows:")) {
                Matcher digest = DIGEST.matcher(line.substring("rows:".length()).strip());
                if (!digest.matches()) {
                    throw problem("expected 'rows: COUNT (sha256 HASH)'");
                }
                current.digest = new RowsDigest(count(digest.group(1), "a row count"), digest.group(2));
            } else {
                ResultRow row = row(line);
                current.endComments(rowLine(row));
                current.rows.add(row);
            }
        }

        /** One fixture's late rows: {@code fixtures/e.csv lines 4, 9-10}; never more than the count above them. */
        private void lateRows(String text) throws ExpectedFileException {
            String fixture = null;
            String after = text;
            if (text.startsWith("\"")) {
                int end = closingQuote(text, 0);
                fixture = quoted(text.substring(0, end + 1));
                after = text.substring(end + 1);
            }
            Matcher rows = (fixture == null ? LATE_ROWS : QUOTED_LATE_ROWS).matcher(after);
            if (!rows.matches()) {
                throw problem("expected 'late rows: FIXTURE lines 4, 9-10' but found '" + text + "'");
            }
            if (fixture == null) {
                fixture = rows.group(1);
            }
            if (current.lateRowsDropped == null) {
                throw problem("'late rows:' names which rows were dropped, so 'late rows dropped: N' must come first");
            }
            if (current.lateRowsLine == 0) {
                current.lateRowsLine = lineNumber;
            }
            for (String part : rows.group(rows.groupCount()).split(",")) {
                Matcher lines = LINES.matcher(part.strip());
                if (!lines.matches()) {
                    throw problem("'" + part.strip() + "' is no fixture line or range of lines such as 9-10");
                }
                int first = count(lines.group(1), "a fixture line");
                int last = lines.group(2) == null ? first : count(lines.group(2), "a fixture line");
                if (last < first) {
                    throw problem("the range " + part.strip() + " ends before it starts");
                }
                if (current.lateRows.size() + (long) last - first + 1 > current.lateRowsDropped) {
                    throw problem("'late rows:' names more rows than 'late rows dropped: " + current.lateRowsDropped
                            + "' says");
                }
                for (int line = first; line <= last; line++) {
                    current.lateRows.add(new FixtureLine(fixture, line));
                }
            }
        }

        /** The late rows the result's lines name; null when they name none where rows were late. */
        private List<FixtureLine> lateRows() throws ExpectedFileException {
            if (current.lateRowsLine == 0) {
                return current.lateRowsDropped == null || current.lateRowsDropped == 0 ? List.of() : null;
            }
            if (current.lateRows.size() != current.lateRowsDropped) {
                throw new ExpectedFileException(
                        file,
                        current.lateRowsLine,
                        "'late rows:' names " + current.lateRows.size() + " rows but 'late rows dropped: "
                                + current.lateRowsDropped + "' says");
            }
            return current.lateRows.stream().sorted(FixtureLine.ORDER).toList();
        }

        private ResultRow row(String line) throws ExpectedFileException {
            List<String> cells = cells(line);
            RowKind kind;
            try {
                kind = RowKind.ofSymbol(cells.get(0));
            } catch (IllegalArgumentException e) {
                throw problem("a row must start with +I, -U, +U or -D, not '" + cells.get(0) + "'");
            }
            if (current.columns != null && cells.size() - 1 != current.columns.size()) {
                throw problem("this row has " + (cells.size() - 1) + " values but the result has "
                        + current.columns.size() + " columns");
            }
            return new ResultRow(kind, cells.subList(1, cells.size()));
        }

        /** Splits on unescaped '|'; a cell starting with '"' is a JSON string; a bare <NULL> is null. */
        private List<String> cells(String line) throws ExpectedFileException {
            List<String> cells = new ArrayList<>();
            int index = 0;
            while (true) {
                while (index < line.length() && line.charAt(index) == ' ') {
                    index++;
                }
                StringBuilder cell = new StringBuilder();
                if (index < line.length() && line.charAt(index) == '"') {
                    int end = closingQuote(line, index);
                    cell.append(quoted(line.substring(index, end + 1)));
                    index = end + 1;
                    while (index < line.length() && line.charAt(index) != '|') {
                        if (line.charAt(index) != ' ') {
                            throw problem("unexpected text after a quoted value");
                        }
                        index++;
                    }
                    cells.add(cell.toString());
                } else {
                    while (index < line.length() && line.charAt(index) != '|') {
                        char c = line.charAt(index);
                        if (c == '\\' && index + 1 < line.length()) {
                            cell.append(line.charAt(++index));
                        } else {
                            cell.append(c);
                        }
                        index++;
                    }
                    String raw = cell.toString().strip();
                    cells.add(NULL.equals(raw) ? null : raw);
                }
                if (index >= line.length()) {
                    return cells;
                }
                index++; // the '|'
            }
        }

        private String quoted(String json) throws ExpectedFileException {
            try {
                return JSON.readValue(json, String.class);
            } catch (JsonProcessingException e) {
                throw problem("a quoted value is not a valid JSON string");
            }
        }

        private int closingQuote(String line, int open) throws ExpectedFileException {
            for (int i = open + 1; i < line.length(); i++) {
                if (line.charAt(i) == '\\') {
                    i++;
                } else if (line.charAt(i) == '"') {
                    return i;
                }
            }
            throw problem("a quoted value is never closed");
        }

        private int count(String digits, String what) throws ExpectedFileException {
            try {
                return Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                throw problem(digits + " is too large for " + what);
            }
        }

        private Long number(String text) throws ExpectedFileException {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw problem("'late rows dropped:' needs a whole number, not '" + text + "'");
            }
        }

        private void finish() throws ExpectedFileException {
            if (current == null) {
                return;
            }
            if (current.columns == null) {
                throw new ExpectedFileException(file, current.headerLine, "the result has no 'columns:' line");
            }
            current.endComments(null);
            StatementResult result = new StatementResult(
                    current.line,
                    current.label,
                    current.sink,
                    current.columns,
                    current.rows,
                    current.ordered,
                    current.lateRowsDropped,
                    RowExplanations.NONE,
                    0);
            results.add(
                    new ExpectedResult(result, current.digest, current.comments, current.innerComments, lateRows()));
            current = null;
        }

        private ExpectedFileException problem(String message) {
            return new ExpectedFileException(file, lineNumber, message);
        }
    }

    /** A result being read. */
    private static final class Builder {
        final int headerLine;
        final int line;
        final String label;
        final List<String> comments;
        final List<ExpectedResult.InnerComment> innerComments = new ArrayList<>();
        final List<String> pendingComments = new ArrayList<>();
        final List<ResultRow> rows = new ArrayList<>();
        String sink;
        List<String> columns;
        Long lateRowsDropped;
        final List<FixtureLine> lateRows = new ArrayList<>();
        int lateRowsLine;
        boolean ordered;
        RowsDigest digest;

        Builder(int headerLine, int line, String label, List<String> comments) {
            this.headerLine = headerLine;
            this.line = line;
            this.label = label;
            this.comments = comments;
        }

        /** The comments read since the last line of this result belong above this row (null: none follows). */
        void endComments(String aboveRow) {
            if (!pendingComments.isEmpty()) {
                innerComments.add(new ExpectedResult.InnerComment(aboveRow, pendingComments));
                pendingComments.clear();
            }
        }
    }
}
