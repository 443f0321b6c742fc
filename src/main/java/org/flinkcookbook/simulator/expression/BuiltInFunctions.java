package org.flinkcookbook.simulator.expression;

import java.math.BigDecimal;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.sql.SqlNode;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.DecimalDataUtils;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.binary.BinaryStringDataUtil;
import org.apache.flink.table.functions.SqlLikeUtils;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeMerging;
import org.apache.flink.table.utils.DateTimeUtils;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Flink's built-in scalar functions over compiled operands. Each has the result type Flink's planner infers and calls
 * the runtime method Flink's generated code calls (StringCallGen, FunctionGenerator, BuiltInMethods), so its values
 * are Flink's by construction; where that method fails, Flink fails the job, and the simulator says unsupported.
 */
final class BuiltInFunctions {

    private BuiltInFunctions() {}

    /** What computes a function's value from operands that are none of them NULL. */
    @FunctionalInterface
    interface Body {
        Object apply(Object[] values, EvaluationContext context);
    }

    /**
     * ABS keeps its argument's type (Calcite's ReturnTypes.ARG0) and is Java's abs in it, as SqlFunctionUtils#abs:
     * ABS of TINYINT -128 wraps to -128, of INT and BIGINT MIN_VALUE is MIN_VALUE, of -0.0 is 0.0 (measured).
     */
    static Expression abs(SqlNode node, Expression number) {
        SqlType type = number.type();
        if (!type.isNumeric()) {
            throw unsupported(node, "ABS of " + type);
        }
        return callIfArgsNotNull(node, type, List.of(number), (values, context) -> {
            Object value = values[0];
            return switch (type.root()) {
                case TINYINT -> (int) SqlFunctionUtils.abs((byte) (int) (Integer) value);
                case SMALLINT -> (int) SqlFunctionUtils.abs((short) (int) (Integer) value);
                case INT -> SqlFunctionUtils.abs((int) (Integer) value);
                case BIGINT -> SqlFunctionUtils.abs((long) (Long) value);
                case FLOAT -> SqlFunctionUtils.abs((float) (Float) value);
                case DOUBLE -> SqlFunctionUtils.abs((double) (Double) value);
                default ->
                    SqlFunctionUtils.abs(DecimalData.fromBigDecimal((BigDecimal) value, type.precision(), type.scale()))
                            .toBigDecimal();
            };
        });
    }

    /**
     * DATE_FORMAT gives a STRING: of a TIMESTAMP DateTimeUtils#formatTimestamp, of a TIMESTAMP_LTZ the same in the
     * session time zone, of a string #formatTimestampString (NULL where the text is no 'yyyy-MM-dd HH:mm:ss').
     */
    static Expression dateFormat(SqlNode node, Expression timestamp, Expression format) {
        requireString(node, format, "DATE_FORMAT with a format of");
        Root root = timestamp.type().root();
        if (root != Root.TIMESTAMP && root != Root.TIMESTAMP_LTZ && root != Root.STRING) {
            throw unsupported(node, "DATE_FORMAT of " + timestamp.type());
        }
        return callIfArgsNotNull(node, SqlType.STRING, List.of(timestamp, format), (values, context) -> {
            String pattern = (String) values[1];
            return switch (root) {
                case TIMESTAMP -> DateTimeUtils.formatTimestamp(Timestamps.data(values[0]), pattern);
                case TIMESTAMP_LTZ ->
                    DateTimeUtils.formatTimestamp(
                            Timestamps.data(values[0]), pattern, TimeZone.getTimeZone(context.sessionZone()));
                default -> DateTimeUtils.formatTimestampString((String) values[0], pattern);
            };
        });
    }

    /** {@code s [NOT] SIMILAR TO pattern [ESCAPE e]}: SqlLikeUtils#similar, as StringCallGen#generateSimilarTo calls it. */
    static Expression similarTo(SqlNode node, List<Expression> operands, boolean negated) {
        operands.forEach(operand -> requireString(node, operand, "SIMILAR TO of"));
        return callIfArgsNotNull(node, SqlType.BOOLEAN, operands, (values, context) -> {
            boolean similar = values.length == 2
                    ? SqlLikeUtils.similar((String) values[0], (String) values[1])
                    : SqlLikeUtils.similar((String) values[0], (String) values[1], (String) values[2]);
            return similar != negated;
        });
    }

