package org.flinkcookbook.simulator.aggregate;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Values;

/**
 * One aggregate function call of a query, with Flink's result types: COUNT gives BIGINT; SUM, MIN,
 * MAX keep the argument type (SUM of DECIMAL(p, s) gives DECIMAL(38, s)); AVG of an integer type
 * keeps that type and truncates (Flink's IntegralAvgAggFunction divides the long sum by the count).
 *
 * @param function which aggregate
 * @param distinct whether duplicate argument values count once
 * @param argument the argument, or null for COUNT(*)
 */
public record AggregateCall(Function function, boolean distinct, Expression argument) {

    public enum Function { COUNT, SUM, MIN, MAX, AVG }

    /** Accumulates one group's (or window's) values. */
    public interface Accumulator {
        void add(Object[] row, EvaluationContext context);

        Object result();
    }

    public SqlType resultType() {
        if (function == Function.COUNT) {
            return SqlType.BIGINT;
        }
        SqlType type = argument.type();
        if (function == Function.SUM && type.root() == Root.DECIMAL) {
            return SqlType.decimal(38, type.scale());
        }
        return type;
    }

    /** Whether the simulator models this function for its argument type. */
    public boolean supported() {
        if (function == Function.COUNT || function == Function.MIN || function == Function.MAX) {
            return true;
        }
        SqlType type = argument.type();
        return type.isNumeric() && !(function == Function.AVG && type.root() == Root.DECIMAL);
    }

    public Accumulator newAccumulator() {
        Set<Object> seen = distinct ? new HashSet<>() : null;
        Aggregation aggregation = aggregation();
        return new Accumulator() {
            @Override
            public void add(Object[] row, EvaluationContext context) {
                Object value = argument == null ? Boolean.TRUE : argument.evaluate(row, context);
                if (value == null || (seen != null && !seen.add(value))) {
                    return; // aggregates ignore NULL arguments
                }
                aggregation.add(value);
            }

            @Override
            public Object result() {
                return aggregation.result();
            }
        };
    }

    private interface Aggregation {
        void add(Object value);

        Object result();
    }

    private Aggregation aggregation() {
        SqlType resultType = resultType();
        return switch (function) {
            case COUNT -> new Aggregation() {
                long count;

                public void add(Object value) {
                    count++;
                }

                public Object result() {
                    return count;
                }
            };
            case MIN, MAX -> new Aggregation() {
                final int sign = function == Function.MIN ? -1 : 1;
                Object best;

                public void add(Object value) {
                    if (best == null || Values.compare(value, best) * sign > 0) {
                        best = value;
                    }
                }

                public Object result() {
                    return best;
                }
            };
            case SUM, AVG -> new Aggregation() {
                long count;
                long wholeSum;
                double approximateSum;
                BigDecimal exactSum = BigDecimal.ZERO;

                public void add(Object value) {
                    count++;
                    if (value instanceof BigDecimal decimal) {
                        exactSum = exactSum.add(decimal);
                    } else if (value instanceof Double || value instanceof Float) {
                        approximateSum += ((Number) value).doubleValue();
                    } else {
                        wholeSum += ((Number) value).longValue();
                    }
                }

                public Object result() {
                    if (count == 0) {
                        return null;
                    }
                    Root root = argument.type().root();
                    if (root == Root.DECIMAL) {
                        return Values.fitDecimal(exactSum, resultType);
                    }
                    if (root == Root.DOUBLE || root == Root.FLOAT) {
                        double result = function == Function.SUM ? approximateSum : approximateSum / count;
                        return root == Root.FLOAT ? (Object) (float) result : (Object) result;
                    }
                    long result = function == Function.SUM ? wholeSum : wholeSum / count;
                    return Values.cast(result, SqlType.BIGINT, resultType, null);
                }
            };
        };
    }
}
