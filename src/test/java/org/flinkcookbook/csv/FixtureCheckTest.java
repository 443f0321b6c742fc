package org.flinkcookbook.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fixture's mistakes, each at fixture:line:column in one sentence with its fix, on both engines (they share it). */
class FixtureCheckTest {

    private static final List<String> NAMES = List.of("id", "sensor", "reading", "ts");
    private static final List<LogicalType> TYPES =
            List.of(new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH), new IntType(), new TimestampType(3));

    @TempDir
    Path directory;

    private Optional<String> check(String csv) throws IOException {
        Path file = directory.resolve("readings.csv");
        Files.writeString(file, csv);
        return FixtureCheck.problem(file, "fixtures/readings.csv", NAMES, TYPES, 3, false);
    }

    @Test
    void aNonNumberInANumberColumnIsNamedAtItsLineAndColumnWithTheColumnsType() throws IOException {
        assertThat(check("1,s1,10,2024-03-01 10:00:00\n2,s1,ten,2024-03-01 10:00:01\n"))
                .contains("fixtures/readings.csv:2:6: 'ten' in column reading (INT) is no number Flink's CSV format"
                        + " reads; write a whole number such as 42 (from -2147483648 to 2147483647)");
    }

    @Test
    void numbersAreReadAsFlinksCsvFormatReadsThemTrimmedAndWithinTheirTypesRange() throws IOException {
        assertThat(check("1, s1 , 10 ,2024-03-01 10:00:00\n")).isEmpty();
        assertThat(checkSmall("127,1.5\n128,1.5\n"))
                .contains("fixtures/small.csv:2:1: '128' in column t (TINYINT) is no number Flink's CSV format reads;"
                        + " write a whole number from -128 to 127");
        assertThat(checkSmall("1,1.5e3\n1, 1.5\n"))
                .as("a decimal is read as it is written, spaces included")
                .contains("fixtures/small.csv:2:3: ' 1.5' in column d (DECIMAL(10, 2)) is no number Flink's CSV format"
                        + " reads; write a decimal number such as 12.50");
        assertThat(checkSmall("1,1.5e3\n1,one\n"))
                .contains("fixtures/small.csv:2:3: 'one' in column d (DECIMAL(10, 2)) is no number Flink's CSV format"
                        + " reads; write a decimal number such as 12.50");
    }

    /** A fixture of a TINYINT and a DECIMAL(10, 2) column. */
    private Optional<String> checkSmall(String csv) throws IOException {
        Path file = directory.resolve("small.csv");
        Files.writeString(file, csv);
        return FixtureCheck.problem(
                file,
                "fixtures/small.csv",
                List.of("t", "d"),
                List.of(new TinyIntType(), new DecimalType(10, 2)),
                -1,
                false);
    }

    @Test
    void aBlankLineIsNamedAsBlankNotAsARowOfOneField() throws IOException {
        assertThat(check("1,s1,10,2024-03-01 10:00:00\n\n3,s1,12,2024-03-01 10:00:02\n"))
                .contains("fixtures/readings.csv:2: is blank, but every line of a fixture is a row of the table's 4"
                        + " physical columns (id, sensor, reading, ts); delete the blank line");
        assertThat(check("1,s1,10,2024-03-01 10:00:00\n2\n"))
                .contains("fixtures/readings.csv:2: has 1 fields but the table has 4 physical columns (id, sensor,"
                        + " reading, ts); fix the row or the table's columns");
    }

    @Test
    void aHeaderLineIsExplainedAsOneWhateverTheColumnTypes() throws IOException {
        assertThat(check("id,sensor,reading,ts\n1,s1,10,2024-03-01 10:00:00\n"))
                .contains("fixtures/readings.csv:1: 'id,sensor,reading,ts' is a header line, but fixtures have no"
                        + " header line (every line is a row, its fields in the table's column order); delete line 1");
        // a header in another case, and one of a table of strings only, which Flink would read as a row
        assertThat(check("ID,Sensor,READING,ts\n"))
                .hasValueSatisfying(problem -> assertThat(problem).contains("is a header line"));
        Path file = directory.resolve("names.csv");
        Files.writeString(file, "name,city\nAda,London\n");
        assertThat(FixtureCheck.problem(
                        file,
                        "fixtures/names.csv",
                        List.of("name", "city"),
                        List.of(new VarCharType(10), new VarCharType(10)),
                        -1,
                        false))
                .hasValueSatisfying(problem ->
                        assertThat(problem).startsWith("fixtures/names.csv:1: 'name,city' is a header line"));
        // a row that only shares a value with a column name is a row
        assertThat(check("1,sensor,10,2024-03-01 10:00:00\n")).isEmpty();
        // a header with other names than the table's: names where numbers and times belong, not a bad timestamp
        assertThat(check("event_id,device,value,time\n1,s1,10,2024-03-01 10:00:00\n"))
                .contains("fixtures/readings.csv:1: 'event_id,device,value,time' is a header line (names where the"
                        + " table's values belong), but fixtures have no header line (every line is a row, its fields"
                        + " in the table's column order); delete line 1");
        // a word in a later line is that value's mistake
        assertThat(check("1,s1,10,2024-03-01 10:00:00\nid,sensor,ten,ts\n"))
                .hasValueSatisfying(
                        problem -> assertThat(problem).startsWith("fixtures/readings.csv:2:1: 'id' in column id"));
    }

    @Test
    void anEventTimeMistakeIsNamedAtItsColumn() throws IOException {
        assertThat(check("1,s1,10,\n"))
                .contains("fixtures/readings.csv:1:9: the event-time column ts is empty, and Flink cannot assign a"
                        + " watermark to a NULL rowtime; give the row a time");
        assertThat(check("1,s1,10,yesterday\n"))
                .contains("fixtures/readings.csv:1:9: 'yesterday' in the event-time column ts is not a TIMESTAMP(3)"
                        + " Flink's CSV format reads; write it as 2024-03-01 10:00:00.000");
    }

    /** Edge cases of the timestamp shape read in place, and near them. */
    private static final List<String> TIMESTAMPS = List.of(
            "2024-03-01 10:00:00",
            "2024-03-01 10:00:00.",
            "2024-03-01 10:00:00.5",
            "2024-03-01 10:00:00.123456789",
            "2024-03-01 10:00:00.1234567890",
            "2024-02-29 00:00:00",
            "2023-02-29 00:00:00",
            "1900-02-29 00:00:00",
            "2000-02-29 00:00:00",
            "2024-02-30 00:00:00",
            "2024-04-31 00:00:00",
            "2024-04-30 23:59:59.999",
            "2024-13-01 00:00:00",
            "2024-00-01 00:00:00",
            "2024-01-00 00:00:00",
            "2024-01-32 00:00:00",
            "0000-01-01 00:00:00",
            "0001-01-01 00:00:00",
            "9999-12-31 23:59:59.999999999",
            "9999-12-31 24:00:00",
            "2024-03-01 24:00:00",
            "2024-03-01 24:00:01",
            "2024-03-01 23:60:00",
            "2024-03-01 23:59:60",
            "+12024-03-01 10:00:00",
            "+2024-03-01 10:00:00",
            "-2024-03-01 10:00:00",
            "12024-03-01 10:00:00",
            "024-03-01 10:00:00",
            "2024-3-01 10:00:00",
            "2024-03-01T10:00:00",
            "2024-03-01  10:00:00",
            " 2024-03-01 10:00:00",
            "2024-03-01 10:00:00 ",
            "2024-03-01 10:00",
            "2024-03-01",
            "2024-03-01 10:00:00.12a",
            "2024-03-01 10:00:00,5",
            "2024-03-01 1a:00:00",
            "\u0662024-03-01 10:00:00");

    @Test
    void theTimestampShapeReadInPlaceIsReadAsFlinksFormatReadsItOnEdgeCasesAndFuzzedText() {
        List<String> texts = new ArrayList<>(TIMESTAMPS);
        Random random = new Random(28);
        String alphabet = "0123456789012345678901234567890123456789-:. +Z";
        for (int i = 0; i < 6_000; i++) {
            StringBuilder text = new StringBuilder(texts.get(random.nextInt(TIMESTAMPS.size())));
            for (int edits = random.nextInt(4); edits > 0 && text.length() > 0; edits--) {
                int at = random.nextInt(text.length());
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                switch (random.nextInt(3)) {
                    case 0 -> text.setCharAt(at, c);
                    case 1 -> text.insert(at, c);
                    default -> text.deleteCharAt(at);
                }
            }
            texts.add(text.toString());
        }
        for (int i = 0; i < 4_000; i++) { // dates and times around every bound, fractions of 0 to 10 digits
            int year = random.nextInt(4) == 0 ? random.nextInt(10_000) : 1996 + random.nextInt(9);
            String fraction = random.nextBoolean() ? "" : ".123456789".substring(0, 1 + random.nextInt(10));
            texts.add(String.format(
                    "%04d-%02d-%02d %02d:%02d:%02d%s",
                    year,
                    random.nextInt(14),
                    random.nextInt(33),
                    random.nextInt(26),
                    random.nextInt(61),
                    random.nextInt(61),
                    fraction + (random.nextInt(10) == 0 ? "0" : "")));
        }
        int readInPlace = 0;
        List<String> disagreements = new ArrayList<>();
        TimestampType timestamp = new TimestampType(3);
        LocalZonedTimestampType localZoned = new LocalZonedTimestampType(3);
        for (String text : texts) {
            boolean flink = readsAsSqlTimestamp(text);
            if (FixtureCheck.isCanonicalTimestamp(text, text.length())) {
                readInPlace++;
                if (!flink) {
                    disagreements.add("read in place, not by Flink's format: " + text);
                }
            }
            if (!text.isEmpty()
                    && (FixtureCheck.readsAsTimestamp(text, timestamp) != flink
                            || FixtureCheck.readsAsTimestamp(text + "Z", localZoned) != flink
                            || FixtureCheck.readsAsTimestamp(text, localZoned)
                                    != (text.endsWith("Z")
                                            && readsAsSqlTimestamp(text.substring(0, text.length() - 1))))) {
                disagreements.add("read otherwise than by Flink's format: " + text);
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(readInPlace).as("timestamps read in place").isGreaterThan(1_000);
    }

    /** The parser Flink's CSV format is checked with, which reads every shape the check does not read in place. */
    private static boolean readsAsSqlTimestamp(String text) {
        try {
            FixtureCheck.SQL_TIMESTAMP.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    @Test
    void numbersReadInPlaceAreReadAsTheJdksParsersOfAStringReadThemOnEdgeCasesAndFuzzedText() {
        List<String> texts = new ArrayList<>(List.of(
                "127",
                "128",
                "-128",
                "-129",
                "32767",
                "32768",
                "-32769",
                "2147483647",
                "2147483648",
                "-2147483648",
                "-2147483649",
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "-9223372036854775809",
                "+",
                "-",
                "",
                " ",
                "+1",
                "-0",
                "1.",
                ".5",
                ".",
                "+.5",
                "-.",
                "1.2.3",
                "1e5",
                "1E-3",
                "0x1p3",
                "NaN",
                "Infinity",
                "-Infinity",
                "1d",
                "1f",
                " 1.5",
                "1.5 ",
                "\t7\t",
                "\u0663",
                "\uff11\uff12",
                "1_000",
                "00012",
                "++1",
                "1-"));
        Random random = new Random(29);
        String alphabet = "0123456789012345678901234567890123456789 +-.eEdfxNaI\t";
        for (int i = 0; i < 3_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int length = random.nextInt(22); length > 0; length--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            texts.add(text.toString());
        }
        List<String> disagreements = new ArrayList<>();
        for (String text : texts) {
            for (FixtureCheck.NumberColumn column : FixtureCheck.NumberColumn.values()) {
                if (column.reads(text) != readsAsString(column, text)) {
                    disagreements.add(column + " '" + text + "'");
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    /** How the check read a number before it read them in place: the JDK's parser of a string, trimmed but a DECIMAL. */
    private static boolean readsAsString(FixtureCheck.NumberColumn column, String text) {
        if (text.isEmpty()) {
            return true;
        }
        try {
            switch (column) {
                case TINYINT -> Byte.parseByte(text.trim());
                case SMALLINT -> Short.parseShort(text.trim());
                case INTEGER -> Integer.parseInt(text.trim());
                case BIGINT -> Long.parseLong(text.trim());
                case DECIMAL -> new BigDecimal(text);
                case FLOAT -> Float.parseFloat(text.trim());
                case DOUBLE -> Double.parseDouble(text.trim());
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
