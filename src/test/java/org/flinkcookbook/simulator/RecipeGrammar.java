package org.flinkcookbook.simulator;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.flinkcookbook.simulator.ExpressionGrammar.ColumnType;
import org.flinkcookbook.simulator.ExpressionGrammar.Family;

/**
 * A grammar of whole recipes for differential fuzzing, in the spirit of SQLancer: one table of
 * typed columns (keys and values of every type the simulator claims, a TIMESTAMP(0..9),
 * TIMESTAMP_LTZ or epoch-millisecond rowtime, a watermark delay), session settings (time zones
 * with daylight saving, watermark intervals, batch mode), a fixture with ties, stragglers, rows on
 * window boundaries, far-future jumps, pre-1970 rows and rows in DST gaps and overlaps, and
 * several independent statements over the table: window TVFs with offsets, SESSION TVFs, group
 * windows, window top-N and deduplication, OVER aggregations (rowtime and PROCTIME), aggregates with
 * FILTER, DISTINCT and AVG on every type, GROUP BY in batch mode, UNION ALL in both modes,
 * CURRENT_WATERMARK in WHERE, SELECT lists, OVER arguments and views, {@link ExpressionGrammar}
 * expressions, DECIMAL and constant DOUBLE arithmetic, TIMESTAMP literals, DESCRIBE of computed
 * columns, INSERT into narrower sinks and statement sets, statements Flink refuses, and the shapes
 * Flink's planner rewrites before any operator runs (see {@link #rewritten}: filters pushed below
 * aggregations, contradictions, equalities propagated into projections, folded constant strings,
 * NOT NULL sinks), with the emit and mini-batch settings and DECIMAL sums that overflow. Every
 * construct docs/simulator.md says is modelled is drawn somewhere (its fuzzing section lists where).
 * Each statement is one line, so a problem's line names its statement.
 */
final class RecipeGrammar {

    /** The SQL of one statement: {@code head + items joined by ", " + tail}; items are what the shrinker drops. */
    record Statement(String head, List<String> items, String tail) {

        static Statement of(String sql) {
            return new Statement(sql, List.of(), "");
        }

        String sql() {
            return head + String.join(", ", items) + tail;
        }

        Statement withItems(List<String> kept) {
            return new Statement(head, kept, tail);
        }
    }

    /**
     * One generated recipe.
     *
     * @param statements in order, each one line of the recipe's SQL block
     * @param rows the fixture's lines, bound to {@code events}
     * @param constructs what the recipe uses, for the coverage count
     */
    record FuzzRecipe(List<Statement> statements, List<String> rows, Set<String> constructs) {

        /** The recipe's first statement is on Markdown line 3 ({@code Recipes#recipe}). */
        static final int FIRST_LINE = 3;

        String sql() {
            return statements.stream().map(statement -> statement.sql() + ";\n").collect(Collectors.joining());
        }

        String csv() {
            return rows.stream().map(row -> row + "\n").collect(Collectors.joining());
        }

        /** The statement a problem's Markdown line points at, or -1. */
        int statementAt(int line) {
            int index = line - FIRST_LINE;
            return index >= 0 && index < statements.size() ? index : -1;
        }

        FuzzRecipe withoutStatement(int index) {
            List<Statement> kept = new ArrayList<>(statements);
            kept.remove(index);
            return new FuzzRecipe(kept, rows, constructs);
        }

        FuzzRecipe withoutRow(int index) {
            List<String> kept = new ArrayList<>(rows);
            kept.remove(index);
            return new FuzzRecipe(statements, kept, constructs);
        }

        FuzzRecipe withItems(int index, List<String> items) {
            List<Statement> changed = new ArrayList<>(statements);
            changed.set(index, statements.get(index).withItems(items));
            return new FuzzRecipe(changed, rows, constructs);
        }

        /** The recipe as a failure message shows it: SQL, then the fixture. */
        String show() {
            return "```sql\n" + sql() + "```\nfixture events:\n" + csv();
        }
    }

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private static final List<String> DST_ZONES =
            List.of("America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago");
    /**
     * {@code -Dcookbook.fuzz.focus=changelog} draws only regular aggregations and SESSION TVFs (half of
     * them grouped by other keys than their PARTITION BY), for a sweep of the changelog model.
     */
    private static final boolean CHANGELOG_FOCUS = "changelog".equals(System.getProperty("cookbook.fuzz.focus"));
    /** {@code -Dcookbook.fuzz.focus=rewrites} draws only the shapes Flink's planner rewrites ({@link #rewritten}). */
    private static final boolean REWRITES_FOCUS = "rewrites".equals(System.getProperty("cookbook.fuzz.focus"));

    private static final long SECOND = 1_000;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    private static final long[] SCALES = {SECOND, 5 * SECOND, MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR};

    /** Key columns: a few values each, so that groups and ties form. */
    private static final List<ColumnType> KEYS = List.of(
            new ColumnType("STRING", Family.STRING, List.of("a", "b", "\uD83D\uDE00", "\uFFFD")),
            new ColumnType("CHAR(2)", Family.STRING, List.of("a", "b", "ab")),
            new ColumnType("VARCHAR(3)", Family.STRING, List.of("a", "b", "h\u00e9")),
            new ColumnType("INT", Family.EXACT, List.of("1", "2", "-1")),
            new ColumnType("TINYINT", Family.EXACT, List.of("1", "2", "127")));
    /** Value columns: ordinary values mostly, with the edges that overflow sums or are not ordered. */
    private static final List<ColumnType> VALUES = List.of(
            new ColumnType("INT", Family.EXACT, List.of("1", "7", "-3", "40", "2147483647")),
            new ColumnType("BIGINT", Family.EXACT, List.of("1", "7", "-3", "10000000000", "9223372036854775807")),
            new ColumnType("TINYINT", Family.EXACT, List.of("1", "7", "-3", "100", "127", "-128")),
            new ColumnType("SMALLINT", Family.EXACT, List.of("1", "7", "-3", "32767")),
            new ColumnType("DECIMAL(5, 2)", Family.EXACT, List.of("1.25", "7", "-3.5", "999.99", "0.01")),
            new ColumnType("DECIMAL(10, 0)", Family.EXACT, List.of("1", "7", "-3", "9999999999")),
            // two of the large ones overflow a SUM's DECIMAL(38, 2)
            new ColumnType(
                    "DECIMAL(38, 2)",
                    Family.EXACT,
                    List.of(
                            "1.25",
                            "600000000000000000000000000000000000.00",
                            "-3.5",
                            "999999999999999999999999999999999999.99",
                            "-999999999999999999999999999999999999.99",
                            "7")),
            new ColumnType("FLOAT", Family.APPROXIMATE, List.of("0.1", "1.5", "-0.0", "NaN", "3.4E38", "7")),
            new ColumnType("DOUBLE", Family.APPROXIMATE, List.of("0.1", "0.2", "-0.0", "NaN", "1.0E308", "-7.75")));

    /** Computed columns DESCRIBE prints with derived types and nullability. */
    private static final List<String> COMPUTED = List.of(
            "UPPER(CAST(k AS STRING))",
            "CAST(v AS STRING)",
            "CAST(id AS CHAR(2))",
            "CAST(k AS VARCHAR(2))",
            "COALESCE(CAST(k AS STRING), 'z')",
            "v IS NULL",
            "'abc'",
            "id * 2",
            "v + 1",
            "CASE WHEN id > 3 THEN 'late' ELSE 'early' END",
            "CASE WHEN id > 3 THEN 'late' END",
            "CAST(k AS STRING) || 'x'",
            "TO_TIMESTAMP_LTZ(id, 0)");

