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
    private static final List<String> STRING_LITERALS =
            List.of("'ab'", "''", "'\uD83D\uDE00'", "'abcdef'", "'yes'", "' 12 '", "'h\u00e9llo'");
    private static final List<String> NUMBER_TEXTS = List.of("' 12 '", "'-3'", "'1.5'", "'0'", "'127'");
    private static final List<String> BOOLEAN_TEXTS = List.of("'yes'", "'0'", "'t'", "'FALSE'", "'n'");
    private static final List<String> EXACT_TARGETS =
            List.of("TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL(4, 1)", "DECIMAL(10, 3)");
    private static final List<String> STRING_TARGETS =
            List.of("CHAR(2)", "CHAR(5)", "VARCHAR(2)", "VARCHAR(10)", "STRING");

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
                switch (random.nextInt(6)) {
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
                    default -> {
                        String operand = expression(Family.EXACT, next);
                        yield (operand.startsWith("-") ? "- " : "-") + operand; // "--" would start a comment
                    }
                };
            case APPROXIMATE ->
                switch (random.nextInt(4)) {
                    case 0 ->
                        "(" + expression(Family.APPROXIMATE, next) + " " + pick(List.of("+", "-", "*")) + " "
                                + expression(pick(List.of(Family.APPROXIMATE, Family.EXACT)), next) + ")";
                    case 1 ->
                        "CAST(" + expression(Family.EXACT, next) + " AS " + pick(List.of("FLOAT", "DOUBLE")) + ")";
                    case 2 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN "
                                + expression(Family.APPROXIMATE, next) + " ELSE " + expression(Family.APPROXIMATE, next)
                                + " END";
                    default ->
                        "COALESCE(" + expression(Family.APPROXIMATE, next) + ", " + expression(Family.APPROXIMATE, next)
                                + ")";
                };
            case STRING ->
                switch (random.nextInt(5)) {
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
                    default ->
                        "COALESCE(" + expression(Family.STRING, next) + ", " + expression(Family.STRING, next) + ")";
                };
            case BOOLEAN ->
                switch (random.nextInt(7)) {
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
                    default ->
                        "(" + expression(Family.EXACT, next) + " IN (" + expression(Family.EXACT, next) + ", "
                                + expression(Family.EXACT, next) + "))";
                };
            case TIMESTAMP ->
                switch (random.nextInt(3)) {
                    case 0 ->
                        "CAST(" + expression(Family.TIMESTAMP, next) + " AS "
                                + pick(List.of("TIMESTAMP(0)", "TIMESTAMP(3)")) + ")";
                    case 1 ->
                        "CASE WHEN " + expression(Family.BOOLEAN, next) + " THEN " + expression(Family.TIMESTAMP, next)
                                + " ELSE " + expression(Family.TIMESTAMP, next) + " END";
                    default ->
                        "TO_TIMESTAMP("
                                + pick(List.of(
                                        "'2024-03-01 10:00:01.5'",
                                        "'2024-03-01 10:00:01'",
                                        "'1969-07-20 20:17:40'",
                                        "'nonsense'"))
                                + ")";
                };
        };
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
