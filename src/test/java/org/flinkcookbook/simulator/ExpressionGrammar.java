package org.flinkcookbook.simulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * A type-directed grammar of Flink SQL expressions for differential fuzzing, in the spirit of
 * SQLsmith: a random table of typed columns filled with edge values (overflow bounds, NaN, -0.0,
 * empty and non-BMP strings, pre-1970 and DST-gap timestamps) and a SELECT of many random
 * expressions over it, each well typed so that Flink plans them all in one job. Division and casts
 * that fail at run time for some values are left out: one failing expression would hide the rest.
 */
final class ExpressionGrammar {

    enum Family {
        EXACT,
        APPROXIMATE,
        STRING,
        BOOLEAN,
        TIMESTAMP
    }

    /** A column type with the values its fixture fields take. */
    record ColumnType(String sql, Family family, List<String> values) {}

    static final List<ColumnType> TYPES = List.of(
            new ColumnType("TINYINT", Family.EXACT, List.of("0", "1", "-1", "127", "-128", "100")),
            new ColumnType("SMALLINT", Family.EXACT, List.of("0", "32767", "-32768", "300")),
            new ColumnType("INT", Family.EXACT, List.of("0", "7", "-3", "2147483647", "-2147483648")),
            new ColumnType(
                    "BIGINT", Family.EXACT, List.of("0", "10000000000", "9223372036854775807", "-9223372036854775808")),
            new ColumnType("DECIMAL(5, 2)", Family.EXACT, List.of("0.00", "123.45", "-999.99", "1.005", "7")),
            new ColumnType("FLOAT", Family.APPROXIMATE, List.of("0.1", "-0.0", "NaN", "3.4E38", "1.5", "0")),
            new ColumnType("DOUBLE", Family.APPROXIMATE, List.of("0.1", "-0.0", "NaN", "1.0E308", "2.5", "-7.75")),
            new ColumnType("CHAR(3)", Family.STRING, List.of("ab", "abc", "x")),
            new ColumnType("VARCHAR(4)", Family.STRING, List.of("ab", "yes", "\uD83D\uDE00x", "h\u00e9")),
            new ColumnType(
                    "STRING", Family.STRING, List.of("ab", "", "\uD83D\uDE00", "\uFFFD", " 12 ", "TRUE", "alpha")),
            new ColumnType("BOOLEAN", Family.BOOLEAN, List.of("true", "false")),
            new ColumnType(
                    "TIMESTAMP(3)",
                    Family.TIMESTAMP,
                    List.of(
                            "2024-03-10 02:30:00.123",
                            "1969-12-31 23:59:59.999",
                            "2999-01-01 00:00:00",
                            "2024-11-03 01:30:00")));

    private static final List<String> EXACT_LITERALS = List.of(
            "0",
            "1",
            "-1",
            "127",
            "2147483647",
            "2.5",
            "0.1",
            "CAST(NULL AS INT)",
            "CAST(7 AS TINYINT)",
            "CAST(-3 AS SMALLINT)",
            "10000000000");
    private static final List<String> APPROXIMATE_LITERALS =
            List.of("1e0", "-0e0", "0.1e0", "CAST('NaN' AS DOUBLE)", "CAST(0.1 AS FLOAT)");
    private static final List<String> STRING_LITERALS = List.of(
            "'ab'", "''", "'\uD83D\uDE00'", "'abcdef'", "'yes'", "' 12 '", "'h\u00e9llo'", "'\u00df'", "'\u0130x'");
    private static final List<String> NUMBER_TEXTS = List.of("' 12 '", "'-3'", "'1.5'", "'0'", "'127'");
    private static final List<String> BOOLEAN_TEXTS = List.of("'yes'", "'0'", "'t'", "'FALSE'", "'n'");
    private static final List<String> EXACT_TARGETS =
            List.of("TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL(4, 1)", "DECIMAL(10, 3)");
    private static final List<String> STRING_TARGETS =
            List.of("CHAR(2)", "CHAR(5)", "VARCHAR(2)", "VARCHAR(10)", "STRING");
    /** Divisors of MOD: never zero, which fails the job. */
    private static final List<String> DIVISORS = List.of("7", "-3", "CAST(2 AS TINYINT)", "2.5", "10000000000", "0.3");
    /** Positions and lengths of SUBSTRING, INT literals (a negative length is NULL, no failure). */
    private static final List<String> STRING_POSITIONS = List.of("0", "1", "2", "-2", "5", "-1");
    /**
     * DATE_FORMAT patterns without zone letters ('x', 'z'), which fail the job for a wall-clock time, and valid for
     * SimpleDateFormat too (no 'Q'), which formats a string.
     */
    private static final List<String> DATE_PATTERNS =
            List.of("'yyyy-MM-dd HH:mm:ss.SSS'", "'EEE, d MMM yy h a'", "'D w u S'", "''", "'yyyy''T''HH'", "'SSSSSS'");

