package org.flinkcookbook.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
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
}