    /**
     * REGEXP_EXTRACT(s, regex[, index]) gives a STRING, SqlFunctionUtils#regexpExtract's: NULL without a match, for
     * an invalid regex and for an index that is no group; a BIGINT index is the long overload, as Java picks it.
     */
    static Expression regexpExtract(SqlNode node, List<Expression> operands) {
        requireString(node, operands.get(0), "REGEXP_EXTRACT of");
        requireString(node, operands.get(1), "REGEXP_EXTRACT with a regex of");
        if (operands.size() > 2 && !isInteger(operands.get(2).type())) {
            throw unsupported(
                    node, "REGEXP_EXTRACT with an index of " + operands.get(2).type());
        }
        return callIfArgsNotNull(node, SqlType.STRING, operands, (values, context) -> {
            String text = (String) values[0];
            String regex = (String) values[1];
            if (values.length == 2) {
                return SqlFunctionUtils.regexpExtract(text, regex);
            }
            return values[2] instanceof Long index
                    ? SqlFunctionUtils.regexpExtract(text, regex, (long) index)
                    : SqlFunctionUtils.regexpExtract(text, regex, (int) (Integer) values[2]);
        });
    }

    /** CHAR_LENGTH is an INT, BinaryStringData#numChars: code points, a CHAR(n)'s padding included. */
    static Expression charLength(SqlNode node, Expression text) {
        requireString(node, text, "CHAR_LENGTH of");
        return callIfArgsNotNull(
                node,
                SqlType.INT,
                List.of(text),
                (values, context) -> binary(values[0]).numChars());
    }

    /**
     * SUBSTRING(s FROM i [FOR n]) and SUBSTR(s, i[, n]) are BinaryStringDataUtil#substringSQL, in s's type made
     * varying (ReturnTypes.ARG0_NULLABLE_VARYING: CHAR(3) gives VARCHAR(3)); a negative length gives NULL.
     */
    static Expression substring(SqlNode node, List<Expression> operands) {
        requireString(node, operands.get(0), "SUBSTRING of");
        for (Expression bound : operands.subList(1, operands.size())) {
            if (!bound.type().isIntLike()) {
                throw unsupported(node, "SUBSTRING with a position or length of " + bound.type());
            }
        }
        return callIfArgsNotNull(node, varying(operands.get(0).type()), operands, (values, context) -> {
            BinaryStringData text = binary(values[0]);
            int position = (Integer) values[1];
            BinaryStringData result = values.length == 2
                    ? BinaryStringDataUtil.substringSQL(text, position)
                    : BinaryStringDataUtil.substringSQL(text, position, (Integer) values[2]);
            return result == null ? null : result.toString();
        });
    }

    /**
     * TRIM([BOTH | LEADING | TRAILING] [characters] FROM s) is BinaryStringDataUtil#trim
     * (StringCallGen#generateTrim), in s's type made varying; NULL characters give NULL.
     */
    static Expression trim(SqlNode node, boolean leading, boolean trailing, Expression characters, Expression text) {
        requireString(node, characters, "TRIM of characters of");
        requireString(node, text, "TRIM of");
        return callIfArgsNotNull(
                node,
                varying(text.type()),
                List.of(characters, text),
                (values, context) -> BinaryStringDataUtil.trim(binary(values[1]), leading, trailing, binary(values[0]))
                        .toString());
    }

    /** POSITION(seek IN s [FROM i]) is an INT, SqlFunctionUtils#position: 1-based in code points, 0 when absent. */
    static Expression position(SqlNode node, List<Expression> operands) {
        requireString(node, operands.get(0), "POSITION of");
        requireString(node, operands.get(1), "POSITION in");
        if (operands.size() > 2 && !operands.get(2).type().isIntLike()) {
            throw unsupported(
                    node, "POSITION from a position of " + operands.get(2).type());
        }
        return callIfArgsNotNull(
                node,
                SqlType.INT,
                operands,
                (values, context) -> values.length == 2
                        ? SqlFunctionUtils.position(binary(values[0]), binary(values[1]))
                        : SqlFunctionUtils.position(binary(values[0]), binary(values[1]), (Integer) values[2]));
    }

