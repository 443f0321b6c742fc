package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.Timeline;
import org.flinkcookbook.result.Timeline.FiredWindow;
import org.flinkcookbook.result.Timeline.Mark;
import org.flinkcookbook.result.Timeline.Point;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timelines the simulator records for the HTML report: rows, watermark steps, fired windows, dropped and filtered rows. */
class TimelineTest {

    private static final String EVENTS =
            "CREATE TABLE events (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');";
    /** Row 3 arrives after row 2 pushed the watermark to the last millisecond of [10:00:00, 10:00:05). */
    private static final String CSV = """
            1,2024-03-01 10:00:01
            2,2024-03-01 10:00:04.999
            3,2024-03-01 10:00:03
            4,2024-03-01 10:00:06
            """;

    private static final String TUMBLE =
            "SELECT window_start, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), "
                    + "INTERVAL '5' SECOND)) GROUP BY window_start, window_end;";

    @TempDir
    Path directory;

    @Test
    void aTumbleWindowShowsEveryRowTheWatermarkStepsTheFiredWindowsAndTheDroppedRow() {
        Timeline timeline = timeline(true, CSV, "SET 'pipeline.auto-watermark-interval' = '0';", TUMBLE);

        assertThat(timeline.fixture()).isEqualTo("fixtures/events.csv");
        assertThat(timeline.timeZone()).isEqualTo("UTC");
        assertThat(timeline.rowCount()).isEqualTo(4);
        assertThat(timeline.sampleStride()).isEqualTo(1);
        assertThat(timeline.watermarkDelayMillis()).isZero();
        assertThat(timeline.rows())
                .containsExactly(
                        new Point(1, at("10:00:01")),
                        new Point(2, at("10:00:04.999")),
                        new Point(3, at("10:00:03")),
                        new Point(4, at("10:00:06")));
        assertThat(timeline.watermarks())
                .containsExactly(
                        new Point(1, at("10:00:01")), new Point(2, at("10:00:04.999")), new Point(4, at("10:00:06")));
        assertThat(timeline.windows())
                .containsExactly(
                        new FiredWindow(at("10:00:00"), at("10:00:05"), 2, false),
                        new FiredWindow(at("10:00:05"), at("10:00:10"), 4, true));
        assertThat(timeline.windowCount()).isEqualTo(2);
        assertThat(timeline.lateRows())
                .extracting(LateRow::fixtureLine, LateRow::at)
                .containsExactly(tuple(
                        3, new LateRow.OnTimeline(at("10:00:03"), at("10:00:04.999"), at("10:00:00"), at("10:00:05"))));
        assertThat(timeline.filteredRows()).isEmpty();
    }

    @Test
    void theWatermarkIntervalHoldsSmallAdvancesBack() {
        Timeline timeline = timeline(true, CSV, "SET 'pipeline.auto-watermark-interval' = '2 s';", TUMBLE);

        // 10:00:06 is only 1.001 s past the last emitted watermark: not emitted, so window [05, 10) fires at the end
        assertThat(timeline.watermarkIntervalMillis()).isEqualTo(2000);
        assertThat(timeline.watermarks())
                .containsExactly(new Point(1, at("10:00:01")), new Point(2, at("10:00:04.999")));
        assertThat(timeline.windows()).extracting(FiredWindow::atEndOfInput).containsExactly(false, true);
    }

    @Test
    void aCurrentWatermarkFilterMarksTheRowsItRemoves() {
        Timeline timeline = timeline(
                true,
                CSV,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                "SELECT id FROM events WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts);");

        assertThat(timeline.rows()).extracting(Point::line).containsExactly(1, 2, 3, 4);
        assertThat(timeline.filteredRows()).containsExactly(new Mark(3, at("10:00:03"), at("10:00:04.999")));
        assertThat(timeline.windows()).isEmpty();
        assertThat(timeline.lateRows()).isEmpty();
    }

