package org.flinkcookbook.simulator.expression;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.DecimalDataUtils;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.binary.BinaryStringDataUtil;
import org.apache.flink.table.functions.SqlLikeUtils;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeMerging;
import org.apache.flink.table.utils.DateTimeUtils;
import org.apache.flink.table.utils.DateTimeUtils.TimeUnitRange;
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
    static Expression abs(CallSite node, Expression number) {
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
    static Expression dateFormat(CallSite node, Expression timestamp, Expression format) {
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
    static Expression similarTo(CallSite node, List<Expression> operands, boolean negated) {
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
    static Expression regexpExtract(CallSite node, List<Expression> operands) {
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
    static Expression charLength(CallSite node, Expression text) {
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
    static Expression substring(CallSite node, List<Expression> operands) {
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
    static Expression trim(CallSite node, boolean leading, boolean trailing, Expression characters, Expression text) {
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
    static Expression position(CallSite node, List<Expression> operands) {
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
     * MOD(a, b) and {@code a % b} (the planner writes both as MOD) of exact numbers (Calcite's operand checker
     * refuses FLOAT and DOUBLE), computed in the call's type as the plan gives it (FlinkTypeSystem#deriveDecimalModType:
     * b's type where both scales are 0, else LogicalTypeMerging#findModuloDecimalType), as
     * ScalarOperatorGens#generateBinaryArithmeticOperator does. Of an integer type it is Java's remainder, whose sign
     * is a's, of a as a long (a DECIMAL a rounded down: DecimalDataUtils#castToIntegral); of a DECIMAL type it is
     * DecimalDataUtils#mod in the call's precision and scale, of operands read as DECIMALs of their own precision.
     * A zero divisor fails the job in Flink.
     */
    static Expression mod(CallSite node, SqlType callType, Expression dividend, Expression divisor) {
        SqlType a = dividend.type();
        SqlType b = divisor.type();
        if (!a.isNumeric() || !b.isNumeric() || a.isApproximate() || b.isApproximate()) {
            throw unsupported(node, "MOD of " + a + " and " + b);
        }
        if (callType.root() == Root.DECIMAL) {
            SqlType p = FlinkTypes.asDecimal(a);
            SqlType q = FlinkTypes.asDecimal(b);
            return callIfArgsNotNull(node, callType, List.of(dividend, divisor), (values, context) -> {
                DecimalData remainder = DecimalDataUtils.mod(
                        DecimalData.fromBigDecimal(Values.decimal(values[0]), p.precision(), p.scale()),
                        DecimalData.fromBigDecimal(Values.decimal(values[1]), q.precision(), q.scale()),
                        callType.precision(),
                        callType.scale());
                return remainder == null ? null : remainder.toBigDecimal();
            });
        }
        if (callType.root() != b.root()) {
            throw unsupported(node, "MOD of " + a + " and " + b + " typed " + callType);
        }
        return callIfArgsNotNull(node, b, List.of(dividend, divisor), (values, context) -> {
            long remainder = ((Number) values[0]).longValue() % ((Number) values[1]).longValue();
            return b.root() == Root.BIGINT ? (Object) remainder : (Object) (int) remainder;
        });
    }

    /** The units ExtractCallGen reads from the day of a TIMESTAMP, with DateTimeUtils#extractFromDate. */
    private static final Set<TimeUnitRange> DATE_UNITS = EnumSet.of(
            TimeUnitRange.YEAR,
            TimeUnitRange.MONTH,
            TimeUnitRange.DAY,
            TimeUnitRange.QUARTER,
            TimeUnitRange.DOY,
            TimeUnitRange.ISOYEAR,
            TimeUnitRange.DOW,
            TimeUnitRange.ISODOW,
            TimeUnitRange.WEEK,
            TimeUnitRange.DECADE,
            TimeUnitRange.CENTURY,
            TimeUnitRange.MILLENNIUM);

    /** The time units ExtractCallGen computes from a TIMESTAMP's milliseconds, each with the unit above it (getFactor). */
    private static final Map<TimeUnitRange, Long> TIME_UNIT_FACTORS = Map.of(
            TimeUnitRange.HOUR, 86_400_000L,
            TimeUnitRange.MINUTE, 3_600_000L,
            TimeUnitRange.SECOND, 60_000L,
            TimeUnitRange.MILLISECOND, 1_000L);

    /**
     * EXTRACT(unit FROM ts), and YEAR(ts), HOUR(ts) ... which Calcite's SqlDatePartFunction rewrites to it, is a
     * BIGINT. Of a TIMESTAMP ExtractCallGen computes it from the milliseconds with Java's / and %, which truncate
     * toward zero: a date unit is extractFromDate of the day {@code millis / 86400000}, a time unit {@code (millis %
     * factor) / unit}, so a time before 1970 reads the day and the time after it; of a DATE a date unit is
     * extractFromDate of its day, of a TIME a time unit is computed as of a TIMESTAMP. Of a TIMESTAMP_LTZ it is
     * DateTimeUtils#extractFromTimestamp in the session time zone. Other units (EPOCH, MICROSECOND ...) are not
     * modelled.
     */
    static Expression extract(CallSite node, TimeUnitRange unit, Expression timestamp) {
        Root root = timestamp.type().root();
        boolean dateUnit = DATE_UNITS.contains(unit);
        boolean timeUnit = TIME_UNIT_FACTORS.containsKey(unit);
        boolean modelled = switch (root) {
            case TIMESTAMP -> dateUnit || timeUnit;
            case DATE -> dateUnit;
            case TIME -> timeUnit;
            case TIMESTAMP_LTZ -> unit != TimeUnitRange.EPOCH;
            default -> false;
        };
        if (!modelled) {
            throw unsupported(node, "EXTRACT of " + unit + " from " + timestamp.type());
        }
        return callIfArgsNotNull(node, SqlType.BIGINT, List.of(timestamp), (values, context) -> {
            if (root == Root.TIMESTAMP_LTZ) {
                return DateTimeUtils.extractFromTimestamp(
                        unit, Timestamps.data(values[0]), TimeZone.getTimeZone(context.sessionZone()));
            }
            if (root == Root.DATE) {
                return DateTimeUtils.extractFromDate(unit, (int) (Integer) values[0]);
            }
            long millis = root == Root.TIME ? (Integer) values[0] : Timestamps.millis(values[0]);
            if (dateUnit) {
                return DateTimeUtils.extractFromDate(unit, millis / 86_400_000L);
            }
            return (millis % TIME_UNIT_FACTORS.get(unit)) / unit.startUnit.multiplier.longValue();
        });
    }

    /**
     * ROUND(number[, digits]): of a DECIMAL(p, s) LogicalTypeMerging#findRoundDecimalType's type and
     * DecimalDataUtils#sround's value; of another number SqlFunctionUtils#sround's, half-up on the decimal value, in
     * the argument's type.
     */
    static Expression round(CallSite node, Expression number, int digits) {
        SqlType argument = number.type();
        if (argument.root() == Root.DECIMAL) {
            DecimalType rounded =
                    LogicalTypeMerging.findRoundDecimalType(argument.precision(), argument.scale(), digits);
            return callIfArgsNotNull(
                    node,
                    SqlType.decimal(rounded.getPrecision(), rounded.getScale()),
                    List.of(number),
                    (values, context) -> DecimalDataUtils.sround(
                                    DecimalData.fromBigDecimal(
                                            Values.decimal(values[0]), argument.precision(), argument.scale()),
                                    digits)
                            .toBigDecimal());
        }
        if (!argument.isApproximate() && !isInteger(argument)) {
            throw unsupported(node, "ROUND of " + argument);
        }
        return callIfArgsNotNull(node, argument, List.of(number), (values, context) -> {
            BigDecimal rounded = Values.decimal(values[0]).setScale(digits, RoundingMode.HALF_UP);
            return Values.cast(rounded, SqlType.decimal(38, Math.max(0, digits)), argument, context.sessionZone());
        });
    }

    /** TO_TIMESTAMP_LTZ(epoch[, unit]) of epoch seconds (unit 0) or milliseconds (unit 3): a TIMESTAMP_LTZ(3). */
    static Expression toTimestampLtz(CallSite node, Expression epoch, int unit) {
        if (!epoch.type().isNumeric() || (unit != 0 && unit != 3)) {
            throw unsupported(node, "TO_TIMESTAMP_LTZ other than of epoch seconds or milliseconds");
        }
        long factor = unit == 0 ? 1000L : 1L;
        return callIfArgsNotNull(
                node,
                SqlType.timestampLtz(3),
                List.of(epoch),
                (values, context) -> ((Number) values[0]).longValue() * factor);
    }

    /**
     * TO_TIMESTAMP(text[, format]) is a TIMESTAMP(3), Flink's own parsers' (BuiltInMethods STRING_TO_TIMESTAMP,
     * STRING_TO_TIMESTAMP_WITH_FORMAT): NULL for text they cannot parse.
     */
    static Expression toTimestamp(CallSite node, Expression text, String format) {
        requireString(node, text, "TO_TIMESTAMP of");
        return callIfArgsNotNull(node, SqlType.timestamp(3), List.of(text), (values, context) -> {
            try {
                TimestampData parsed = format == null
                        ? DateTimeUtils.parseTimestampData((String) values[0])
                        : DateTimeUtils.parseTimestampData((String) values[0], format);
                return parsed == null ? null : parsed.getMillisecond();
            } catch (RuntimeException unparsable) {
                return null;
            }
        });
    }

    /** CONVERT_TZ(text, from, to) is a STRING, DateTimeUtils#convertTz's (StringCallGen). */
    static Expression convertTz(CallSite node, List<Expression> operands) {
        operands.forEach(operand -> requireString(node, operand, "CONVERT_TZ of"));
        return callIfArgsNotNull(
                node,
                SqlType.STRING,
                operands,
                (values, context) ->
                        DateTimeUtils.convertTz((String) values[0], (String) values[1], (String) values[2]));
    }

    /**
     * GREATEST and LEAST (ScalarOperatorGens#generateGreatestLeast): the operands cast to their common type (the call's),
     * NULL when one is NULL, else the first operand replaced by each later one that its boxed compareTo orders after
     * (GREATEST) or before it: Double#compareTo for FLOAT and DOUBLE, so NaN is the greatest and -0.0 less than 0.0,
     * strings by their UTF-8 bytes. A NULL DECIMAL operand of a numeric call fails the job (the generated cast reads
     * the null DecimalData, measured: LEAST(de, 1)), so it is not modelled.
     */
    static Expression greatestOrLeast(CallSite node, SqlType type, List<Expression> operands, boolean greatest) {
        if (!type.isNumeric() && type.root() != Root.STRING && !type.isTemporal()) {
            throw unsupported(node, (greatest ? "GREATEST" : "LEAST") + " of " + type);
        }
        List<Expression> cast = operands.stream()
                .map(operand -> Operators.castTo(
                        type.isNumeric() && operand.type().root() == Root.DECIMAL
                                ? Operators.derived(
                                        operand.type(),
                                        (row, context) -> {
                                            Object value = operand.evaluate(row, context);
                                            if (value == null) {
                                                throw unsupported(
                                                        node, node + " of a NULL DECIMAL, which fails in Flink");
                                            }
                                            return value;
                                        },
                                        operand)
                                : operand,
                        type))
                .toList();
        return callIfArgsNotNull(node, type, cast, (values, context) -> {
            Object kept = values[0];
            for (Object value : values) {
                int order = kept instanceof Double || kept instanceof Float
                        ? Double.compare(((Number) kept).doubleValue(), ((Number) value).doubleValue())
                        : Values.compare(kept, value);
                if (greatest ? order < 0 : order > 0) {
                    kept = value;
                }
            }
            return kept;
        });
    }

    /**
     * TRY_CAST: a CAST from a string whose rule fails (text that is no number, no date ...) is NULL; every other cast
     * is the CAST itself, whose failure fails the job in Flink as well (measured: TRY_CAST of a DOUBLE NaN to DECIMAL).
     */
    static Expression tryCast(CallSite node, Expression value, SqlType type) {
        Expression cast = Operators.cast(node, value, type);
        if (value.type().root() != Root.STRING) {
            return cast;
        }
        SqlType from = value.type();
        return Operators.derived(
                type,
                (row, context) -> {
                    Object operand = value.evaluate(row, context);
                    try {
                        return Values.cast(operand, from, type, context.sessionZone());
                    } catch (ArithmeticException | IllegalArgumentException | java.time.DateTimeException fails) {
                        return null;
                    }
                },
                value);
    }

    /**
     * A call as GenerateUtils#generateCallIfArgsNotNull makes it: every operand evaluated (one that fails fails the
     * row, whatever the others), NULL when an operand is NULL, else the body's value
     * (a value that depends on processing time when an operand does). Where the body throws, so does Flink's runtime
     * method, which fails the job: not modelled.
     */
    static Expression callIfArgsNotNull(CallSite node, SqlType type, List<Expression> operands, Body body) {
        List<Expression> arguments = List.copyOf(operands);
        return new Expression(
                type,
                (row, context) -> {
                    Object[] values = new Object[arguments.size()];
                    boolean isNull = false;
                    boolean nondeterministic = false;
                    for (int i = 0; i < values.length; i++) { // every operand's code runs before the null check
                        values[i] = arguments.get(i).evaluate(row, context);
                        isNull |= values[i] == null;
                        nondeterministic |= values[i] == Values.NONDETERMINISTIC;
                    }
                    if (isNull) {
                        return null;
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

    private static void requireString(CallSite node, Expression operand, String what) {
        if (operand.type().root() != Root.STRING) {
            throw unsupported(node, what + " " + operand.type());
        }
    }

    private static UnsupportedConstructException unsupported(CallSite node, String construct) {
        return node.unsupported(construct);
    }
}