    private final Random random;
    private final Set<String> constructs = new TreeSet<>();
    private final List<Statement> statements = new ArrayList<>();
    private String zone = "UTC";
    private boolean batch;
    private boolean ltz;
    private long scale;
    private ColumnType key;
    private ColumnType value;
    private final List<String> extraNames = new ArrayList<>();
    private final List<ColumnType> extraTypes = new ArrayList<>();
    /** The computed columns besides the rowtime, for DESCRIBE and the SELECT that reads them. */
    private final List<String> computed = new ArrayList<>();

    private boolean proctime;
    /** The fixture's anchor as local wall-clock text, for TIMESTAMP literals near the rows. */
    private String anchorText;
    /** The fixture's anchor as epoch milliseconds, for TIMESTAMP_LTZ literals near the rows. */
    private long anchorMillis;
    /** The emit settings of group windows were set: the first query is a group window. */
    private boolean emit;
    /** Mini-batch was set: the first query is an aggregation. */
    private boolean miniBatch;

    private int sinks;
    private int unionViews;

    private RecipeGrammar(Random random) {
        this.random = random;
    }

    /** The recipe of a seed and index: the same on every run. */
    static FuzzRecipe draw(long seed, int index) {
        return new RecipeGrammar(new Random(seed * 1_000_003L + index)).generate();
    }

    private FuzzRecipe generate() {
        settings();
        List<String> rows = table();
        String source = random.nextInt(batch ? 3 : 4) == 0 ? view() : "events";
        int queries = 1 + random.nextInt(4);
        if (emit) {
            groupWindow(source); // the emit settings apply to group windows (Flink refuses them on window TVFs)
            queries--;
        } else if (miniBatch) {
            switch (random.nextInt(3)) {
                case 0 -> groupAggregate(source);
                case 1 -> windowAggregate(source);
                default -> over(source);
            }
            queries--;
        }
        for (int i = 0; i < queries; i++) {
            query(random.nextInt(3) == 0 ? source : "events");
        }
        return new FuzzRecipe(List.copyOf(statements), rows, Set.copyOf(constructs));
    }

    private void settings() {
        int zoneKind = random.nextInt(40);
        if (zoneKind < 18) {
            zone = pick(DST_ZONES);
            constructs.add("zone " + zone);
        } else if (zoneKind < 22) {
            zone = "Asia/Kolkata";
        } else if (zoneKind == 22) {
            zone = "UTC+8"; // java.util.TimeZone reads it otherwise: Flink refuses it at the first query
            constructs.add("invalid: zone UTC+8");
        }
        if (!zone.equals("UTC")) {
            add("SET 'table.local-time-zone' = '" + zone + "'");
        }
        String interval = pick(List.of("", "", "0", "200 ms", "1 h", "10 ms"));
        if (!interval.isEmpty()) {
            add("SET 'pipeline.auto-watermark-interval' = '" + interval + "'");
            constructs.add("watermark interval " + interval);
        }
        batch = random.nextInt(12) == 0;
        if (batch) {
            add("SET 'execution.runtime-mode' = 'batch'");
            constructs.add("batch mode");
            return;
        }
        emit = random.nextInt(REWRITES_FOCUS ? 8 : 16) == 0;
        if (emit) {
            emitSettings();
        }
        miniBatch = random.nextInt(REWRITES_FOCUS ? 10 : 20) == 0;
        if (miniBatch) {
            add("SET 'table.exec.mini-batch.enabled' = 'true'");
            add("SET 'table.exec.mini-batch.allow-latency' = '" + pick(List.of("1 s", "100 ms", "1 min")) + "'");
            add("SET 'table.exec.mini-batch.size' = '" + pick(List.of("1", "2", "1000")) + "'");
            constructs.add("planner: mini-batch settings");
        }
    }

    /**
     * The emit strategy of group windows: early firing (a delay of 0 fires on every row, deterministic),
     * late firing, allowed lateness (late rows update their window); drawn with a group window as the
     * first query, and any window TVF of the recipe meets them too (Flink refuses them there).
     */
    private void emitSettings() {
        // the scale is set by the table, drawn after the settings: the lateness is in whole minutes or seconds
        String lateness = pick(List.of("1 s", "5 s", "1 min", "1 h"));
        switch (random.nextInt(4)) {
            case 0 -> {
                add("SET 'table.exec.emit.early-fire.enabled' = 'true'");
                add("SET 'table.exec.emit.early-fire.delay' = '" + pick(List.of("0 s", "0 s", "1 s")) + "'");
                constructs.add("planner: emit early-fire");
            }
            case 1 -> {
                add("SET 'table.exec.emit.late-fire.enabled' = 'true'");
                add("SET 'table.exec.emit.late-fire.delay' = '0 s'");
                add("SET 'table.exec.emit.allow-lateness' = '" + lateness + "'");
                constructs.add("planner: emit late-fire with allowed lateness");
            }
            case 2 -> {
                add("SET 'table.exec.emit.allow-lateness' = '" + lateness + "'");
                constructs.add("planner: emit allowed lateness alone");
            }
            default -> {
                add("SET 'table.exec.emit.early-fire.enabled' = 'true'");
                add("SET 'table.exec.emit.early-fire.delay' = '0 s'");
                add("SET 'table.exec.emit.late-fire.enabled' = 'true'");
                add("SET 'table.exec.emit.late-fire.delay' = '0 s'");
                add("SET 'table.exec.emit.allow-lateness' = '" + lateness + "'");
                constructs.add("planner: emit early-fire and late-fire");
            }
        }
    }

    /** The CREATE TABLE of {@code events} and its fixture. */
    private List<String> table() {
        scale = SCALES[random.nextInt(SCALES.length)];
        key = pick(KEYS);
        value = pick(VALUES);
        int extras = random.nextInt(3);
        for (int i = 0; i < extras; i++) {
            extraNames.add("x" + i);
            extraTypes.add(pick(ExpressionGrammar.TYPES));
        }
        int rowtimeKind = random.nextInt(10);
        ltz = rowtimeKind >= 6;
        // a rowtime of more than millisecond precision is refused by Flink: now and then, for parity;
        // one of TIMESTAMP(0..2) keeps the fixture's milliseconds (Flink's CSV format reads them)
        int precision = random.nextInt(15) == 0 ? pick(List.of(6, 9)) : random.nextInt(5) == 0 ? random.nextInt(3) : 3;
        boolean millis = precision < 3 || precision == 3 && random.nextBoolean();
        String timeColumns;
        TimeText text;
        if (!ltz) {
            timeColumns = "ts TIMESTAMP(" + precision + ")";
            text = time -> format(time, millis);
            constructs.add("rowtime TIMESTAMP(" + precision + ")" + (precision < 3 ? " holding milliseconds" : ""));
        } else if (rowtimeKind == 6) {
            timeColumns = "ts TIMESTAMP_LTZ(3)";
            text = time -> format(time, true) + "Z";
            constructs.add("rowtime TIMESTAMP_LTZ(3) column");
        } else if (rowtimeKind == 7) {
            timeColumns = "t TIMESTAMP(3), ts AS CAST(t AS TIMESTAMP_LTZ(3))";
            text = time -> format(time, millis); // local wall-clock text, read in the session zone
            constructs.add("rowtime CAST(TIMESTAMP AS TIMESTAMP_LTZ)");
        } else {
            timeColumns = "ms BIGINT, ts AS TO_TIMESTAMP_LTZ(ms, 3)";
            text = Long::toString;
            constructs.add("rowtime TO_TIMESTAMP_LTZ(epoch ms)");
        }
        String watermark = watermark();
        StringBuilder columns = new StringBuilder("id INT, k " + key.sql() + ", v " + value.sql());
        for (int i = 0; i < extras; i++) {
            columns.append(", ")
                    .append(extraNames.get(i))
                    .append(' ')
                    .append(extraTypes.get(i).sql());
        }
        if (random.nextInt(3) == 0) {
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                String expression = pick(COMPUTED);
                if (!computed.contains(expression)) {
                    columns.append(", c").append(computed.size()).append(" AS ").append(expression);
                    computed.add(expression);
                }
            }
            constructs.add("computed columns");
        }
        proctime = !batch && random.nextInt(8) == 0;
        if (proctime) {
            columns.append(", pt AS PROCTIME()");
        }
        add("CREATE TABLE events (" + columns + ", " + timeColumns + ", WATERMARK FOR ts AS " + watermark
                + ") WITH ('connector' = 'datagen')");
        constructs.add("key " + key.sql());
        constructs.add("value " + value.sql());
        extraTypes.forEach(type -> constructs.add("column " + type.sql()));

