package org.flinkcookbook.simulator.expression;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Values;

/**
 * Flink's numeric functions as FunctionGenerator maps them (BuiltInMethods): a DOUBLE method of Java's Math or
 * SqlFunctionUtils for every operand but a DECIMAL, which takes SqlFunctionUtils' DecimalData overload; the result is
 * the DOUBLE the method returns.
 */
final class MathFunctions {

    private MathFunctions() {}

    /** A function of one number: its double method and its DecimalData method. */
    private record Unary(DoubleUnaryOperator onDouble, ToDoubleFunction<DecimalData> onDecimal) {}

    private static final Map<String, Unary> UNARY = Map.ofEntries(
            Map.entry("EXP", new Unary(Math::exp, SqlFunctionUtils::exp)),
            Map.entry("LN", new Unary(SqlFunctionUtils::log, SqlFunctionUtils::log)),
            Map.entry("LOG10", new Unary(SqlFunctionUtils::log10, SqlFunctionUtils::log10)),
            Map.entry("LOG2", new Unary(SqlFunctionUtils::log2, SqlFunctionUtils::log2)),
            Map.entry("SIN", new Unary(Math::sin, SqlFunctionUtils::sin)),
            Map.entry("COS", new Unary(Math::cos, SqlFunctionUtils::cos)),
            Map.entry("TAN", new Unary(Math::tan, SqlFunctionUtils::tan)),
            Map.entry("COT", new Unary(SqlFunctionUtils::cot, SqlFunctionUtils::cot)),
            Map.entry("ASIN", new Unary(Math::asin, SqlFunctionUtils::asin)),
            Map.entry("ACOS", new Unary(Math::acos, SqlFunctionUtils::acos)),
            Map.entry("ATAN", new Unary(Math::atan, SqlFunctionUtils::atan)),
            Map.entry("SINH", new Unary(Math::sinh, SqlFunctionUtils::sinh)),
            Map.entry("COSH", new Unary(Math::cosh, SqlFunctionUtils::cosh)),
            Map.entry("TANH", new Unary(Math::tanh, SqlFunctionUtils::tanh)),
            Map.entry("DEGREES", new Unary(Math::toDegrees, SqlFunctionUtils::degrees)),
            Map.entry("RADIANS", new Unary(Math::toRadians, SqlFunctionUtils::radians)));

    /** Whether {@link #unary} computes the function of this name. */
    static boolean isUnary(String name) {
        return UNARY.containsKey(name);
    }

