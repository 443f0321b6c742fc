package org.flinkcookbook.simulator.expression;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.function.BinaryOperator;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.DecimalDataUtils;
import org.apache.flink.table.functions.SqlLikeUtils;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * The runtime semantics of Flink's scalar operators, as its generated code computes them
 * (ScalarOperatorGens): three-valued logic, comparisons of primitives (NaN unordered, -0.0 equal to
 * 0.0), arithmetic in the result type, DECIMAL arithmetic through DecimalDataUtils, CASE. The result
 * types are given: by Flink's plan, or by the SQL compiler that still derives them.
 */
final class Operators {

    private Operators() {}

    /** The order of two non-null values, null where they are unordered (NaN). */
    @FunctionalInterface
    interface Order {
        Integer of(Object a, Object b);
    }

    /** The six comparisons. */
    enum Comparison {
        EQUALS,
        NOT_EQUALS,
        LESS_THAN,
        LESS_THAN_OR_EQUAL,
        GREATER_THAN,
        GREATER_THAN_OR_EQUAL
    }

    /** A one-operand expression that inherits whether its operand reads the watermark. */
    static Expression derived(SqlType type, Expression.Evaluator evaluator, Expression operand) {
        return new Expression(type, evaluator, operand.readsWatermark());
    }

    /** A null-propagating two-operand expression. */
    static Expression derived2(SqlType type, Expression left, Expression right, BinaryOperator<Object> operator) {
        return new Expression(
                type,
                (row, context) -> {
                    Object a = left.evaluate(row, context);
                    Object b = right.evaluate(row, context);
                    if (a == null || b == null) {
                        return null;
                    }
                    if (a == Values.NONDETERMINISTIC || b == Values.NONDETERMINISTIC) {
                        return Values.NONDETERMINISTIC;
                    }
                    return operator.apply(a, b);
                },
                left.readsWatermark() || right.readsWatermark());
    }

    /** The value cast to {@code type}, as Flink's CAST does. */
    static Expression castTo(Expression value, SqlType type) {
        SqlType from = value.type();
        return derived(
                type,
                (row, context) -> Values.cast(value.evaluate(row, context), from, type, context.sessionZone()),
                value);
    }

    /**
     * CAST as a call of Flink's plan: Flink's cast rules, where a value the rule cannot convert (NaN to DECIMAL, text
     * that is no number) fails the job in Flink, so the simulator says unsupported.
     */
    static Expression cast(CallSite site, Expression value, SqlType type) {
        SqlType from = value.type();
        if (!Values.castModelled(from, type)) {
            throw site.unsupported("CAST from " + from + " to " + type);
        }
        return derived(
                type,
                (row, context) -> {
                    Object operand = value.evaluate(row, context);
                    try {
                        return Values.cast(operand, from, type, context.sessionZone());
                    } catch (ArithmeticException
                            | IllegalArgumentException
                            | java.time.DateTimeException failsInFlink) {
                        throw site.unsupported(
                                site + " of " + operand + ", which fails in Flink (" + failsInFlink + ")");
                    }
                },
                value);
    }

    /** AND ({@code and}) or OR in three-valued logic. */
    static Expression logical(List<Expression> operands, boolean and) {
        Boolean decisive = !and;
        return new Expression(
                SqlType.BOOLEAN,
                (row, context) -> {
                    boolean sawNull = false;
                    for (Expression operand : operands) {
                        Object value = operand.evaluate(row, context);
                        if (value == null) {
                            sawNull = true;
                        } else if (decisive.equals(value)) {
                            return decisive;
                        }
                    }
                    return sawNull ? null : !decisive;
                },
                operands.stream().anyMatch(Expression::readsWatermark));
    }