        boolean wallClock = !ltz || rowtimeKind == 7;
        List<Long> times = eventTimes(millis, wallClock);
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            StringBuilder row = new StringBuilder();
            row.append(i + 1).append(',').append(csvField(pick(key.values()))).append(',');
            row.append(
                    random.nextInt(4) == 0
                            ? pick(value.values())
                            : pick(value.values().subList(0, 3)));
            for (ColumnType type : extraTypes) {
                row.append(',').append(csvField(pick(type.values())));
            }
            row.append(',').append(text.of(times.get(i)));
            rows.add(row.toString());
        }
        int blank = random.nextInt(60);
        if (blank == 0) {
            rows.add(random.nextInt(rows.size()), ""); // Flink's CSV format reads one empty field: Row length mismatch
            constructs.add("invalid: blank fixture line");
        } else if (blank == 1) {
            rows.add(""); // a trailing empty line
            constructs.add("invalid: trailing empty fixture line");
        }
        return rows;
    }

    private interface TimeText {
        String of(long time);
    }

    private String watermark() {
        return switch (random.nextInt(6)) {
            case 0, 1 -> {
                constructs.add("watermark ts");
                yield "ts";
            }
            case 2 -> {
                constructs.add("watermark ts - fraction of a second");
                yield "ts - INTERVAL '0.001' SECOND";
            }
            case 3 -> {
                constructs.add("watermark ts - interval");
                yield "ts - " + interval(scale * pick(List.of(1L, 2L)));
            }
            case 4 -> {
                constructs.add("watermark ts - interval");
                yield "ts - " + interval(scale / 2 == 0 ? 1 : scale / 2);
            }
            default -> {
                constructs.add("watermark ts + interval");
                yield "ts + " + interval(SECOND);
            }
        };
    }

    /**
     * Event times: mostly ascending from an anchor (a DST transition of the zone, before 1970, or a
     * plain day), with ties, stragglers, rows on and 1 ms either side of boundaries, and jumps far
     * into the future. For a wall-clock rowtime the times are local, so they pass through gaps and
     * overlaps as written text.
     */
    private List<Long> eventTimes(boolean millis, boolean wallClock) {
        long anchor = anchor();
        long local = LocalDateTime.ofInstant(Instant.ofEpochMilli(anchor), zoneId())
                .toInstant(ZoneOffset.UTC)
                .toEpochMilli();
        anchorText = format(local, false);
        anchorMillis = anchor;
        if (wallClock) {
            anchor = local;
        }
        int count = 6 + random.nextInt(19);
        List<Long> times = new ArrayList<>();
        long clock = anchor - scale * (count / 4);
        for (int i = 0; i < count; i++) {
            clock += random.nextLong(scale + 1);
            long time = clock;
            int kind = random.nextInt(20);
            if (kind < 3 && !times.isEmpty()) {
                time = times.get(times.size() - 1);
                constructs.add("fixture: tied rowtimes");
            } else if (kind < 6) {
                time = clock - random.nextLong(3 * scale + 1);
                constructs.add("fixture: stragglers");
            } else if (kind < 9) {
                time = Math.floorDiv(clock, scale) * scale + random.nextInt(3) - 1;
                constructs.add("fixture: rows on window boundaries");
            } else if (kind == 9 && random.nextInt(3) == 0) {
                time = clock + pick(List.of(365L * 24 * HOUR, 30L * 24 * HOUR));
                constructs.add("fixture: far-future jump");
            }
            if (!millis) {
                time = Math.floorDiv(time, SECOND) * SECOND;
            }
            times.add(time);
        }
        return times;
    }

    private long anchor() {
        int kind = random.nextInt(10);
        ZoneId zone = zoneId();
        ZoneOffsetTransition transition = zone.getRules()
                .nextTransition(Instant.parse(random.nextBoolean() ? "2024-01-01T00:00:00Z" : "2024-07-01T00:00:00Z"));
        if (kind < 6 && transition != null) {
            constructs.add("fixture: rows around a DST transition");
            return transition.getInstant().toEpochMilli();
        }
        if (kind < 8) {
            constructs.add("fixture: pre-1970 rows");
            return Instant.parse("1969-12-31T23:30:00Z").toEpochMilli();
        }
        return Instant.parse("2024-03-01T10:00:00Z").toEpochMilli();
    }

    private ZoneId zoneId() {
        return zone.equals("UTC+8") ? ZoneOffset.UTC : ZoneId.of(zone);
    }

    private String view() {
        String create = pick(List.of("CREATE VIEW ", "CREATE TEMPORARY VIEW "));
        if ((batch || random.nextInt(6) == 0) && !proctime) {
            // in streaming mode a window over a union is modelled when no row can be late whatever the interleaving,
            // OVER and top-N over it are unsupported
            add(create + "doubled AS SELECT * FROM events UNION ALL SELECT * FROM events WHERE id > 3");
            constructs.add("UNION ALL in a view" + (batch ? "" : ", streaming"));
            return "doubled";
        }
        if (batch) {
            return "events";
        }
        String name = pick(List.of("fresh", "marked"));
        if (name.equals("fresh")) {
            add(
                    create
                            + "fresh AS SELECT * FROM events WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts)");
            constructs.add("CURRENT_WATERMARK in a view's WHERE");
        } else {
            add(create + "marked AS SELECT *, CURRENT_WATERMARK(ts) AS wm FROM events");
            constructs.add("CURRENT_WATERMARK in a view's SELECT list");
        }
        return name;
    }

    private void query(String source) {
        int shape = random.nextInt(142);
        if (CHANGELOG_FOCUS) {
            shape = shape % 2 == 0 ? 107 : 16; // groupAggregate, sessionTvf
        } else if (REWRITES_FOCUS) {
            shape = 118;
        }
        if (shape < 16) {
            windowAggregate(source);
        } else if (shape < 24) {
            sessionTvf(source);
        } else if (shape < 33) {
            groupWindow(source);
        } else if (shape < 42) {
            topN(source);
        } else if (shape < 50) {
            deduplication(source);
        } else if (shape < 61) {
            over(source);
        } else if (shape < 70) {
            watermarkFilter(source);
        } else if (shape < 78) {
            expressions(source);
        } else if (shape < 86) {
            arithmetic(source);
        } else if (shape < 90) {
            windowedRows(source);
        } else if (shape < 97) {
            insert(source);
        } else if (shape < 103) {
            union(source);
        } else if (shape < 107) {
            describe(source);
        } else if (shape < 112) {
            groupAggregate(source);
        } else if (shape < 118) {
            refused(source);
        } else {
            rewritten(source);
        }
    }

    /** A size, a slide or step dividing it, and an optional offset, as the TVF's trailing arguments. */
    private record Window(String kind, long size, long step, String arguments) {}

    private Window tvf() {
        String kind = pick(List.of("TUMBLE", "TUMBLE", "HOP", "CUMULATE"));
        long size = scale * pick(List.of(1L, 2L, 4L, 6L));
        long step = size / pick(List.of(1L, 2L, 3L, 4L));
        if (size % step != 0 || !exact(step)) {
            step = size;
        }
        String arguments = kind.equals("TUMBLE") ? interval(size) : interval(step) + ", " + interval(size);
        if (random.nextInt(5) == 0) {
            long offset = (random.nextBoolean() ? -1 : 1) * Math.max(SECOND, size / pick(List.of(2L, 3L, 4L)));
            offset = exact(offset) ? offset / SECOND * SECOND : offset / MINUTE * MINUTE;
            arguments += ", " + interval(offset);
            constructs.add(kind + " TVF with offset");
        }
        constructs.add(kind + " TVF");
        return new Window(kind, size, step, arguments);
    }

    private static String table(String source, Window window) {
        return "TABLE(" + window.kind() + "(TABLE " + source + ", DESCRIPTOR(ts), " + window.arguments() + "))";
    }

    private List<String> aggregates() {
        List<String> all = new ArrayList<>(List.of(
                "COUNT(*) AS cnt",
                "SUM(v) AS total",
                "MIN(v) AS low",
                "MAX(v) AS high",
                "COUNT(DISTINCT k) AS kinds",
                "MAX(k) AS last_key",
                "MIN(id) AS first_id",
                "COUNT(v) AS counted",
                "AVG(v) AS mean",
                "COUNT(DISTINCT v) AS distinct_values",
                "COUNT(*) FILTER (WHERE v > 0) AS positives",
                "SUM(v) FILTER (WHERE id > 3) AS later_total",
                "MAX(k) FILTER (WHERE v < 0) AS negative_key",
                "COUNT(DISTINCT k) FILTER (WHERE id > 2) AS later_kinds",
                "AVG(v) FILTER (WHERE k IS NOT NULL) AS keyed_mean"));
        List<String> chosen = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            String aggregate = pick(all);
            if (!chosen.contains(aggregate)) {
                chosen.add(aggregate);
                constructs.add(
                        aggregate.contains("FILTER")
                                ? "aggregate FILTER (WHERE ...)"
                                : aggregate.contains("DISTINCT")
                                        ? "COUNT(DISTINCT ...)"
                                        : aggregate.startsWith("AVG")
                                                ? "AVG of " + value.sql()
                                                : "aggregate " + aggregate.substring(0, aggregate.indexOf('(')));
            }
        }
        return chosen;
    }

    /** A HAVING clause one time in five. */
    private String having() {
        if (random.nextInt(5) != 0) {
            return "";
        }
        constructs.add("HAVING");
        return pick(List.of(" HAVING COUNT(*) > 1", " HAVING MAX(id) > 3"));
    }

    private String where() {
        if (batch || random.nextInt(4) != 0) {
            return "";
        }
        String where = pick(List.of(
                " WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts)",
                " WHERE ts > CURRENT_WATERMARK(ts)",
                " WHERE v IS NOT NULL",
                // a TIMESTAMP_LTZ compared with a TIMESTAMP is unsupported
                ltz ? " WHERE v IS NOT NULL" : " WHERE ts >= TIMESTAMP '" + anchorText + "'"));
        if (where.contains("CURRENT_WATERMARK")) {
            constructs.add("CURRENT_WATERMARK in WHERE before a window");
        } else if (where.contains("TIMESTAMP '")) {
            constructs.add("TIMESTAMP literal in WHERE");
        }
        return where;
    }

    private void windowAggregate(String source) {
        Window window = tvf();
        boolean keyed = random.nextBoolean();
        boolean windowTime = random.nextInt(3) == 0;
        String group = "window_start, window_end" + (windowTime ? ", window_time" : "") + (keyed ? ", k" : "");
        add(new Statement(
                "SELECT " + group + ", ",
                aggregates(),
                " FROM " + table(source, window) + where() + " GROUP BY " + group + having()));
        constructs.add("window aggregation" + (keyed ? ", keyed" : ""));
    }

    /**
     * A SESSION TVF aggregation, keyed by its PARTITION BY columns; one time in three grouped by
     * other keys (Flink runs the TVF alone, then a regular aggregation). Flink refuses it in batch mode.
     */
    private void sessionTvf(String source) {
        String gap = interval(scale * pick(List.of(1L, 2L)));
        boolean partitioned = random.nextBoolean();
        boolean grouped = random.nextInt(3) == 0 ? !partitioned : partitioned;
        String data = "TABLE " + source + (partitioned ? " PARTITION BY k" : "");
        String call = random.nextInt(6) == 0
                ? "SESSION(DATA => " + data + ", TIMECOL => DESCRIPTOR(ts), GAP => " + gap + ")"
                : "SESSION(" + data + ", DESCRIPTOR(ts), " + gap + ")";
        String group =
                "window_start, window_end" + (random.nextInt(3) == 0 ? ", window_time" : "") + (grouped ? ", k" : "");
        add(new Statement(
                "SELECT " + group + ", ",
                aggregates(),
                " FROM TABLE(" + call + ")" + where() + " GROUP BY " + group + having()));
        constructs.add(
                batch
                        ? "invalid: SESSION TVF in batch mode"
                        : grouped != partitioned
                                ? "SESSION TVF grouped by other keys than its PARTITION BY"
                                : "SESSION TVF" + (partitioned ? " with PARTITION BY" : ""));
    }

    /**
     * A GROUP BY without a window: in batch mode one row per group; in streaming Flink's changelog
     * (+I, -U, +U), grouped by k, by k and v or without keys, over the WHERE clauses before windows;
     * one time in six a SELECT DISTINCT.
     */
    private void groupAggregate(String source) {
        if (random.nextInt(6) == 0) {
            add(new Statement("SELECT DISTINCT ", List.of("k", "v > 0 AS positive"), " FROM " + source + where()));
            constructs.add("SELECT DISTINCT");
            return;
        }
        String keys = batch ? "k" : pick(List.of("k", "k", "k, v", ""));
        String order = batch ? pick(List.of("", " ORDER BY k", " ORDER BY n DESC, k LIMIT 2")) : "";
        add(new Statement(
                "SELECT " + (keys.isEmpty() ? "" : keys + ", ") + "COUNT(*) AS n, ",
                aggregates(),
                " FROM " + source + where() + (keys.isEmpty() ? "" : " GROUP BY " + keys) + having() + order));
        constructs.add(
                batch
                        ? "GROUP BY without a window, batch" + (order.isEmpty() ? "" : " with ORDER BY")
                        : "GROUP BY without a window, streaming" + (keys.isEmpty() ? ", no keys" : ", by " + keys));
    }

    /** A group window's arguments: {@code (ts, size)}, {@code (ts, slide, size)} or {@code (ts, gap)} of one scale. */
    private String groupWindowCall(String kind, long size) {
        String arguments = switch (kind) {
            case "TUMBLE" -> interval(size);
            case "HOP" -> interval(exact(size / 2) ? size / 2 : size) + ", " + interval(size);
            default -> interval(scale);
        };
        return "(ts, " + arguments + ")";
    }

    /** A group window's start and end as {@code ws} and {@code we}, the first items of its SELECT list. */
    private static List<String> groupWindowBounds(String kind, String call) {
        return new ArrayList<>(List.of(kind + "_START" + call + " AS ws", kind + "_END" + call + " AS we"));
    }

    private void groupWindow(String source) {
        long size = scale * pick(List.of(1L, 2L, 4L));
        String kind = pick(List.of("TUMBLE", "HOP", "SESSION"));
        String call = groupWindowCall(kind, size);
        List<String> items = groupWindowBounds(kind, call);
        if (!kind.equals("HOP") || random.nextBoolean()) {
            items.add(kind + "_ROWTIME" + call + " AS wt");
        }
        items.addAll(aggregates());
        boolean keyed = random.nextBoolean();
        add(new Statement(
                "SELECT " + (keyed ? "k, " : ""),
                items,
                " FROM " + source + where() + " GROUP BY " + kind + call + (keyed ? ", k" : "")));
        constructs.add("group window " + kind);
    }

    private void topN(String source) {
        Window window = tvf();
        int limit = 1 + random.nextInt(3);
        String order = pick(List.of("DESC", "ASC"));
        boolean selectRank = random.nextBoolean();
        if (random.nextBoolean()) {
            add(new Statement(
                    "SELECT window_start, window_end, k, ",
                    new ArrayList<>(List.of("total", "cnt")),
                    (selectRank ? ", rownum" : "")
                            + " FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY total "
                            + order
                            + ") AS rownum FROM (SELECT window_start, window_end, k, SUM(v) AS total, COUNT(*) AS cnt FROM "
                            + table(source, window) + " GROUP BY window_start, window_end, k)) WHERE rownum <= "
                            + limit));
            constructs.add("window top-N over a window aggregation");
        } else {
            String partition = random.nextBoolean() ? ", k" : "";
            add(new Statement(
                    "SELECT window_start, ",
                    new ArrayList<>(List.of("id", "k", "v")),
                    (selectRank ? ", rownum" : "")
                            + " FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end" + partition
                            + " ORDER BY v " + order + ") AS rownum FROM " + table(source, window)
                            + ") WHERE rownum <= " + limit));
            constructs.add("window top-N over rows");
        }
    }

    private void deduplication(String source) {
        Window window = tvf();
        String order = random.nextBoolean() ? "DESC" : "ASC";
        String partition = random.nextBoolean() ? ", k" : "";
        String filter = pick(List.of("rn <= 1", "rn = 1", "rn < 2"));
        add(new Statement(
                "SELECT window_start, window_end, ",
                new ArrayList<>(List.of("id", "k", "v")),
                " FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end" + partition
                        + " ORDER BY ts " + order + ") AS rn FROM " + table(source, window) + ") WHERE " + filter));
        constructs.add("window deduplication keep-" + (order.equals("DESC") ? "last" : "first"));
    }

    private void over(String source) {
        if (batch) {
            watermarkFilter(source);
            return;
        }
        String frame = pick(List.of(
                "",
                " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW",
                " RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"));
        boolean keyed = random.nextBoolean();
        if (proctime && random.nextBoolean()) {
            // ordered by arrival: the fixture's order, as Flink's ProcTimeUnboundedPrecedingFunction sees it
            boolean rows = random.nextBoolean();
            List<String> items = new ArrayList<>(List.of("COUNT(*) OVER w AS seen", "SUM(v) OVER w AS running_total"));
            if (!rows) {
                items.add("LAG(id) OVER w AS previous_id"); // LAG with a frame is refused
            }
            add(new Statement(
                    "SELECT id, " + (keyed ? "k, " : ""),
                    items,
                    " FROM " + source + " WINDOW w AS (" + (keyed ? "PARTITION BY k " : "") + "ORDER BY pt"
                            + (rows ? " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW" : "") + ")"));
            constructs.add("OVER aggregation ordered by PROCTIME()");
            return;
        }
        List<String> items = new ArrayList<>(List.of("COUNT(*) OVER w AS seen"));
        List<String> optional = new ArrayList<>(List.of(
                "SUM(v) OVER w AS running_total",
                "MAX(v) OVER w AS top",
                "MIN(k) OVER w AS first_key",
                "CURRENT_WATERMARK(ts) AS wm",
                "COUNT(CURRENT_WATERMARK(ts)) OVER w AS watermarked",
                "MAX(CURRENT_WATERMARK(ts)) OVER w AS last_wm"));
        if (frame.isEmpty()) {
            optional.add("LAG(v, 1) OVER w AS previous");
            optional.add("LAG(id) OVER w AS previous_id");
        }
        if (!value.sql().startsWith("DECIMAL") || random.nextInt(4) == 0) {
            optional.add("AVG(v) OVER w AS mean"); // of DECIMAL one time in four
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            String item = pick(optional);
            if (!items.contains(item)) {
                items.add(item);
            }
        }
        items.forEach(item -> {
            if (item.contains("CURRENT_WATERMARK")) {
                constructs.add(
                        item.contains("OVER")
                                ? "CURRENT_WATERMARK inside an OVER argument"
                                : "CURRENT_WATERMARK in an OVER query's SELECT list");
            }
        });
        add(new Statement(
                "SELECT id, " + (keyed ? "k, " : ""),
                items,
                " FROM " + source + where() + " WINDOW w AS (" + (keyed ? "PARTITION BY k " : "") + "ORDER BY ts"
                        + frame + ")"));
        constructs.add("OVER aggregation" + (frame.isEmpty() ? "" : frame.contains("ROWS") ? " ROWS" : " RANGE"));
    }

    private void watermarkFilter(String source) {
        String condition = pick(List.of(
                "CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts)",
                "ts <= CURRENT_WATERMARK(ts)",
                "ts > CURRENT_WATERMARK(ts)",
                "CURRENT_WATERMARK(ts) IS NOT NULL",
                "CURRENT_WATERMARK(ts) > ts - " + interval(scale)));
        add(new Statement(
                "SELECT ",
                new ArrayList<>(
                        List.of("id", "ts", "CURRENT_WATERMARK(ts) AS wm", "ts > CURRENT_WATERMARK(ts) AS fresh")),
                " FROM " + source + " WHERE " + condition));
        constructs.add("CURRENT_WATERMARK in WHERE");
        constructs.add("CURRENT_WATERMARK in a SELECT list");
    }

    private void expressions(String source) {
        List<String> names = new ArrayList<>(List.of("k", "v"));
        List<ColumnType> types = new ArrayList<>(List.of(key, value));
        names.addAll(extraNames);
        types.addAll(extraTypes);
        ExpressionGrammar grammar = ExpressionGrammar.over(random, names, types);
        List<String> items = new ArrayList<>();
        int count = 2 + random.nextInt(5);
        for (int i = 0; i < count; i++) {
            items.add(grammar.expression(pick(List.of(Family.values())), 3) + " AS e" + i);
        }
        if (random.nextInt(5) == 0) {
            add(new Statement(
                    "WITH later AS (SELECT * FROM " + source + " WHERE id > 2) SELECT id, ", items, " FROM later"));
            constructs.add("WITH item");
        } else {
            add(new Statement("SELECT id, ", items, " FROM " + source));
        }
        constructs.add("expressions over edge values");
    }

    /**
     * DECIMAL arithmetic and ROUND over the value column, DOUBLE expressions without columns (which
     * Flink's planner folds), and TIMESTAMP literals near the fixture's rows; now and then a constant
     * Flink folds to an infinity or a FLOAT (unsupported).
     */
    private void arithmetic(String source) {
        List<String> options = new ArrayList<>(List.of(
                "1e0 / 3 AS third",
                "CAST(0.1 AS DOUBLE) + CAST(0.2 AS DOUBLE) AS point_three",
                "2.5E0 * 2 AS five",
                "1.0E0 - 0.9E0 AS tenth",
                "CAST('1.5' AS DOUBLE) * 2 AS three",
                "COALESCE(CAST(NULL AS DOUBLE), 7e-1) AS fallback",
                "0.1 + 0.2 AS exact_sum",
                "TIMESTAMP '" + anchorText + "' AS anchor",
                "TIMESTAMP '1969-12-31 23:59:59.999' AS before_epoch"));
        if (!ltz) {
            options.add("ts >= TIMESTAMP '" + anchorText + "' AS after_anchor");
        }
        if (value.sql().startsWith("DECIMAL")) {
            options.addAll(List.of(
                    "v + 0.005 AS nudged",
                    "v * 100 AS hundredfold",
                    "v / 3 AS third_of",
                    "v / 0.0001 AS huge",
                    "v * v AS squared",
                    "-v + id AS shifted",
                    "v / id AS per_id",
                    "v + CAST(1.5 AS DOUBLE) AS widened",
                    "CAST(v AS DECIMAL(4, 1)) AS narrowed"));
            constructs.add("DECIMAL arithmetic");
        } else if (value.family() == Family.APPROXIMATE) {
            options.addAll(List.of("v * (1e0 / 3) AS scaled", "v + 1e-1 AS plus_tenth", "ROUND(v, 1) AS rounded"));
        } else {
            options.addAll(List.of(
                    "v * 1.5 AS decimal_product",
                    "v / 2.0 AS halved",
                    "v + 0.25 AS shifted",
                    "ROUND(v, -1) AS rounded"));
            constructs.add("DECIMAL arithmetic");
        }
        if (random.nextInt(10) == 0) {
            options.add(pick(List.of("1e300 * 10 AS infinite", "CAST(0.1 AS FLOAT) * 3 AS float_constant")));
        }
        List<String> items = new ArrayList<>();
        for (int i = 2 + random.nextInt(4); i > 0; i--) {
            String item = pick(options);
            if (!items.contains(item)) {
                items.add(item);
            }
        }
        String where = random.nextInt(4) == 0 ? " WHERE v > 1e0 / 3" : "";
        add(new Statement("SELECT id, ", items, " FROM " + source + where));
        if (items.stream().anyMatch(item -> item.contains("e0") || item.contains("DOUBLE)")) || !where.isEmpty()) {
            constructs.add("constant DOUBLE expressions");
        }
        if (items.stream().anyMatch(item -> item.contains("TIMESTAMP '"))) {
            constructs.add("TIMESTAMP literals");
        }
    }

    /**
     * UNION ALL of projections and filters (columns of other types merged), of window aggregations,
     * and in batch mode under an aggregation with ORDER BY and LIMIT; in streaming mode under a group
     * window or a window TVF aggregation (Flink interleaves the inputs: modelled when no row can be late
     * in any interleaving, else unsupported).
     */
    private void union(String source) {
        String literalKey = key.family() == Family.STRING ? "'zz'" : "0";
        switch (random.nextInt(batch ? 4 : 7)) {
            case 0 -> {
                add("SELECT id, k, v FROM " + source
                        + " WHERE v > 0 UNION ALL SELECT id, k, v FROM events WHERE id > 3");
                constructs.add("UNION ALL of filters");
            }
            case 1 -> {
                add("SELECT k, v FROM " + source + " UNION ALL SELECT " + literalKey + ", id FROM events WHERE id < 4");
                constructs.add("UNION ALL of other column types");
            }
            case 2 -> {
                add("SELECT window_start, window_end, COUNT(*) AS cnt, MAX(v) AS high FROM " + table(source, tvf())
                        + " GROUP BY window_start, window_end UNION ALL SELECT window_start, window_end, COUNT(*), MIN(v) FROM "
                        + table("events", tvf()) + " GROUP BY window_start, window_end");
                constructs.add("UNION ALL of window aggregations");
            }
            case 3 -> {
                if (batch) {
                    add("SELECT k, COUNT(*) AS n, SUM(v) AS total FROM (SELECT k, v FROM " + source
                            + " UNION ALL SELECT k, v FROM events WHERE id > 2) GROUP BY k ORDER BY k LIMIT 3");
                    constructs.add("UNION ALL under an aggregation, batch, ORDER BY and LIMIT");
                } else {
                    add("SELECT id, CURRENT_WATERMARK(ts) AS wm FROM " + source
                            + " WHERE v > 0 UNION ALL SELECT id, CURRENT_WATERMARK(ts) FROM events");
                    constructs.add("UNION ALL of CURRENT_WATERMARK projections");
                }
            }
            case 4 -> {
                add("SELECT id, k, v FROM " + source + " UNION ALL SELECT id, k, v FROM " + source);
                constructs.add("UNION ALL of one source twice");
            }
            case 5 -> {
                String view = "unioned" + ++unionViews;
                add("CREATE TEMPORARY VIEW " + view + " AS SELECT * FROM events WHERE v IS NOT NULL"
                        + " UNION ALL SELECT * FROM events WHERE id > 2");
                windowAggregate(view);
                constructs.add("window TVF aggregation over UNION ALL, streaming");
            }
            default -> {
                String size = interval(scale * 2);
                add("SELECT TUMBLE_START(ts, " + size + ") AS ws, COUNT(*) AS cnt FROM (SELECT ts, v FROM " + source
                        + " UNION ALL SELECT ts, v FROM events WHERE id > 2) GROUP BY TUMBLE(ts, " + size + ")");
                constructs.add("UNION ALL under a group window, streaming");
            }
        }
    }

    /**
     * Shapes Flink's planner rewrites before any operator runs, each compared as one statement: predicates
     * on group keys and window columns above an aggregation (pushed below it, so that filtered rows never
     * reach the window and are never late), HAVING on keys and window_end, contradictions (the query
     * pruned to no operator) and always-true predicates, equalities propagated into the projection
     * ({@code WHERE v = 0e0} with -0.0 rows), constant string functions folded to their CHAR(n) type, INSERT
     * of NULLs into NOT NULL sink columns and of constants into narrower ones, UNION ALL under filters,
     * and CURRENT_WATERMARK projected below an OVER aggregation.
     */
    private void rewritten(String source) {
        switch (random.nextInt(10)) {
            case 0, 1 -> filteredWindowAggregate(source);
            case 2 -> havingOnKeys(source);
            case 3 -> filteredGroupWindow(source);
            case 4 -> filteredGroupAggregate(source);
            case 5 -> projectedEquality(source);
            case 6 -> constantStrings(source);
            case 7 -> notNullInsert(source);
            case 8 -> filteredUnion(source);
            default -> {
                if (batch) {
                    constantStrings(source);
                } else {
                    overOfAWatermarkProjection(source);
                }
            }
        }
    }

    /** The n-th of the key column's fixture values as a literal. */
    private String keyLiteral(int n) {
        String text = key.values().get(n);
        return key.family() == Family.STRING ? "'" + text + "'" : text;
    }

    /** A time literal of the rowtime's type at the fixture's anchor. */
    private String anchorLiteral() {
        return ltz ? "TO_TIMESTAMP_LTZ(" + anchorMillis + ", 3)" : "TIMESTAMP '" + anchorText + "'";
    }

    /** A predicate on the key: an equality, an IN, a contradiction, or one that is always true (k is never NULL). */
    private String keyPredicate() {
        return switch (random.nextInt(8)) {
            case 0, 1 -> "k = " + keyLiteral(0);
            case 2 -> "k <> " + keyLiteral(1);
            case 3 -> "k IN (" + keyLiteral(0) + ", " + keyLiteral(1) + ")";
            case 4 -> contradiction("k = " + keyLiteral(0) + " AND k = " + keyLiteral(1));
            case 5 -> contradiction("FALSE");
            case 6 -> alwaysTrue("k IS NULL OR k IS NOT NULL");
            default -> alwaysTrue("1 = 1");
        };
    }

    /** A predicate on a window column (or the key beside it): the planner pushes it below the aggregation. */
    private String windowPredicate(String start, String end) {
        return switch (random.nextInt(6)) {
            case 0 -> end + " <= " + anchorLiteral();
            case 1 -> start + " >= " + anchorLiteral();
            case 2 -> end + " > " + anchorLiteral() + " AND k = " + keyLiteral(0);
            case 3 -> alwaysTrue(start + " < " + end);
            case 4 -> contradiction(end + " < " + start);
            default -> keyPredicate();
        };
    }

    private String contradiction(String predicate) {
        constructs.add("planner: contradiction");
        return predicate;
    }

    private String alwaysTrue(String predicate) {
        constructs.add("planner: always-true predicate");
        return predicate;
    }

    /** A window TVF aggregation in a subquery, filtered above on its key, window columns or window_time's watermark. */
    private void filteredWindowAggregate(String source) {
        Window window = tvf();
        boolean windowTime = random.nextInt(3) == 0;
        String group = "window_start, window_end" + (windowTime ? ", window_time" : "") + ", k";
        String predicate = windowTime && random.nextInt(3) == 0
                ? "CURRENT_WATERMARK(window_time) IS NULL OR window_time > CURRENT_WATERMARK(window_time)"
                : windowPredicate("window_start", "window_end");
        add(new Statement(
                "SELECT * FROM (SELECT " + group + ", ",
                aggregates(),
                " FROM " + table(source, window) + " GROUP BY " + group + ") WHERE " + predicate));
        constructs.add("planner: filter above a window aggregation"
                + (predicate.contains("CURRENT_WATERMARK") ? " on CURRENT_WATERMARK(window_time)" : ""));
    }

    /** HAVING on a group key or window_end of a window TVF aggregation. */
    private void havingOnKeys(String source) {
        Window window = tvf();
        String group = "window_start, window_end, k";
        String having = pick(List.of(
                keyPredicate(),
                "window_end <= " + anchorLiteral(),
                "window_start >= " + anchorLiteral(),
                "MAX(id) > 3 AND k = " + keyLiteral(0),
                "COUNT(*) > 0 OR k = " + keyLiteral(1)));
        add(new Statement(
                "SELECT " + group + ", ",
                aggregates(),
                " FROM " + table(source, window) + " GROUP BY " + group + " HAVING " + having));
        constructs.add("planner: HAVING on a key or window column");
    }

    /** A group window (TUMBLE, HOP, SESSION in GROUP BY) in a subquery, filtered above on its key or window end. */
    private void filteredGroupWindow(String source) {
        long size = scale * pick(List.of(1L, 2L, 4L));
        String kind = pick(List.of("TUMBLE", "TUMBLE", "HOP", "SESSION"));
        String call = groupWindowCall(kind, size);
        List<String> items = groupWindowBounds(kind, call);
        items.addAll(aggregates());
        add(new Statement(
                "SELECT * FROM (SELECT k, ",
                items,
                " FROM " + source + " GROUP BY k, " + kind + call + ") WHERE " + windowPredicate("ws", "we")));
        constructs.add("planner: filter above a group window " + kind);
    }

    /** A GROUP BY without a window in a subquery, filtered above on its key. */
    private void filteredGroupAggregate(String source) {
        add(new Statement(
                "SELECT * FROM (SELECT k, COUNT(*) AS n, ",
                aggregates(),
                " FROM " + source + " GROUP BY k) WHERE " + keyPredicate()));
        constructs.add("planner: filter above a GROUP BY");
    }

    /**
     * An equality in WHERE the planner propagates into the projection and the keys: {@code v = 0e0} makes
     * every -0.0 row's v 0.0; {@code k = 'a'} makes k the literal.
     */
    private void projectedEquality(String source) {
        boolean onValue = random.nextBoolean();
        String condition;
        List<String> items;
        if (onValue) {
            condition = value.family() == Family.APPROXIMATE
                    ? pick(List.of("v = 0e0", "v = 0", "v = -0e0", "v = 0e0 AND id > 1", "v <= 0 AND v >= 0"))
                    : pick(List.of("v = 7", "v = 1 OR v = 7", "v = -3"));
            items = new ArrayList<>(List.of(
                    "v",
                    "-v AS negated",
                    "CAST(v AS STRING) AS text",
                    "v * 2 AS doubled",
                    "CAST(v AS DOUBLE) AS wide"));
        } else {
            condition = "k = " + keyLiteral(random.nextInt(2));
            items = new ArrayList<>(List.of("k", "CAST(k AS STRING) || 'x' AS tagged", "k IS NULL AS missing"));
        }
        if (!batch && random.nextBoolean()) {
            String keyColumn = onValue ? "v" : "k";
            List<String> aggregates = new ArrayList<>(List.of("COUNT(*) AS cnt", "MIN(v) AS low", "MAX(v) AS high"));
            if (!onValue || value.family() == Family.APPROXIMATE) {
                aggregates.add("SUM(v) AS total");
            }
            add(new Statement(
                    "SELECT window_start, " + keyColumn + ", ",
                    aggregates,
                    " FROM " + table(source, tvf()) + " WHERE " + condition + " GROUP BY window_start, window_end, "
                            + keyColumn));
            constructs.add("planner: equality propagated into window keys and aggregates");
        } else {
            add(new Statement("SELECT id, ", items, " FROM " + source + " WHERE " + condition));
            constructs.add("planner: equality propagated into the projection");
        }
    }

    /** String functions of constants, which the planner folds and cuts to the call's CHAR(n) type. */
    private void constantStrings(String source) {
        List<String> options = List.of(
                "UPPER('\u00df') AS sharp_s",
                "LOWER('\u0130') AS dotted_i",
                "UPPER('\ufb01') AS ligature",
                "UPPER('\u0149') AS apostrophe_n",
                "CHAR_LENGTH(UPPER('\u00df')) AS sharp_s_length",
                "UPPER('\u00df') = 'SS' AS sharp_s_is_ss",
                "UPPER('stra\u00dfe') AS street",
                "SUBSTRING('abcdef' FROM 2 FOR 3) AS middle",
                "SUBSTRING('\u00dfa' FROM 1 FOR 1) AS first_char",
                "'ab' || 'cde' AS joined",
                "'ab' || CAST('c' AS CHAR(3)) || 'd' AS padded",
                "UPPER('ab' || '\u00df') AS joined_upper",
                "TRIM(' \u00df ') AS trimmed",
                "UPPER(CAST(k AS STRING) || '\u00df') AS keyed_upper",
                "CONCAT('a', UPPER('\u00df')) AS concatenated");
        List<String> items = new ArrayList<>();
        for (int i = 2 + random.nextInt(4); i > 0; i--) {
            String item = pick(options);
            if (!items.contains(item)) {
                items.add(item);
            }
        }
        add(new Statement("SELECT id, ", items, " FROM " + source));
        constructs.add("planner: constant string functions");
    }

    /**
     * INSERT into a sink whose columns are NOT NULL (the planner's implicit cast of a NULL) or narrower
     * (VARCHAR(n), DECIMAL(p, s)) than the constants and columns written.
     */
    private void notNullInsert(String source) {
        String sink = "sink" + sinks++;
        String keyType = pick(List.of("STRING NOT NULL", "VARCHAR(2) NOT NULL", "CHAR(3) NOT NULL", "VARCHAR(1)"));
        String numberType = pick(List.of("INT NOT NULL", "BIGINT NOT NULL", "DECIMAL(6, 2) NOT NULL", "DECIMAL(3, 1)"));
        String flagType = pick(List.of("BOOLEAN NOT NULL", "BOOLEAN"));
        add("CREATE TABLE " + sink + " (k " + keyType + ", n " + numberType + ", b " + flagType
                + ") WITH ('connector' = 'blackhole')");
        String keyValue = pick(List.of(
                "CAST(NULL AS STRING)",
                "CASE WHEN id > 3 THEN CAST(k AS STRING) END",
                "NULLIF(CAST(k AS STRING), " + (key.family() == Family.STRING ? keyLiteral(0) : "'1'") + ")",
                "UPPER('\u00df')",
                "'abc' || 'def'",
                "CAST(k AS STRING)"));
        String numberValue = pick(List.of(
                "CAST(NULL AS INT)",
                "CASE WHEN id > 2 THEN id END",
                "NULLIF(id, 1)",
                "id * 100",
                "CAST(12.345 AS DECIMAL(5, 3))",
                "id"));
        String flagValue = pick(List.of("CAST(NULL AS BOOLEAN)", "CASE WHEN id > 3 THEN TRUE END", "id > 2"));
        add("INSERT INTO " + sink + " SELECT " + keyValue + ", " + numberValue + ", " + flagValue + " FROM " + source);
        constructs.add(
                keyType.contains("NOT NULL") || numberType.contains("NOT NULL") || flagType.contains("NOT NULL")
                        ? "planner: INSERT into NOT NULL sink columns"
                        : "planner: INSERT of constants into narrower sink columns");
    }

    /**
     * UNION ALL in a subquery, filtered above (pushed into each input), projected or aggregated; in
     * streaming mode now and then a window TVF aggregation or a group window over a UNION ALL view,
     * filtered above on its key or window columns (pushed through the aggregation and the union, so
     * that the filtered rows are never late).
     */
    private void filteredUnion(String source) {
        if (!batch && !proctime && random.nextInt(3) == 0) {
            String view = "unioned" + ++unionViews;
            add("CREATE TEMPORARY VIEW " + view + " AS SELECT * FROM events WHERE v IS NOT NULL"
                    + " UNION ALL SELECT * FROM events WHERE id > 2");
            if (random.nextBoolean()) {
                filteredWindowAggregate(view);
            } else {
                filteredGroupWindow(view);
            }
            constructs.add("planner: filter above an aggregation over UNION ALL");
            return;
        }
        String union = "(SELECT k, v, ts FROM " + source + " UNION ALL SELECT k, v, ts FROM events WHERE id > 2)";
        if (random.nextBoolean()) {
            add(new Statement(
                    "SELECT ", new ArrayList<>(List.of("k", "v")), " FROM " + union + " WHERE " + keyPredicate()));
        } else {
            add(new Statement(
                    "SELECT k, ",
                    new ArrayList<>(List.of("COUNT(*) AS n", "MAX(v) AS high")),
                    " FROM " + union + " WHERE " + keyPredicate() + " GROUP BY k"));
        }
        constructs.add("planner: UNION ALL under a filter");
    }

    /** CURRENT_WATERMARK(ts) projected in a subquery below an OVER aggregation, read as the row arrives. */
    private void overOfAWatermarkProjection(String source) {
        boolean keyed = random.nextBoolean();
        List<String> items = new ArrayList<>(List.of("arrival_wm", "COUNT(*) OVER w AS seen"));
        items.add(pick(List.of(
                "MAX(arrival_wm) OVER w AS last_wm", "SUM(v) OVER w AS running_total", "MIN(id) OVER w AS low")));
        add(new Statement(
                "SELECT id, ",
                items,
                " FROM (SELECT *, CURRENT_WATERMARK(ts) AS arrival_wm FROM " + source + ") WINDOW w AS ("
                        + (keyed ? "PARTITION BY k " : "") + "ORDER BY ts)"));
        constructs.add("planner: CURRENT_WATERMARK projected below an OVER aggregation");
    }

    /** DESCRIBE of the table (computed columns print derived types), and a SELECT of its computed columns. */
    private void describe(String source) {
        add("DESCRIBE events");
        constructs.add("DESCRIBE");
        if (!computed.isEmpty()) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < computed.size(); i++) {
                items.add("c" + i);
            }
            add(new Statement("SELECT id, ", items, " FROM " + source));
        }
    }

    private void windowedRows(String source) {
        Window window = tvf();
        add(new Statement(
                "SELECT ",
                new ArrayList<>(List.of("id", "window_start", "window_end", "window_time")),
                " FROM " + table(source, window)));
        constructs.add("window TVF without aggregation");
    }

    /** INSERT into a sink whose column types are narrower (or not implicitly castable: Flink refuses those). */
    private void insert(String source) {
        String sink = "sink" + sinks++;
        String keyType = pick(List.of("VARCHAR(1)", "VARCHAR(2)", "STRING", "CHAR(4)", "CHAR(1)"));
        String timeType = ltz
                ? pick(List.of("TIMESTAMP_LTZ(0)", "TIMESTAMP_LTZ(3)", "TIMESTAMP(3)"))
                : pick(List.of("TIMESTAMP(0)", "TIMESTAMP(3)", "TIMESTAMP(6)"));
        String valueType =
                pick(List.of("DECIMAL(3, 1)", "DECIMAL(6, 2)", "INT", "BIGINT", "DOUBLE", "FLOAT", "TINYINT"));
        add("CREATE TABLE " + sink + " (k " + keyType + ", t " + timeType + ", v " + valueType
                + ") WITH ('connector' = 'blackhole')");
        String rows = random.nextInt(4) == 0
                ? " (v, k, t) SELECT v, k, ts FROM " + source
                : " SELECT k, ts, v FROM " + source;
        String windowed = " SELECT MAX(k), window_start, SUM(v) FROM " + table(source, tvf())
                + " GROUP BY window_start, window_end";
        switch (random.nextInt(5)) {
            case 0 -> {
                add("EXECUTE STATEMENT SET BEGIN INSERT INTO " + sink + rows + "; INSERT INTO " + sink + windowed
                        + "; END");
                constructs.add("statement set");
            }
            case 1, 2 -> add("INSERT INTO " + sink + rows);
            default -> add("INSERT INTO " + sink + windowed);
        }
        if (rows.contains("(v, k, t)")) {
            constructs.add("INSERT with a column list");
        }
        constructs.add("INSERT into a narrower sink");
    }

    /** Statements Flink's validator refuses: the simulator must refuse them at the same line. */
    private void refused(String source) {
        Window window = tvf();
        switch (random.nextInt(3)) {
            case 0 -> {
                long size = scale * 3;
                add("SELECT window_start, COUNT(*) AS cnt FROM TABLE(HOP(TABLE " + source + ", DESCRIPTOR(ts), "
                        + interval(scale * 2) + ", " + interval(size) + ")) GROUP BY window_start, window_end");
                constructs.add("invalid: HOP slide not dividing size");
            }
            case 1 -> {
                add("SELECT window_start, window_time, COUNT(*) AS cnt FROM " + table(source, window)
                        + " GROUP BY window_start, window_end");
                constructs.add("invalid: window_time not grouped");
            }
            default -> {
                add(
                        "SELECT id, LAG(v) OVER (ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS previous FROM "
                                + source);
                constructs.add("invalid: LAG with a ROWS frame");
            }
        }
    }

    private void add(String sql) {
        statements.add(Statement.of(sql));
    }

    private void add(Statement statement) {
        statements.add(statement);
    }

    /** Whether {@link #interval} writes this length exactly. */
    private static boolean exact(long millis) {
        return Math.abs(millis) < 100 * SECOND || millis % MINUTE == 0;
    }

    /** An interval literal Flink reads: the largest whole unit, SECOND with milliseconds below 100 s, else whole minutes. */
    static String interval(long millis) {
        String sign = millis < 0 ? "-" : "";
        long magnitude = Math.abs(millis);
        if (magnitude % HOUR == 0 && magnitude / HOUR < 100) {
            return "INTERVAL '" + sign + magnitude / HOUR + "' HOUR";
        }
        if (magnitude % MINUTE == 0 && magnitude / MINUTE < 100) {
            return "INTERVAL '" + sign + magnitude / MINUTE + "' MINUTE";
        }
        if (magnitude >= 100 * SECOND) {
            // SECOND(n) with n > 2 is refused in group windows (DAY_INTERVAL_TYPES precision), not modelled
            return "INTERVAL '" + sign + Math.max(1, magnitude / MINUTE) + "' MINUTE";
        }
        String seconds = magnitude % SECOND == 0
                ? Long.toString(magnitude / SECOND)
                : String.format(Locale.ROOT, "%d.%03d", magnitude / SECOND, magnitude % SECOND);
        return "INTERVAL '" + sign + seconds + "' SECOND";
    }

    private static String format(long time, boolean millis) {
        LocalDateTime local = LocalDateTime.ofEpochSecond(
                Math.floorDiv(time, SECOND), (int) Math.floorMod(time, SECOND) * 1_000_000, ZoneOffset.UTC);
        return local.format(millis ? MILLIS : SECONDS);
    }

    private static String csvField(String text) {
        return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }

    private <T> T pick(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
