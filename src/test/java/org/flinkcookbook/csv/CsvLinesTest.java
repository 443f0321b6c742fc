package org.flinkcookbook.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** CsvLines reads what commons-csv reads keeping empty lines, whatever the buffer size, and keeps each record's first line. */
class CsvLinesTest {

    // "Aa" and "BB" hash alike: CsvLines must not hand out one for the other
    private static final String[] PIECES = {
        "1",
        "42",
        "-7",
        "k0",
        "Aa",
        "BB",
        "",
        " padded ",
        "héllo",
        "日本語",
        "\"a, b\"",
        "\"two\nlines\"",
        "\"say \"\"hi\"\"\"",
        "2024-03-01 10:00:00.000",
        "\"cr\rinside\""
    };
    private static final String[] BREAKS = {"\n", "\r\n", "\r"};

    @Test
    void readsWhatCommonsCsvReadsForRandomFilesAndBufferSizes() throws IOException {
        Random random = new Random(11);
        for (int file = 0; file < 300; file++) {
            StringBuilder text = new StringBuilder();
            int lines = random.nextInt(1, 30);
            for (int line = 0; line < lines; line++) {
                int fields = random.nextInt(1, 5);
                for (int field = 0; field < fields; field++) {
                    text.append(field == 0 ? "" : ",").append(PIECES[random.nextInt(PIECES.length)]);
                }
                if (line < lines - 1 || random.nextBoolean()) {
                    text.append(BREAKS[random.nextInt(BREAKS.length)]);
                    if (random.nextInt(6) == 0) {
                        text.append(BREAKS[random.nextInt(BREAKS.length)]); // an empty line: one empty field
                    }
                }
            }
            int bufferBytes = random.nextInt(1, 40);
            assertThat(records(text.toString(), bufferBytes))
                    .as("%s with a %d-byte buffer", text, bufferBytes)
                    .isEqualTo(commonsCsv(text.toString()));
        }
    }

    @Test
    void fieldsThatHashAlikeStayApart() throws IOException {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        assertThat(records("Aa,BB\nBB,Aa\nAa,Aa\n", 64))
                .containsExactly(List.of("Aa", "BB"), List.of("BB", "Aa"), List.of("Aa", "Aa"));
    }

    @Test
    void recordsKeepTheLineTheyStartOnWhateverTheLineBreaks() throws IOException {
        String text = "a,1\r\n\r\nb,\"x\ny\"\rc,3\n\nd,4";
        for (int bufferBytes = 1; bufferBytes <= text.length() + 1; bufferBytes++) {
            List<String> lines = new ArrayList<>();
            CsvLines.read(stream(text), bufferBytes, (fields, line) -> lines.add(fields[0] + "@" + line));
            assertThat(lines).as("buffer %d", bufferBytes).containsExactly("a@1", "@2", "b@3", "c@5", "@6", "d@7");
        }
    }

    private static List<List<String>> records(String text, int bufferBytes) throws IOException {
        List<List<String>> records = new ArrayList<>();
        CsvLines.read(
                stream(text),
                bufferBytes,
                (fields, line) -> records.add(
                        Stream.of(fields).map(CharSequence::toString).toList()));
        return records;
    }

    private static List<List<String>> commonsCsv(String text) throws IOException {
        List<List<String>> records = new ArrayList<>();
        try (CSVParser parser =
                CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(false).build().parse(new StringReader(text))) {
            for (CSVRecord record : parser) {
                records.add(List.of(record.values()));
            }
        }
        return records;
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