    private static final List<String> TIMESTAMP_TEXTS =
            List.of("'2024-03-01 10:00:01.5'", "'2024-03-01 10:00:01'", "'1969-07-20 20:17:40'", "'nonsense'");
    /** SIMILAR TO patterns, all valid (an invalid one fails the job). */
    private static final List<String> SIMILAR_PATTERNS =
            List.of("'a%'", "'_+'", "'(ab|ye)%'", "'%b_'", "'[a-z]*'", "' %'", "'_{1,3}'", "'.*'", "'h_%'", "''");
    /** REGEXP_EXTRACT regexes and group indexes: an invalid regex or a missing group is NULL, no failure. */
    private static final List<String> REGEXES =
            List.of("'([a-z])([a-z]*)'", "'a'", "'('", "'[0-9]+'", "'^.'", "'(b)(c)?'", "''");

    private static final List<String> GROUPS = List.of("0", "1", "2", "3", "-1");
    private static final List<String> EXTRACT_UNITS =
            List.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "DOY", "DOW", "HOUR", "MINUTE", "SECOND", "MILLISECOND");
    private static final List<String> DATE_PARTS = List.of(
            "YEAR", "QUARTER", "MONTH", "WEEK", "DAYOFYEAR", "DAYOFMONTH", "DAYOFWEEK", "HOUR", "MINUTE", "SECOND");
    /** TIMESTAMPDIFF units (SECOND wraps the INT for 1960 to 2999, as Flink's cast of the long does). */
    private static final List<String> DIFF_UNITS =
            List.of("YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND");

    private static final List<String> ZONES = List.of("'UTC'", "'America/New_York'", "'Asia/Kolkata'", "'Mars/Base'");
    private static final List<String> TRIMMED = List.of("' '", "'a'", "'\uD83D\uDE00'", "'ab'", "''");

    private final Random random;
    private final List<String> columnNames = new ArrayList<>();
    private final List<ColumnType> columnTypes = new ArrayList<>();

    /** One recipe's table, fixture and expressions. */
    record Case(List<String> columns, List<ColumnType> types, List<List<String>> rows, List<String> expressions) {

        String sql() {
            String schema = columns.stream()
                    .map(column ->
                            column + " " + types.get(columns.indexOf(column)).sql())
                    .collect(Collectors.joining(", "));
            List<String> items = new ArrayList<>();
            for (int i = 0; i < expressions.size(); i++) {
                items.add(expressions.get(i) + " AS e" + i);
            }
            return "CREATE TABLE events (" + schema + ") WITH ('connector' = 'datagen');\n" + "SELECT "
                    + String.join(",\n  ", items) + "\nFROM events;\n";
        }

        String csv() {
            return rows.stream().map(row -> String.join(",", row) + "\n").collect(Collectors.joining());
        }

        Case withExpressions(List<String> kept) {
            return new Case(columns, types, rows, kept);
        }

        Case withRows(List<List<String>> kept) {
            return new Case(columns, types, kept, expressions);
        }
    }

    private ExpressionGrammar(Random random) {
        this.random = random;
    }

    /** A grammar over another generator's table: its expressions use these columns. */
    static ExpressionGrammar over(Random random, List<String> names, List<ColumnType> types) {
        ExpressionGrammar grammar = new ExpressionGrammar(random);
        grammar.columnNames.addAll(names);
        grammar.columnTypes.addAll(types);
        return grammar;
    }

    /** The case of a seed and index: the same on every run. */
    static Case draw(long seed, int index, int expressions) {
        ExpressionGrammar grammar = new ExpressionGrammar(new Random(seed * 1_000_003L + index));
        return grammar.generate(expressions);
    }

    private Case generate(int expressions) {
        int width = 2 + random.nextInt(4);
        for (int i = 0; i < width; i++) {
            columnNames.add("c" + i);
            columnTypes.add(pick(TYPES));
        }
        List<List<String>> rows = new ArrayList<>();
        int height = 1 + random.nextInt(4);
        for (int r = 0; r < height; r++) {
            List<String> row = new ArrayList<>();
            for (ColumnType type : columnTypes) {
                row.add(pick(type.values()));
            }
            rows.add(row);
        }
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < expressions; i++) {
            drawn.add(expression(pick(List.of(Family.values())), 3));
        }
        return new Case(List.copyOf(columnNames), List.copyOf(columnTypes), rows, drawn);
    }

    String expression(Family family, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return leaf(family);
        }
        int next = depth - 1;
        return switch (family) {
            case EXACT ->
                switch (random.nextInt(12)) {
                    case 0 ->
                        "(" + expression(Family.EXACT, next) + " " + pick(List.of("+", "-", "*")) + " "
                                + expression(Family.EXACT, next) + ")";
                    case 1 ->
                        "CAST(" + expression(pick(List.of(Family.EXACT, Family.APPROXIMATE)), next) + " AS "
                                + pick(EXACT_TARGETS.subList(0, 4)) + ")";
                    case 2 -> "CAST(" + pick(NUMBER_TEXTS) + " AS " + pick(EXACT_TARGETS) + ")";
                    case 3 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN " + expression(Family.EXACT, next)
                                + " ELSE " + expression(Family.EXACT, next) + " END";
                    case 4 ->
                        "COALESCE(" + expression(Family.EXACT, next) + ", " + expression(Family.EXACT, next) + ")";
                    case 5 -> "ABS(" + expression(Family.EXACT, next) + ")";
                    case 6 ->
                        random.nextBoolean()
                                ? "MOD(" + expression(Family.EXACT, next) + ", " + pick(DIVISORS) + ")"
                                : "(" + expression(Family.EXACT, next) + " % " + pick(DIVISORS) + ")";
                    case 7 ->
                        pick(List.of("CHAR_LENGTH(", "CHARACTER_LENGTH(")) + expression(Family.STRING, next) + ")";
                    case 8 ->
                        "POSITION(" + expression(Family.STRING, next) + " IN " + expression(Family.STRING, next)
                                + (random.nextBoolean() ? "" : " FROM " + pick(List.of("1", "2", "3"))) + ")";
                    case 9 -> conditional(Family.EXACT, next);
                    case 10 -> timeField(next);
                    default -> {
                        String operand = expression(Family.EXACT, next);
                        yield (operand.startsWith("-") ? "- " : "-") + operand; // "--" would start a comment
                    }
                };
            case APPROXIMATE ->
                switch (random.nextInt(6)) {
                    case 0 ->
                        "(" + expression(Family.APPROXIMATE, next) + " " + pick(List.of("+", "-", "*")) + " "
                                + expression(pick(List.of(Family.APPROXIMATE, Family.EXACT)), next) + ")";
                    case 1 ->
                        "CAST(" + expression(Family.EXACT, next) + " AS " + pick(List.of("FLOAT", "DOUBLE")) + ")";
                    case 2 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN "
                                + expression(Family.APPROXIMATE, next) + " ELSE " + expression(Family.APPROXIMATE, next)
                                + " END";
                    case 3 -> "ABS(" + expression(Family.APPROXIMATE, next) + ")";
                    case 4 -> conditional(Family.APPROXIMATE, next);
                    default ->
                        "COALESCE(" + expression(Family.APPROXIMATE, next) + ", " + expression(Family.APPROXIMATE, next)
                                + ")";
                };
            case STRING ->
                switch (random.nextInt(11)) {
                    case 0 ->
                        "CAST("
                                + expression(
                                        pick(List.of(Family.EXACT, Family.STRING, Family.BOOLEAN, Family.TIMESTAMP)),
                                        next)
                                + " AS " + pick(STRING_TARGETS) + ")";
                    case 1 -> pick(List.of("UPPER", "LOWER")) + "(" + expression(Family.STRING, next) + ")";
                    case 2 -> "(" + expression(Family.STRING, next) + " || " + expression(Family.STRING, next) + ")";
                    case 3 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN " + expression(Family.STRING, next)
                                + " ELSE " + expression(Family.STRING, next) + " END";
                    case 4 ->
                        "DATE_FORMAT("
                                + (random.nextBoolean() ? expression(Family.TIMESTAMP, next) : pick(TIMESTAMP_TEXTS))
                                + ", " + pick(DATE_PATTERNS) + ")";
                    case 5 ->
                        "REGEXP_EXTRACT(" + expression(Family.STRING, next) + ", " + pick(REGEXES)
                                + (random.nextBoolean() ? "" : ", " + pick(GROUPS)) + ")";
                    case 6 ->
                        random.nextBoolean()
                                ? "SUBSTRING(" + expression(Family.STRING, next) + " FROM " + pick(STRING_POSITIONS)
                                        + (random.nextBoolean() ? "" : " FOR " + pick(STRING_POSITIONS)) + ")"
                                : "SUBSTR(" + expression(Family.STRING, next) + ", " + pick(STRING_POSITIONS) + ")";
                    case 7 ->
                        "TRIM(" + pick(List.of("", "BOTH ", "LEADING ", "TRAILING ")) + pick(TRIMMED) + " FROM "
                                + expression(Family.STRING, next) + ")";
                    case 8 -> conditional(Family.STRING, next);
                    case 9 -> "CONVERT_TZ(" + pick(TIMESTAMP_TEXTS) + ", " + pick(ZONES) + ", " + pick(ZONES) + ")";
                    default ->
                        "COALESCE(" + expression(Family.STRING, next) + ", " + expression(Family.STRING, next) + ")";
                };
            case BOOLEAN ->
                switch (random.nextInt(8)) {
                    case 0 -> {
                        Family compared =
                                pick(List.of(Family.EXACT, Family.APPROXIMATE, Family.STRING, Family.TIMESTAMP));
                        Family other = compared == Family.EXACT || compared == Family.APPROXIMATE
                                ? pick(List.of(Family.EXACT, Family.APPROXIMATE))
                                : compared;
                        yield "(" + expression(compared, next) + " " + pick(List.of("=", "<>", "<", "<=", ">", ">="))
                                + " " + expression(other, next) + ")";
                    }
                    case 1 ->
                        "(" + expression(Family.EXACT, next)
                                + pick(List.of(" BETWEEN ", " NOT BETWEEN ", " BETWEEN SYMMETRIC "))
                                + expression(Family.EXACT, next) + " AND " + expression(Family.EXACT, next) + ")";
                    case 2 ->
                        "(" + expression(pick(List.of(Family.values())), next)
                                + pick(List.of(" IS NULL", " IS NOT NULL")) + ")";
                    case 3 -> "NOT " + expression(Family.BOOLEAN, next);
                    case 4 ->
                        "(" + expression(Family.BOOLEAN, next) + pick(List.of(" AND ", " OR "))
                                + expression(Family.BOOLEAN, next) + ")";
                    case 5 -> "CAST(" + pick(BOOLEAN_TEXTS) + " AS BOOLEAN)";
                    case 6 ->
                        "(" + expression(Family.STRING, next) + pick(List.of(" SIMILAR TO ", " NOT SIMILAR TO "))
                                + pick(SIMILAR_PATTERNS) + ")";
                    default ->
                        "(" + expression(Family.EXACT, next) + " IN (" + expression(Family.EXACT, next) + ", "
                                + expression(Family.EXACT, next) + "))";
                };
            case TIMESTAMP ->
                switch (random.nextInt(4)) {
                    case 0 ->
                        "CAST(" + expression(Family.TIMESTAMP, next) + " AS "
                                + pick(List.of("TIMESTAMP(0)", "TIMESTAMP(3)")) + ")";
                    case 1 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN " + expression(Family.TIMESTAMP, next)
                                + " ELSE " + expression(Family.TIMESTAMP, next) + " END";
                    case 2 -> conditional(Family.TIMESTAMP, next);
                    default -> "TO_TIMESTAMP(" + pick(TIMESTAMP_TEXTS) + ")";
                };
        };
    }

    /** A number read from timestamps: EXTRACT, a date part function such as HOUR, or TIMESTAMPDIFF. */
    private String timeField(int depth) {
        return switch (random.nextInt(3)) {
            case 0 -> "EXTRACT(" + pick(EXTRACT_UNITS) + " FROM " + expression(Family.TIMESTAMP, depth) + ")";
            case 1 -> pick(DATE_PARTS) + "(" + expression(Family.TIMESTAMP, depth) + ")";
            default ->
                "TIMESTAMPDIFF(" + pick(DIFF_UNITS) + ", " + expression(Family.TIMESTAMP, depth) + ", "
                        + expression(Family.TIMESTAMP, depth) + ")";
        };
    }

    /** IF(condition, a, b) of one family. */
    private String conditional(Family family, int depth) {
        return "IF(" + expression(Family.BOOLEAN, depth) + ", " + expression(family, depth) + ", "
                + expression(family, depth) + ")";
    }

    private String leaf(Family family) {
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < columnNames.size(); i++) {
            if (columnTypes.get(i).family() == family) {
                columns.add(columnNames.get(i));
            }
        }
        if (!columns.isEmpty() && random.nextBoolean()) {
            return pick(columns);
        }
        return switch (family) {
            case EXACT -> pick(EXACT_LITERALS);
            case APPROXIMATE -> pick(APPROXIMATE_LITERALS);
            case STRING -> pick(STRING_LITERALS);
            case BOOLEAN -> pick(List.of("TRUE", "FALSE", "CAST(NULL AS BOOLEAN)"));
            case TIMESTAMP ->
                pick(List.of("TIMESTAMP '2024-03-01 10:00:00.250'", "CAST('1960-01-01 00:00:00' AS TIMESTAMP(3))"));
        };
    }

    private <T> T pick(List<T> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