    /**
     * MOD(a, b) and {@code a % b} of exact numbers (Calcite's operand checker refuses FLOAT and DOUBLE). Of two
     * integers it has b's type (ReturnTypes.NULLABLE_MOD: ARG1) and Java's remainder, whose sign is a's; with a
     * DECIMAL, LogicalTypeMerging#findModuloDecimalType's type and DecimalDataUtils#mod's value. A zero divisor fails
     * the job in Flink.
     */
    static Expression mod(SqlNode node, Expression dividend, Expression divisor) {
        SqlType a = dividend.type();
        SqlType b = divisor.type();
        if (!a.isNumeric() || !b.isNumeric() || a.isApproximate() || b.isApproximate()) {
            throw unsupported(node, "MOD of " + a + " and " + b);
        }
        if (a.root() != Root.DECIMAL && b.root() != Root.DECIMAL) {
            return callIfArgsNotNull(node, b, List.of(dividend, divisor), (values, context) -> {
                long remainder = ((Number) values[0]).longValue() % ((Number) values[1]).longValue();
                return b.root() == Root.BIGINT ? (Object) remainder : (Object) (int) remainder;
            });
        }
        SqlType p = FlinkTypes.asDecimal(a);
        SqlType q = FlinkTypes.asDecimal(b);
        DecimalType type = LogicalTypeMerging.findModuloDecimalType(p.precision(), p.scale(), q.precision(), q.scale());
        return callIfArgsNotNull(
                node,
                SqlType.decimal(type.getPrecision(), type.getScale()),
                List.of(dividend, divisor),
                (values, context) -> {
                    DecimalData remainder = DecimalDataUtils.mod(
                            DecimalData.fromBigDecimal(Values.decimal(values[0]), p.precision(), p.scale()),
                            DecimalData.fromBigDecimal(Values.decimal(values[1]), q.precision(), q.scale()),
                            type.getPrecision(),
                            type.getScale());
                    return remainder == null ? null : remainder.toBigDecimal();
                });
    }

    /**
     * A call as GenerateUtils#generateCallIfArgsNotNull makes it: NULL when an operand is NULL, else the body's value
     * (a value that depends on processing time when an operand does). Where the body throws, so does Flink's runtime
     * method, which fails the job: not modelled.
     */
    static Expression callIfArgsNotNull(SqlNode node, SqlType type, List<Expression> operands, Body body) {
        List<Expression> arguments = List.copyOf(operands);
        return new Expression(
                type,
                (row, context) -> {
                    Object[] values = new Object[arguments.size()];
                    boolean nondeterministic = false;
                    for (int i = 0; i < values.length; i++) {
                        values[i] = arguments.get(i).evaluate(row, context);
                        if (values[i] == null) {
                            return null;
                        }
                        nondeterministic |= values[i] == Values.NONDETERMINISTIC;
                    }
                    if (nondeterministic) {
                        return Values.NONDETERMINISTIC;
                    }
                    try {
                        return body.apply(values, context);
                    } catch (RuntimeException failure) {
                        throw unsupported(node, node + ", which fails in Flink (" + failure + ")");
                    }
                },
                arguments.stream().anyMatch(Expression::readsWatermark));
    }

    private static BinaryStringData binary(Object text) {
        return BinaryStringData.fromString((String) text);
    }

    /** A string type as ReturnTypes.ARG0_NULLABLE_VARYING makes it: CHAR(n) is VARCHAR(n). */
    private static SqlType varying(SqlType text) {
        return text.isFixedLength() ? SqlType.varchar(text.precision()) : text;
    }

    private static boolean isInteger(SqlType type) {
        return type.isIntLike() || type.root() == Root.BIGINT;
    }

    private static void requireString(SqlNode node, Expression operand, String what) {
        if (operand.type().root() != Root.STRING) {
            throw unsupported(node, what + " " + operand.type());
        }
    }

    private static UnsupportedConstructException unsupported(SqlNode node, String construct) {
        return new UnsupportedConstructException(node.getParserPosition(), construct);
    }
}