    static Expression not(Expression operand) {
        return derived(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object value = operand.evaluate(row, context);
                    return value == null ? null : !(Boolean) value;
                },
                operand);
    }

    /** IS NULL ({@code wantNull}) or IS NOT NULL. */
    static Expression isNull(Expression operand, boolean wantNull) {
        return derived(
                SqlType.BOOLEAN, (row, context) -> (operand.evaluate(row, context) == null) == wantNull, operand);
    }

    /** IS [NOT] TRUE and IS [NOT] FALSE: whether the operand is {@code wanted}, negated. */
    static Expression is(Expression operand, Boolean wanted, boolean negated) {
        return derived(
                SqlType.BOOLEAN, (row, context) -> wanted.equals(operand.evaluate(row, context)) != negated, operand);
    }

    /**
     * A comparison of two values of comparable types in the given order (of Flink's plan: {@link #order}; of the SQL
     * compiler, which casts no DECIMAL literal: Values#sqlCompare, Java's primitive operators): NaN unordered (only
     * {@code <>} holds), strings as {@link #checkStringOrder} allows, a TIMESTAMP with a TIMESTAMP_LTZ as an instant in
     * the session time zone.
     */
    static Expression comparison(
            CallSite site, Comparison kind, Expression leftOperand, Expression rightOperand, Order ordering) {
        Root leftRoot = leftOperand.type().root();
        Root rightRoot = rightOperand.type().root();
        Expression left = leftRoot == Root.TIMESTAMP && rightRoot == Root.TIMESTAMP_LTZ
                ? asInstant(site, leftOperand)
                : leftOperand;
        Expression right = leftRoot == Root.TIMESTAMP_LTZ && rightRoot == Root.TIMESTAMP
                ? asInstant(site, rightOperand)
                : rightOperand;
        return new Expression(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object a = left.evaluate(row, context);
                    Object b = right.evaluate(row, context);
                    if (a == null || b == null) {
                        return null;
                    }
                    Integer order = ordering.of(a, b);
                    if (order == null) {
                        return kind == Comparison.NOT_EQUALS; // NaN: unordered
                    }
                    if (kind != Comparison.EQUALS && kind != Comparison.NOT_EQUALS) {
                        checkStringOrder(a, b, order);
                    }
                    return switch (kind) {
                        case EQUALS -> order == 0;
                        case NOT_EQUALS -> order != 0;
                        case LESS_THAN -> order < 0;
                        case LESS_THAN_OR_EQUAL -> order <= 0;
                        case GREATER_THAN -> order > 0;
                        case GREATER_THAN_OR_EQUAL -> order >= 0;
                    };
                },
                left.readsWatermark() || right.readsWatermark());
    }

    /**
     * A TIMESTAMP compared with a TIMESTAMP_LTZ is cast to TIMESTAMP_LTZ in the session time zone
     * (LogicalTypeMerging#findCommonType of the two). A wall-clock time in a daylight-saving gap or
     * overlap, where the instant Flink picks was not measured, is unsupported.
     */
    private static Expression asInstant(CallSite site, Expression timestamp) {
        return derived(
                SqlType.timestampLtz(3),
                (row, context) -> {
                    Object value = timestamp.evaluate(row, context);
                    if (value == null) {
                        return null;
                    }
                    LocalDateTime wallClock = Timestamps.wallClock(Timestamps.millis(value));
                    if (context.sessionZone()
                                    .getRules()
                                    .getValidOffsets(wallClock)
                                    .size()
                            != 1) {
                        throw site.unsupported(
                                "comparing a TIMESTAMP_LTZ with " + wallClock + ", a daylight-saving gap or overlap");
                    }
                    return Timestamps.withMillis(
                            value, Timestamps.toEpoch(Timestamps.millis(value), context.sessionZone()));
                },
                timestamp);
    }

    /**
     * The order of two non-null values as the generated comparison gives it ({@link Values#sqlCompare}: primitives
     * compared by Java's operators, NaN unordered), except a DECIMAL with a FLOAT or DOUBLE: ScalarOperatorGens
     * compares them with DecimalDataUtils#compare(DecimalData, double), which is Double#compare of the decimal's
     * double, so NaN is greater than every decimal ({@code f > 0.5} is TRUE for a NaN f, measured) and -0.0 less than
     * 0.
     */
    static Integer order(Object a, Object b) {
        boolean approximateA = a instanceof Double || a instanceof Float;
        boolean approximateB = b instanceof Double || b instanceof Float;
        if (a instanceof BigDecimal decimal && approximateB) {
            return Double.compare(decimal.doubleValue(), ((Number) b).doubleValue());
        }
        if (approximateA && b instanceof BigDecimal decimal) {
            return Double.compare(((Number) a).doubleValue(), decimal.doubleValue());
        }
        return Values.sqlCompare(a, b);
    }

    /** a >= b: NULL when either is NULL, FALSE when they are unordered (NaN). */
    static Boolean atLeast(Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        Integer order = Values.sqlCompare(a, b);
        if (order != null) {
            checkStringOrder(a, b, order);
        }
        return order != null && order >= 0;
    }

    /** a AND b in three-valued logic. */
    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return Boolean.FALSE;
        }
        return a == null || b == null ? null : Boolean.TRUE;
    }

    /**
     * BinaryStringData#compareTo compares two strings as Java strings (UTF-16 units) when both are still Java
     * objects, as a source's values and literals are in a projection or a filter, and by their UTF-8 bytes (code
     * points) once serialized, as after an exchange or in state: where the two orders differ (a character beyond the
     * BMP against one from U+E000 to U+FFFF) the result depends on the plan, so it is not modelled (fuzz seed 47,
     * case 2085: '😀' <= '\uFFFD' is TRUE in a Calc over the source).
     */
    static void checkStringOrder(Object a, Object b, int codePointOrder) {
        if (a instanceof String x
                && b instanceof String y
                && Integer.signum(x.compareTo(y)) != Integer.signum(codePointOrder)) {
            throw new UnsupportedConstructException(
                    null,
                    "an ordering of strings whose UTF-16 and code point orders differ (a character beyond the BMP"
                            + " against one from U+E000 to U+FFFF): Flink's order depends on where the values come from");
        }
    }

    /** The result of the first TRUE condition, else the last result (the ELSE). */
    static Expression firstTrue(List<Expression> conditions, List<Expression> results) {
        Expression otherwise = results.get(results.size() - 1);
        return new Expression(
                otherwise.type(),
                (row, context) -> {
                    for (int i = 0; i < conditions.size(); i++) {
                        if (conditions.get(i).isTrue(row, context)) {
                            return results.get(i).evaluate(row, context);
                        }
                    }
                    return otherwise.evaluate(row, context);
                },
                conditions.stream().anyMatch(Expression::readsWatermark)
                        || results.stream().anyMatch(Expression::readsWatermark));
    }

    /**
     * The first operand that is not NULL, the operands already of one type. Every operand is evaluated, as Flink 2.3
     * calls its CoalesceFunction (a BuiltInScalarFunction) with all its arguments computed first: an operand that
     * fails fails the row even where an earlier one is not NULL (measured: {@code COALESCE(s, DATE_FORMAT('...', 'Q'))}
     * fails the job for every s).
     */
    static Expression coalesce(List<Expression> parts) {
        return new Expression(
                parts.get(0).type(),
                (row, context) -> {
                    Object first = null;
                    for (Expression part : parts) {
                        Object value = part.evaluate(row, context);
                        if (first == null) {
                            first = value;
                        }
                    }
                    return first;
                },
                parts.stream().anyMatch(Expression::readsWatermark));
    }

    /**
     * {@code left operator right} ({@code + - * /}) with the result type {@code type}. A TIMESTAMP plus or minus a
     * day-time INTERVAL moves its milliseconds; a DECIMAL result is DecimalDataUtils' (integers taken as DECIMAL(their
     * digits, 0), rounding half-up to the scale, NULL where the precision overflows); any other result is computed as
     * ScalarOperatorGens#generateBinaryArithmeticOperator does: both operands cast to the result type, then Java's
     * operator in it (float arithmetic in float, integers wrapping in their width, integer division truncating).
     */
    static Expression arithmetic(CallSite site, char operator, SqlType type, Expression left, Expression right) {
        SqlType a = left.type();
        SqlType b = right.type();
        if (a.isTimestamp() && b.root() == Root.INTERVAL && (operator == '+' || operator == '-')) {
            long sign = operator == '+' ? 1 : -1;
            return derived2(
                    type, left, right, (x, y) -> Timestamps.withMillis(x, Timestamps.millis(x) + sign * (Long) y));
        }
        if (a.isTimestamp() && b.isTimestamp() && type.root() == Root.INTERVAL && operator == '-') {
            // the milliseconds between them, as the generated code subtracts two timestamps' milliseconds
            return derived2(type, left, right, (x, y) -> Timestamps.millis(x) - Timestamps.millis(y));
        }
        if ((a.root() == Root.DATE || a.root() == Root.TIME)
                && b.root() == Root.INTERVAL
                && (operator == '+' || operator == '-')) {
            return TemporalFunctions.plusMinus(site, operator, type, left, right);
        }
        if (operator == '*' && type.root() == Root.INTERVAL && (isWhole(a) || isWhole(b))) {
            // a day-time interval times an integer: the milliseconds multiplied in long, as the generated code does
            return derived2(type, left, right, (x, y) -> ((Number) x).longValue() * ((Number) y).longValue());
        }
        if (!a.isNumeric() || !b.isNumeric() || !type.isNumeric()) {
            throw site.unsupported("arithmetic on " + a + " and " + b + " in " + site);
        }
        if (type.root() == Root.DECIMAL) {
            return decimalArithmetic(site, operator, type, left, right);
        }
        return derived2(type, left, right, (x, y) -> {
            Object p = Values.cast(x, a, type, null);
            Object q = Values.cast(y, b, type, null);
            return switch (type.root()) {
                // a float operation is its double one rounded to float: double has more than twice float's digits
                case FLOAT -> (Object) (float) apply(operator, (double) (Float) p, (double) (Float) q);
                case DOUBLE -> (Object) apply(operator, (Double) p, (Double) q);
                default -> {
                    long result = apply(operator, ((Number) p).longValue(), ((Number) q).longValue());
                    yield Values.cast(result, SqlType.BIGINT, type, null);
                }
            };
        });
    }

    private static boolean isWhole(SqlType type) {
        return type.isIntLike() || type.root() == Root.BIGINT;
    }

    private static double apply(char operator, double p, double q) {
        return switch (operator) {
            case '+' -> p + q;
            case '-' -> p - q;
            case '*' -> p * q;
            default -> p / q;
        };
    }

    private static long apply(char operator, long p, long q) {
        return switch (operator) {
            case '+' -> p + q;
            case '-' -> p - q;
            case '*' -> p * q;
            default -> p / q; // integer division, as Flink divides two integers
        };
    }

    /**
     * Exact arithmetic with a DECIMAL result: integers taken as DECIMAL(digits, 0) (FlinkTypes#asDecimal), and
     * DecimalDataUtils computes it, rounding half-up to the scale and giving NULL when the precision overflows.
     */
    private static Expression decimalArithmetic(
            CallSite site, char operator, SqlType type, Expression left, Expression right) {
        SqlType a = FlinkTypes.asDecimal(left.type());
        SqlType b = FlinkTypes.asDecimal(right.type());
        if (a.root() != Root.DECIMAL || b.root() != Root.DECIMAL) {
            throw site.unsupported("DECIMAL arithmetic on " + left.type() + " and " + right.type() + " in " + site);
        }
        return derived2(type, left, right, (x, y) -> {
            DecimalData p = DecimalData.fromBigDecimal(Values.decimal(x), a.precision(), a.scale());
            DecimalData q = DecimalData.fromBigDecimal(Values.decimal(y), b.precision(), b.scale());
            DecimalData result = switch (operator) {
                case '+' -> DecimalDataUtils.add(p, q, type.precision(), type.scale());
                case '-' -> DecimalDataUtils.subtract(p, q, type.precision(), type.scale());
                case '*' -> DecimalDataUtils.multiply(p, q, type.precision(), type.scale());
                default -> DecimalDataUtils.divide(p, q, type.precision(), type.scale());
            };
            return result == null ? null : result.toBigDecimal();
        });
    }

    /** Unary minus keeps its operand's type, as Java's negation in it does: -TINYINT -128 is -128, -0.0 stays a DOUBLE -0.0. */
    static Expression negation(CallSite site, Expression operand) {
        SqlType type = operand.type();
        if (!type.isNumeric() && type.root() != Root.INTERVAL) {
            throw site.unsupported("unary minus on " + type);
        }
        return derived(
                type,
                (row, context) -> {
                    Object value = operand.evaluate(row, context);
                    if (value == null || value == Values.NONDETERMINISTIC) {
                        return value;
                    }
                    return switch (type.root()) {
                        case TINYINT -> (int) (byte) -(Integer) value;
                        case SMALLINT -> (int) (short) -(Integer) value;
                        case INT -> -(Integer) value;
                        case FLOAT -> -(Float) value;
                        case DOUBLE -> -(Double) value;
                        case DECIMAL -> Values.fitDecimal(((BigDecimal) value).negate(), type);
                        default -> -(Long) value;
                    };
                },
                operand);
    }

    /** {@code text [NOT] LIKE pattern}, a literal pattern without escapes, as SqlLikeUtils#like matches it (LikeCallGen). */
    static Expression like(Expression text, String pattern, boolean negated) {
        return derived(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object value = text.evaluate(row, context);
                    return value == null ? null : SqlLikeUtils.like((String) value, pattern) != negated;
                },
                text);
    }

    /** CURRENT_WATERMARK: the last watermark the evaluating operator received, NULL before the first. */
    static Expression currentWatermark(SqlType type) {
        return new Expression(
                type,
                (row, context) -> {
                    long watermark = context.currentWatermark();
                    return watermark == EvaluationContext.NO_WATERMARK ? null : watermark;
                },
                true);
    }

    /** UPPER ({@code upper}) or LOWER of a string, in the root locale. */
    static Expression changeCase(SqlType type, Expression text, boolean upper) {
        return derived(
                type,
                (row, context) -> {
                    Object value = text.evaluate(row, context);
                    return value == null
                            ? null
                            : upper
                                    ? ((String) value).toUpperCase(Locale.ROOT)
                                    : ((String) value).toLowerCase(Locale.ROOT);
                },
                text);
    }

    /** {@code ||} and CONCAT: the parts as text one after the other, NULL when one is NULL. */
    static Expression concat(SqlType type, List<Expression> parts) {
        return new Expression(
                type,
                (row, context) -> {
                    StringBuilder text = new StringBuilder();
                    for (Expression part : parts) {
                        Object value = part.evaluate(row, context);
                        if (value == null) {
                            return null;
                        }
                        text.append(Values.render(value, part.type(), context.sessionZone()));
                    }
                    return text.toString();
                },
                parts.stream().anyMatch(Expression::readsWatermark));
    }
}
