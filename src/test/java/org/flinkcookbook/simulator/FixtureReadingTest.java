package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Random;
import org.apache.flink.table.data.TimestampData;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fixtures are read as Flink's CSV format reads them. */
class FixtureReadingTest {

    @TempDir
    Path directory;

    @Test
    void timestampsParseAsJavaSqlTimestampDoes() {
        // CsvToRowDataConverters#convertToTimestamp uses Timestamp.valueOf; the fast path must agree
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            long millis = random.nextLong(-2_000_000_000_000L, 5_000_000_000_000L);
            LocalDateTime time = LocalDateTime.ofEpochSecond(
                    Math.floorDiv(millis, 1000), (int) Math.floorMod(millis, 1000) * 1_000_000, ZoneOffset.UTC);
            String text = time.toString().replace('T', ' ');
            if (text.length() == 16) {
                text += ":00";
            }
            long expected = java.sql.Timestamp.valueOf(text)
                    .toLocalDateTime()
                    .toInstant(ZoneOffset.UTC)
                    .toEpochMilli();
            assertThat(Timestamps.parseTimestamp(text)).as(text).isEqualTo(expected);
        }
        assertThat(Timestamps.parseTimestamp("2024-03-01 10:00:00.5"))
                .isEqualTo(Timestamps.parseTimestamp("2024-03-01 10:00:00.500"));
        assertThat(Timestamps.parseTimestamp("2024-3-1 10:00:00"))
                .isEqualTo(Timestamps.parseTimestamp("2024-03-01 10:00:00"));
    }

    @Test
    void timestampsKeepEveryDigitAsTimestampDataFromLocalDateTimeDoes() {
        // CsvToRowDataConverters#convertToTimestamp: TimestampData#fromLocalDateTime of the parsed text, nanoseconds
        // kept; a value without digits below the millisecond stays a Long
        Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            LocalDateTime time = LocalDateTime.ofEpochSecond(
                    random.nextLong(-2_000_000_000L, 5_000_000_000L), random.nextInt(1_000_000_000), ZoneOffset.UTC);
            String fraction = String.format("%09d", time.getNano()).substring(0, 1 + random.nextInt(9));
            String text = time.withNano(0).toString().replace('T', ' ');
            text = (text.length() == 16 ? text + ":00" : text) + "." + fraction;
            TimestampData expected = TimestampData.fromLocalDateTime(
                    java.sql.Timestamp.valueOf(text).toLocalDateTime());
            Object parsed = Values.parseCsvField(text, SqlType.timestamp(9));
            assertThat(Timestamps.millis(parsed)).as(text).isEqualTo(expected.getMillisecond());
            assertThat(parsed instanceof TimestampData precise ? precise : TimestampData.fromEpochMillis((Long) parsed))
                    .as(text)
                    .isEqualTo(expected);
            assertThat(parsed instanceof Long).as(text).isEqualTo(expected.getNanoOfMillisecond() == 0);
        }
    }

    @Test
    void wholeNumbersAreTrimmedAndTheirErrorsReadAsFlinksDo() {
        assertThat(Values.parseCsvField(" 42 ", SqlType.INT)).isEqualTo(42);
        assertThat(Values.parseCsvField("-9000000000", SqlType.BIGINT)).isEqualTo(-9_000_000_000L);
        // Flink's CSV format calls Integer.parseInt and Long.parseLong on the trimmed text
        assertThatThrownBy(() -> Values.parseCsvField("ten", SqlType.INT)).hasMessage("For input string: \"ten\"");
        assertThatThrownBy(() -> Values.parseCsvField("3000000000", SqlType.INT))
                .hasMessage("For input string: \"3000000000\"");
        assertThatThrownBy(() -> Values.parseCsvField("   ", SqlType.BIGINT)).hasMessage("For input string: \"\"");
        assertThatThrownBy(() -> Values.parseCsvField("99999999999999999999", SqlType.BIGINT))
                .hasMessage("For input string: \"99999999999999999999\"");
    }

    @Test
    void wholeNumbersReadInPlaceAreWhatFlinksParsersOfTheTrimmedTextMakeOfThem() {
        Random random = new Random(28);
        String alphabet = "01234567890123456789-+ x";
        java.util.List<String> disagreements = new java.util.ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int length = random.nextInt(22); length > 0; length--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String field = text.toString();
            for (SqlType type : new SqlType[] {SqlType.INT, SqlType.BIGINT}) {
                String flink;
                try {
                    flink = String.valueOf(
                            type == SqlType.INT ? Integer.parseInt(field.trim()) : Long.parseLong(field.trim()));
                } catch (NumberFormatException e) {
                    flink = e.getMessage();
                }
                String read;
                try {
                    read = String.valueOf(Values.parseCsvField(field, type));
                } catch (NumberFormatException e) {
                    read = e.getMessage();
                }
                if (!read.equals(flink)) {
                    disagreements.add(type + " '" + field + "': " + read + " against " + flink);
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void quotedFieldsMaySpanLinesAndRowsKeepTheLineTheyStartOn() {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "notes.csv", "1,\"a, b\"\n2,\"two\nlines\"\n3,plain\n");
        RecipeRun run = new SimulatorEngine(fixtures)
                .run(
                        Recipes.recipe(
                                directory,
                                "notes",
                                "<!-- cookbook:fixture notes = notes.csv -->",
                                "CREATE TABLE notes (id INT, note STRING, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');"));
        assertThat(run.problem()).isNotNull(); // no ts column: a recipe error, as in Flink

        run = new SimulatorEngine(fixtures)
                .run(
                        Recipes.recipe(
                                directory,
                                "notes",
                                "<!-- cookbook:fixture notes = notes.csv -->",
                                "CREATE TABLE notes (id INT, note STRING) WITH ('connector' = 'datagen');\nSELECT id, note FROM notes WHERE id > 1;"));
        assertThat(run.results().get(0).rows())
                .extracting(ResultRow::toString)
                .containsExactly("+I[2, two\nlines]", "+I[3, plain]");
    }

    @Test
    void aFilesystemTableReadsItsCsvFromTheFixturesPlaceholderEvenWithASpaceInThePath() {
        Path fixtures = directory.resolve("my fixtures");
        Recipes.fixture(fixtures, "numbers.csv", "1\n2\n");
        RecipeRun run = new SimulatorEngine(fixtures)
                .run(Recipes.recipe(
                        directory,
                        "numbers",
                        "",
                        "CREATE TABLE numbers (n INT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/numbers.csv', 'format' = 'csv');\n"
                                + "SELECT n FROM numbers;"));

        assertThat(run.problem()).isNull();
        assertThat(run.results().get(0).rows()).extracting(ResultRow::toString).containsExactly("+I[1]", "+I[2]");
    }
}
