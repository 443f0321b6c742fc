package org.flinkcookbook.csv;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Streams the records of a UTF-8 CSV file in commons-csv's DEFAULT format (comma, double quotes)
 * with empty lines kept as records of one empty field, as Flink's CSV format reads them, with the
 * line each record starts on. Lines end at \n, \r or \r\n, as
 * BufferedReader#readLine has them. A line without a double quote is split on commas straight
 * from the file's bytes, which gives exactly what commons-csv gives for it at a fraction of the
 * cost, and an ASCII one is handed out as views of those bytes, read in place; a record with
 * quotes, possibly spanning lines, is handed to commons-csv. The simulator reads fixtures with it,
 * and the Flink engine checks them with it before Flink reads them.
 */
public final class CsvLines {

    @FunctionalInterface
    public interface RecordHandler {
        /** @param fields the record's fields, valid only during the call: copy what you keep with toString() */
        void record(CharSequence[] fields, int line);
    }

    private static final int BUFFER_BYTES = 1 << 16;
    private static final CharSequence[] EMPTY_LINE = {""};

    private final InputStream input;
    private byte[] buffer;
    private int position;
    private int limit;
    private boolean endOfFile;
    /** The current line: buffer[lineStart, lineEnd). */
    private int lineStart;

    private int lineEnd;
    private int lineNumber;
    /** The current line's commas, as offsets from its start, and what else its scan found. */
    private int[] commas = new int[16];

    private int commaCount;
    private boolean lineQuoted;
    private boolean lineAscii;
    private AsciiView[] views = new AsciiView[0];
    private final RecentStrings recentStrings = new RecentStrings();
    /** The last line ended at a \r: a \n right after it belongs to the same line break. */
    private boolean skipLineFeed;
    /** The line break before the current line, which a quoted field spanning them keeps. */
    private String precedingBreak;

    private CsvLines(InputStream input, int bufferBytes) {
        this.input = input;
        this.buffer = new byte[bufferBytes];
    }

    public static void read(Path file, RecordHandler handler) throws IOException {
        try (InputStream input = Files.newInputStream(file)) {
            read(input, BUFFER_BYTES, handler);
        }
    }

    /** @param bufferBytes the initial buffer, which grows for longer lines */
    static void read(InputStream input, int bufferBytes, RecordHandler handler) throws IOException {
        new CsvLines(input, bufferBytes).readAll(handler);
    }

    private void readAll(RecordHandler handler) throws IOException {
        while (nextLine()) {
            if (lineEnd == lineStart) {
                handler.record(
                        EMPTY_LINE,
                        lineNumber); // as Flink's CSV format (Jackson) reads it, so a blank line fails as in Flink
                continue;
            }
            if (!lineQuoted) {
                handler.record(splitLine(), lineNumber);
                continue;
            }
            int firstLine = lineNumber;
            StringBuilder quoted = new StringBuilder(lineText());
            while (quoteCount(quoted) % 2 != 0 && nextLine()) {
                quoted.append(precedingBreak).append(lineText());
            }
            try (CSVParser parser = CSVFormat.DEFAULT.parse(new StringReader(quoted.toString()))) {
                for (CSVRecord record : parser) {
                    handler.record(record.values(), firstLine);
                }
            }
        }
    }

    /** Moves to the next line; false at the end of the file. */
    private boolean nextLine() throws IOException {
        precedingBreak = "\n";
        if (skipLineFeed) {
            skipLineFeed = false;
            precedingBreak = "\r";
            if (position == limit && !endOfFile) {
                fill();
            }
            if (position < limit && buffer[position] == '\n') {
                position++; // the \n of a \r\n, maybe split across two reads
                precedingBreak = "\r\n";
            }
        }
        commaCount = 0;
        lineQuoted = false;
        lineAscii = true;
        int end = indexOfLineBreak(position);
        while (end < 0 && !endOfFile) {
            int searched = limit - position;
            fill();
            end = indexOfLineBreak(position + searched);
        }
        if (end < 0) {
            if (position == limit) {
                return false;
            }
            end = limit; // the last line has no line break
        }
        lineStart = position;
        lineEnd = end;
        lineNumber++;
        position = end;
        if (position < limit) {
            skipLineFeed = buffer[position] == '\r';
            position++;
        }
        return true;
    }

