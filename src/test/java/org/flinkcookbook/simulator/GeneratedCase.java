package org.flinkcookbook.simulator;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random recipe over a random fixture for the differential test: arrival orders with late rows,
 * second and millisecond precision, rows on window boundaries and 1 ms either side, watermark
 * delays from 0 to beyond the window size, watermark intervals 0, default and 1 h, TUMBLE, HOP
 * and CUMULATE TVFs, group windows (session windows with the step as gap), OVER aggregations
 * (RANGE with LAG, ROWS), window top-N, and CURRENT_WATERMARK filters before them.
 *
 * @param name unique name, also the CSV file's base name
 * @param csv the fixture's content
 * @param sql the recipe's SQL; its fixture directive binds {@code events} to {@code <fixtures>/<name>.csv}
 * @param description the drawn parameters, for failure messages
 */
record GeneratedCase(String name, String csv, String sql, String description) {

    private static final long BASE =
            LocalDateTime.of(2024, 3, 1, 10, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private static final String[] ZONES = {"UTC", "Asia/Kolkata", "America/New_York"};

    enum Shape {
        TUMBLE,
        HOP,
        CUMULATE,
        GROUP_TUMBLE,
        GROUP_HOP,
        GROUP_SESSION,
        OVER,
        TOP_N,
        WATERMARK_FILTER,
        WINDOWED_ROWS
    }

    static GeneratedCase draw(long seed, int index) {
        Random random = new Random(seed * 1_000_003L + index);
        Shape shape = Shape.values()[random.nextInt(Shape.values().length)];
        boolean millis = random.nextBoolean();
        boolean ltz = random.nextInt(4) == 0;
        boolean batch = random.nextInt(10) == 0
                && shape != Shape.WATERMARK_FILTER
                && shape != Shape.GROUP_SESSION
                && shape != Shape.OVER;
        String zone = ltz ? ZONES[random.nextInt(ZONES.length)] : "UTC";
        long size = new long[] {2_000, 5_000, 10_000, 60_000}[random.nextInt(4)];
        long step = divisor(random, size);
        long delay = switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> size / 2;
            case 2 -> size;
            case 3 -> size * 2 + 1_000;
            default -> random.nextLong(size * 2 + 1);
        };
        if (!millis) {
            delay = delay / 1000 * 1000;
        }
        String interval = new String[] {"0", null, "1 h", "200 ms"}[random.nextInt(4)];
        boolean filterBeforeWindow = shape != Shape.WATERMARK_FILTER && !batch && random.nextInt(3) == 0;
        boolean keyed = random.nextBoolean();

        List<Long> times = eventTimes(random, millis, size);
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < times.size(); i++) {
            long time = times.get(i);
            String key = String.valueOf((char) ('a' + random.nextInt(3)));
            int value = 1 + random.nextInt(100);
            String price = String.format(java.util.Locale.ROOT, "%d.%02d", random.nextInt(200), random.nextInt(100));
            String timeText = ltz
                    ? Long.toString(time)
                    : LocalDateTime.ofEpochSecond(
                                    Math.floorDiv(time, 1000),
                                    (int) Math.floorMod(time, 1000) * 1_000_000,
                                    ZoneOffset.UTC)
                            .format(millis ? MILLIS : SECONDS);
            csv.append(i + 1)
                    .append(',')
                    .append(key)
                    .append(',')
                    .append(value)
                    .append(',')
                    .append(price)
                    .append(',')
                    .append(timeText)
                    .append('\n');
        }