    @Test
    void timesAreShownInTheSessionTimeZoneForTimestampLtzRowtimes() {
        Recipes.fixture(directory.resolve("fixtures"), "events.csv", "1,2024-03-01 10:00:01Z\n");
        RecipeRun run = new SimulatorEngine(directory.resolve("fixtures"), false, true)
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture events = events.csv -->",
                        "CREATE TABLE events (id INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');\n"
                                + "SET 'table.local-time-zone' = 'Europe/Berlin';\n" + TUMBLE));
        Timeline timeline = run.results().get(0).explanations().timeline();

        assertThat(timeline.timeZone()).isEqualTo("Europe/Berlin");
        assertThat(timeline.rows()).containsExactly(new Point(1, at("11:00:01")));
        assertThat(timeline.windows()).containsExactly(new FiredWindow(at("11:00:00"), at("11:00:05"), 1, true));
    }

    @Test
    void theWatermarkDelayIsHowFarTheWatermarkStaysBehindTheNewestRow() {
        Recipes.fixture(directory.resolve("fixtures"), "events.csv", CSV);
        RecipeRun run = new SimulatorEngine(directory.resolve("fixtures"), false, true)
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture events = events.csv -->",
                        "CREATE TABLE events (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen');\n"
                                + TUMBLE));
        Timeline timeline = run.results().get(0).explanations().timeline();

        assertThat(timeline.watermarkDelayMillis()).isEqualTo(5000);
        assertThat(timeline.watermarks())
                .extracting(Point::time)
                .containsExactly(at("09:59:56"), at("09:59:59.999"), at("10:00:01"));
    }

    @Test
    void anEventTimeOverAggregationMarksTheRowsItDropsWithoutAWindow() {
        Timeline timeline = timeline(
                true,
                CSV,
                "SET 'pipeline.auto-watermark-interval' = '0';",
                "SELECT id, COUNT(*) OVER (ORDER BY ts RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS n FROM events;");

        assertThat(timeline.rows()).extracting(Point::line).containsExactly(1, 2, 3, 4);
        assertThat(timeline.lateRows())
                .extracting(LateRow::fixtureLine, LateRow::at)
                .containsExactly(tuple(3, new LateRow.OnTimeline(at("10:00:03"), at("10:00:04.999"), null, null)));
        assertThat(timeline.windows()).isEmpty();
    }

    @Test
    void bigInputsKeepAnEvenSampleOfRowsButEveryDroppedRow() {
        int rows = 100_000;
        // every 1000th row is 10 s behind the others and dropped: its 5-second window has fired
        String csv = IntStream.rangeClosed(1, rows)
                .mapToObj(line -> line + ",2024-03-01 " + time(line % 1000 == 0 ? line * 100L - 10_000 : line * 100L))
                .collect(Collectors.joining("\n"));
        Timeline timeline = timeline(true, csv, "SET 'pipeline.auto-watermark-interval' = '0';", TUMBLE);

        assertThat(timeline.rowCount()).isEqualTo(rows);
        assertThat(timeline.rows()).hasSizeBetween(rows / timeline.sampleStride() - 1, rows / timeline.sampleStride());
        assertThat(timeline.sampleStride()).isEqualTo(4);
        assertThat(timeline.rows()).extracting(Point::line).allMatch(line -> line % 4 == 0);
        assertThat(timeline.watermarks().size()).isLessThanOrEqualTo(1 << 15);
        assertThat(timeline.lateRows())
                .extracting(LateRow::fixtureLine)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, rows / 1000)
                        .map(i -> i * 1000)
                        .boxed()
                        .toList());
        assertThat(timeline.windowCount()).isEqualTo(rows / 50);
    }

    @Test
    void noTimelineUnlessOneIsAskedFor() {
        assertThat(timeline(false, CSV, TUMBLE)).isNull();
    }

    private Timeline timeline(boolean record, String csv, String... sql) {
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, "events.csv", csv);
        RecipeRun run = new SimulatorEngine(fixtures, false, record)
                .run(Recipes.recipe(
                        directory,
                        "recipe",
                        "<!-- cookbook:fixture events = events.csv -->",
                        EVENTS + "\n" + String.join("\n", sql)));
        assertThat(run.problem()).isNull();
        List<Timeline> timelines = run.results().stream()
                .map(result -> result.explanations().timeline())
                .toList();
        return timelines.get(timelines.size() - 1);
    }

    private static long at(String time) {
        return LocalDateTime.parse("2024-03-01T" + time)
                .toInstant(ZoneOffset.UTC)
                .toEpochMilli();
    }

    /** 10:00 plus the milliseconds, as HH:mm:ss.SSS. */
    private static String time(long millis) {
        return LocalDateTime.parse("2024-03-01T10:00:00")
                .plusNanos(millis * 1_000_000)
                .format(DateTimeFormatter.ofPattern("HH:mm:ss.SSS"));
    }
}