    /** EXP, LN, LOG10, LOG2, the trigonometric functions, DEGREES, RADIANS: a DOUBLE. */
    static Expression unary(CallSite site, String name, SqlType type, Expression number) {
        Unary function = UNARY.get(name);
        requireNumeric(site, number, name);
        SqlType argument = number.type();
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(number), (values, context) -> {
            double result = argument.root() == Root.DECIMAL
                    ? function.onDecimal().applyAsDouble(decimal(values[0], argument))
                    : function.onDouble().applyAsDouble(((Number) values[0]).doubleValue());
            return result(result, type);
        });
    }

    /**
     * POWER(a, b) (and SQRT, which the planner makes POWER(a, 0.5)), LOG(base, x) and ATAN2(y, x): Math#pow, #atan2 or
     * SqlFunctionUtils#log of two doubles, or SqlFunctionUtils' overload of the DECIMAL operands (ATAN2 of one DECIMAL
     * and one other number, which has none, is not modelled).
     */
    static Expression binary(CallSite site, String name, SqlType type, Expression left, Expression right) {
        requireNumeric(site, left, name);
        requireNumeric(site, right, name);
        SqlType a = left.type();
        SqlType b = right.type();
        boolean decimalA = a.root() == Root.DECIMAL;
        boolean decimalB = b.root() == Root.DECIMAL;
        DoubleBinaryOperator doubles;
        ToDoubleBiFunction<DecimalData, DecimalData> decimals;
        ToDoubleBiFunction<DecimalData, Double> decimalDouble;
        ToDoubleBiFunction<Double, DecimalData> doubleDecimal;
        switch (name) {
            case "POWER" -> {
                doubles = Math::pow;
                decimals = SqlFunctionUtils::power;
                decimalDouble = SqlFunctionUtils::power;
                doubleDecimal = SqlFunctionUtils::power;
            }
            case "LOG" -> {
                doubles = SqlFunctionUtils::log;
                decimals = SqlFunctionUtils::log;
                decimalDouble = SqlFunctionUtils::log;
                doubleDecimal = SqlFunctionUtils::log;
            }
            default -> {
                if (decimalA != decimalB) {
                    throw site.unsupported(name + " of " + a + " and " + b);
                }
                doubles = Math::atan2;
                decimals = SqlFunctionUtils::atan2;
                decimalDouble = null;
                doubleDecimal = null;
            }
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(left, right), (values, context) -> {
            double result;
            if (decimalA && decimalB) {
                result = decimals.applyAsDouble(decimal(values[0], a), decimal(values[1], b));
            } else if (decimalA) {
                result = decimalDouble.applyAsDouble(decimal(values[0], a), ((Number) values[1]).doubleValue());
            } else if (decimalB) {
                result = doubleDecimal.applyAsDouble(((Number) values[0]).doubleValue(), decimal(values[1], b));
            } else {
                result = doubles.applyAsDouble(((Number) values[0]).doubleValue(), ((Number) values[1]).doubleValue());
            }
            return result(result, type);
        });
    }

    /**
     * FLOOR(x) and CEIL(x) of a number (FloorCeilCallGen): SqlFunctionUtils#floor / #ceil of a FLOAT or DOUBLE in its
     * type, an integer itself. Of a DECIMAL the job fails on Flink 2.3 (measured: FLOOR of a DECIMAL(10, 2) column), so
     * it is not modelled.
     */
    static Expression floorOrCeil(CallSite site, boolean floor, SqlType type, Expression number) {
        SqlType argument = number.type();
        if (!argument.isNumeric() || argument.root() == Root.DECIMAL) {
            throw site.unsupported((floor ? "FLOOR" : "CEIL") + " of " + argument);
        }
        if (!argument.isApproximate()) {
            return number;
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(number), (values, context) -> {
            if (values[0] instanceof Float single) {
                return floor ? SqlFunctionUtils.floor((float) single) : SqlFunctionUtils.ceil((float) single);
            }
            double value = (Double) values[0];
            return floor ? SqlFunctionUtils.floor(value) : SqlFunctionUtils.ceil(value);
        });
    }

    /**
     * SIGN(x) as FunctionGenerator maps it: Math#signum of a DOUBLE (-0.0 stays -0.0, NaN NaN), Integer#signum of an
     * INT, Long#signum of a BIGINT, in the argument's type; of other types (whose method returns another type than the
     * call's) not modelled.
     */
    static Expression sign(CallSite site, SqlType type, Expression number) {
        Root root = number.type().root();
        if ((root != Root.DOUBLE && root != Root.INT && root != Root.BIGINT) || type.root() != root) {
            throw site.unsupported("SIGN of " + number.type());
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(number), (values, context) -> switch (root) {
            case INT -> Integer.signum((Integer) values[0]);
            case BIGINT -> (long) Long.signum((Long) values[0]);
            default -> Math.signum((Double) values[0]);
        });
    }

    /**
     * TRUNCATE(x[, digits]): SqlFunctionUtils#struncate of an INT, BIGINT, FLOAT, DOUBLE or DECIMAL, in the plan's type
     * (of a DECIMAL(p, s) the planner's DECIMAL(p, min(s, digits))).
     */
    static Expression truncate(CallSite site, SqlType type, List<Expression> operands) {
        Expression number = operands.get(0);
        SqlType argument = number.type();
        Root root = argument.root();
        if (root != Root.INT && root != Root.BIGINT && !argument.isApproximate() && root != Root.DECIMAL) {
            throw site.unsupported("TRUNCATE of " + argument);
        }
        if (operands.size() > 1 && !operands.get(1).type().isIntLike()) {
            throw site.unsupported("TRUNCATE to digits of " + operands.get(1).type());
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
            int digits = values.length > 1 ? (Integer) values[1] : 0;
            Object value = values[0];
            return switch (root) {
                case INT -> SqlFunctionUtils.struncate((int) (Integer) value, digits);
                case BIGINT -> SqlFunctionUtils.struncate((long) (Long) value, digits);
                case FLOAT -> SqlFunctionUtils.struncate((float) (Float) value, digits);
                case DOUBLE -> SqlFunctionUtils.struncate((double) (Double) value, digits);
                default -> {
                    DecimalData result = SqlFunctionUtils.struncate(decimal(value, argument), digits);
                    yield Values.fitDecimal(result.toBigDecimal(), type);
                }
            };
        });
    }

    private static DecimalData decimal(Object value, SqlType type) {
        return DecimalData.fromBigDecimal((BigDecimal) value, type.precision(), type.scale());
    }

    /** A method's double in the call's type (DOUBLE; a FLOAT call's value as float). */
    private static Object result(double value, SqlType type) {
        return type.root() == Root.FLOAT ? (Object) (float) value : (Object) value;
    }

    private static void requireNumeric(CallSite site, Expression operand, String name) {
        if (!operand.type().isNumeric()) {
            throw site.unsupported(name + " of " + operand.type());
        }
    }
}