        String name = "case-" + seed + "-" + index;
        StringBuilder sql = new StringBuilder();
        if (batch) {
            sql.append("SET 'execution.runtime-mode' = 'batch';\n");
        }
        if (interval != null) {
            sql.append("SET 'pipeline.auto-watermark-interval' = '")
                    .append(interval)
                    .append("';\n");
        }
        if (!zone.equals("UTC")) {
            sql.append("SET 'table.local-time-zone' = '").append(zone).append("';\n");
        }
        String timeColumns = ltz ? "ms BIGINT, ts AS TO_TIMESTAMP_LTZ(ms, 3)" : "ts TIMESTAMP(3)";
        String watermark =
                delay == 0 ? "ts" : "ts - INTERVAL '" + seconds(delay) + "' SECOND" + (delay >= 100_000 ? "(3)" : "");
        sql.append("CREATE TABLE events (id INT, k STRING, v INT, price DOUBLE, ")
                .append(timeColumns)
                .append(", WATERMARK FOR ts AS ")
                .append(watermark)
                .append(") WITH ('connector' = 'datagen');\n");
        String where = filterBeforeWindow ? " WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts)" : "";
        String key = keyed ? "k, " : "";
        String groupKey = keyed ? ", k" : "";
        String aggregates =
                "COUNT(*) AS cnt, SUM(v) AS total, MAX(v) AS top, AVG(v) AS mean, COUNT(DISTINCT k) AS kinds, SUM(price) AS revenue, AVG(price) AS average_price";
        String sizeLiteral = "INTERVAL '" + seconds(size) + "' SECOND";
        String stepLiteral = "INTERVAL '" + seconds(step) + "' SECOND";
        sql.append(
                        switch (shape) {
                            case TUMBLE ->
                                "SELECT window_start, window_end, window_time, " + key + aggregates
                                        + " FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), " + sizeLiteral + "))"
                                        + where
                                        + " GROUP BY window_start, window_end, window_time" + groupKey;
                            case HOP ->
                                "SELECT window_start, window_end, " + key + aggregates
                                        + " FROM TABLE(HOP(TABLE events, DESCRIPTOR(ts), " + stepLiteral + ", "
                                        + sizeLiteral + "))" + where
                                        + " GROUP BY window_start, window_end" + groupKey;
                            case CUMULATE ->
                                "SELECT window_start, window_end, " + key + aggregates
                                        + " FROM TABLE(CUMULATE(TABLE events, DESCRIPTOR(ts), " + stepLiteral + ", "
                                        + sizeLiteral + "))" + where
                                        + " GROUP BY window_start, window_end" + groupKey;
                            case GROUP_TUMBLE ->
                                "SELECT TUMBLE_START(ts, " + sizeLiteral + ") AS ws, TUMBLE_END(ts, " + sizeLiteral
                                        + ") AS we, TUMBLE_ROWTIME(ts, " + sizeLiteral + ") AS wt, " + key + aggregates
                                        + " FROM events" + where + " GROUP BY TUMBLE(ts, " + sizeLiteral + ")"
                                        + groupKey;
                            case GROUP_HOP ->
                                "SELECT HOP_START(ts, " + stepLiteral + ", " + sizeLiteral + ") AS ws, HOP_END(ts, "
                                        + stepLiteral + ", " + sizeLiteral + ") AS we, " + key + aggregates
                                        + " FROM events" + where + " GROUP BY HOP(ts, " + stepLiteral + ", "
                                        + sizeLiteral + ")" + groupKey;
                            case GROUP_SESSION ->
                                "SELECT SESSION_START(ts, " + stepLiteral + ") AS ws, SESSION_END(ts, " + stepLiteral
                                        + ") AS we, SESSION_ROWTIME(ts, " + stepLiteral + ") AS wt, " + key + aggregates
                                        + " FROM events" + where + " GROUP BY SESSION(ts, " + stepLiteral + ")"
                                        + groupKey;
                            case OVER ->
                                keyed
                                        ? "SELECT id, k, v, LAG(v, 1) OVER w AS prev_v, COUNT(*) OVER w AS seen, SUM(price) OVER w AS running_total FROM events"
                                                + where + " WINDOW w AS (PARTITION BY k ORDER BY ts)"
                                        : "SELECT id, v, COUNT(*) OVER w AS seen, MAX(v) OVER w AS top, SUM(price) OVER w AS running_total FROM events"
                                                + where
                                                + " WINDOW w AS (ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)";
                            case TOP_N ->
                                "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total DESC, k) AS rownum"
                                        + " FROM (SELECT window_start, window_end, k, SUM(v) AS total, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), "
                                        + sizeLiteral + "))" + where
                                        + " GROUP BY window_start, window_end, k)) WHERE rownum <= 2";
                            case WATERMARK_FILTER ->
                                "SELECT id, ts, CURRENT_WATERMARK(ts) AS wm FROM events WHERE "
                                        + (random.nextBoolean()
                                                ? "CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts)"
                                                : "ts <= CURRENT_WATERMARK(ts)");
                            case WINDOWED_ROWS ->
                                "SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), "
                                        + sizeLiteral + "))" + where;
                        })
                .append(";\n");
        String description = String.format(
                "%s shape=%s millis=%s ltz=%s zone=%s batch=%s size=%d step=%d delay=%d interval=%s filter=%s keyed=%s rows=%d",
                name,
                shape,
                millis,
                ltz,
                zone,
                batch,
                size,
                step,
                delay,
                interval,
                filterBeforeWindow,
                keyed,
                times.size());
        return new GeneratedCase(name, csv.toString(), sql.toString(), description);
    }

    /** Mostly ascending times with out-of-order stragglers and rows on, and 1 ms either side of, window boundaries. */
    private static List<Long> eventTimes(Random random, boolean millis, long size) {
        int rows = 8 + random.nextInt(33);
        List<Long> times = new ArrayList<>();
        long clock = BASE + (millis ? random.nextInt(1000) : 0);
        for (int i = 0; i < rows; i++) {
            clock += millis ? 100 + random.nextInt(3000) : 1000L * (1 + random.nextInt(3));
            long time = clock;
            int kind = random.nextInt(10);
            if (kind < 2) {
                time = clock - random.nextLong(size * 3); // a straggler
            } else if (kind < 4) {
                long boundary = (clock / size) * size;
                time = boundary + (millis ? random.nextInt(3) - 1 : 0);
            }
            if (!millis) {
                time = time / 1000 * 1000;
            }
            times.add(time);
        }
        return times;
    }

    private static long divisor(Random random, long size) {
        long[] candidates = size == 2_000
                ? new long[] {1_000, 2_000}
                : size == 5_000
                        ? new long[] {1_000, 5_000}
                        : size == 10_000 ? new long[] {2_000, 5_000} : new long[] {10_000, 20_000, 30_000};
        return candidates[random.nextInt(candidates.length)];
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0
                ? Long.toString(millis / 1000)
                : String.format("%d.%03d", millis / 1000, millis % 1000);
    }
}