    /**
     * Finds the line break from {@code from} on, noting on the way the commas, a double quote, and
     * bytes beyond ASCII, so that a line is scanned once.
     */
    private int indexOfLineBreak(int from) {
        for (int i = from; i < limit; i++) {
            byte b = buffer[i];
            if (b > ',') {
                continue; // digits, letters, '-', '.', ':': most bytes, told apart with one comparison
            }
            if (b == ',') {
                if (commaCount == commas.length) {
                    commas = Arrays.copyOf(commas, commas.length * 2);
                }
                commas[commaCount++] = i - position;
            } else if (b == '\n' || b == '\r') {
                return i;
            } else if (b == '"') {
                lineQuoted = true;
            } else if (b < 0) {
                lineAscii = false;
            }
        }
        return -1;
    }

    /** Keeps the unread bytes, moved to the buffer's start (growing it for a long line), and reads more after them. */
    private void fill() throws IOException {
        int unread = limit - position;
        if (unread == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        System.arraycopy(buffer, position, buffer, 0, unread);
        position = 0;
        limit = unread;
        int read = input.read(buffer, limit, buffer.length - limit);
        if (read < 0) {
            endOfFile = true;
        } else {
            limit += read;
        }
    }

    private String lineText() {
        return new String(buffer, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
    }

    /** The fields of an unquoted line: views of the buffer when it is ASCII, else decoded strings. */
    private CharSequence[] splitLine() {
        if (!lineAscii) {
            String[] values = new String[commaCount + 1];
            int start = lineStart;
            for (int field = 0; field <= commaCount; field++) {
                int end = field < commaCount ? lineStart + commas[field] : lineEnd;
                values[field] = new String(buffer, start, end - start, StandardCharsets.UTF_8);
                start = end + 1;
            }
            return values;
        }
        if (views.length != commaCount + 1) {
            views = new AsciiView[commaCount + 1];
            for (int field = 0; field < views.length; field++) {
                views[field] = new AsciiView(recentStrings);
            }
        }
        int start = lineStart;
        for (int field = 0; field <= commaCount; field++) {
            int end = field < commaCount ? lineStart + commas[field] : lineEnd;
            views[field].show(buffer, start, end);
            start = end + 1;
        }
        return views;
    }

    /**
     * An ASCII field in the buffer, read in place so that numbers and timestamps are parsed without
     * a string of their own; reused for the next line.
     */
    private static final class AsciiView implements CharSequence {
        private final RecentStrings recentStrings;
        private byte[] bytes;
        private int start;
        private int length;

        AsciiView(RecentStrings recentStrings) {
            this.recentStrings = recentStrings;
        }

        void show(byte[] buffer, int from, int to) {
            bytes = buffer;
            start = from;
            length = to - from;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length) {
                throw new IndexOutOfBoundsException(index);
            }
            return (char) bytes[start + index];
        }

        @Override
        public CharSequence subSequence(int from, int to) {
            return toString().substring(from, to);
        }

        @Override
        public String toString() {
            return recentStrings.of(bytes, start, length);
        }
    }

    /**
     * The strings of short ASCII fields seen lately, by a hash of their bytes. Fixture columns that
     * become strings are mostly keys with few values: handing out the same instance again saves
     * allocating it, and the operators hashing and comparing it as a key, millions of times.
     */
    private static final class RecentStrings {
        private static final int LONGEST = 32;
        private final String[] strings = new String[1024];

        String of(byte[] bytes, int start, int length) {
            if (length > LONGEST) {
                return new String(bytes, start, length, StandardCharsets.ISO_8859_1);
            }
            int hash = 0;
            for (int i = start; i < start + length; i++) {
                hash = 31 * hash + bytes[i];
            }
            int slot = (hash ^ (hash >>> 16)) & (strings.length - 1);
            String recent = strings[slot];
            if (recent != null && sameCharacters(recent, bytes, start, length)) {
                return recent;
            }
            String string = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
            strings[slot] = string;
            return string;
        }

        private static boolean sameCharacters(String string, byte[] bytes, int start, int length) {
            if (string.length() != length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (string.charAt(i) != bytes[start + i]) {
                    return false;
                }
            }
            return true;
        }
    }

    private static long quoteCount(CharSequence text) {
        return text.chars().filter(c -> c == '"').count();
    }
}
