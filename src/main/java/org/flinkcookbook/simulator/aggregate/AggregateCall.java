package org.flinkcookbook.simulator.aggregate;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.DecimalDataUtils;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Values;

/**
 * One aggregate function call of a query, with Flink's result types: COUNT gives BIGINT; SUM, MIN,
 * MAX keep the argument type (SUM of DECIMAL(p, s) gives DECIMAL(38, s)); AVG of an integer type
 * keeps that type and truncates (Flink's IntegralAvgAggFunction divides the long sum by the count;
 * see OVER_AVG for where the planner rewrites it); AVG of a DECIMAL is
 * LogicalTypeMerging#findAvgAggType, its DECIMAL(38, s) sum divided by the count as
 * DecimalAvgAggFunction does.
 *
 * @param function which aggregate
 * @param distinct whether duplicate argument values count once
 * @param argument the argument, or null for COUNT(*)
 * @param filter the condition of {@code FILTER (WHERE ...)}, or null: rows it does not hold for are
 *     not accumulated (Flink's planner gives the aggregate a filter argument)
 */
public record AggregateCall(Function function, boolean distinct, Expression argument, Expression filter) {

    public enum Function {
        COUNT,
        SUM,
        MIN,
        MAX,
        AVG,
        /**
         * SUM in an OVER window: Calcite's SqlToRelConverter#convertOver rewrites it to CASE WHEN
         * COUNT OVER > 0 THEN $SUM0 OVER, a sum that starts from 0 (the sum of -0.0 alone is 0.0).
         */
        OVER_SUM,
        /**
         * AVG the planner rewrites to SUM / COUNT in an OVER window (Calcite's AvgVarianceConvertlet),
         * so the sum keeps (and wraps in) the argument's type and starts from 0.
         */
        OVER_AVG,
        /**
         * AVG in a window TVF aggregation. Measured: on a CUMULATE, AVG of TINYINT 1 and 127 is -64
         * (the sum wraps in the argument's type, as OVER_AVG); on a HOP of 4 s by 2 s and a TUMBLE with
         * an offset, the AVG of 2, 3 and 127 is 44 (the long sum, as AVG). Where the two differ, which
         * one Flink's plan computes is not modelled: unsupported.
         */
        WINDOW_AVG
    }

    /**
     * This AVG as a window TVF aggregation computes it (WINDOW_AVG); other calls as they are. An AVG of
     * a DECIMAL is the same either way: its sum is DECIMAL(38, s) and cannot wrap.
     */
    public AggregateCall reducedAverage() {
        return function == Function.AVG && argument.type().root() != Root.DECIMAL
                ? new AggregateCall(Function.WINDOW_AVG, distinct, argument, filter)
                : this;
    }

    /** This call as an OVER aggregate computes it. */
    public AggregateCall inOverWindow() {
        return switch (function) {
            case SUM -> new AggregateCall(Function.OVER_SUM, distinct, argument, filter);
            case AVG -> new AggregateCall(Function.OVER_AVG, distinct, argument, filter);
            default -> this;
        };
    }

    /** Accumulates one group's, window's or slice's values. */
    public interface Accumulator {
        void add(Object[] row, EvaluationContext context);

        /** Adds in another accumulator of the same call, as Flink merges slice and pane accumulators. */
        void merge(Accumulator other);

        Object result();
    }

    public SqlType resultType() {
        if (function == Function.COUNT) {
            return SqlType.BIGINT;
        }
        SqlType type = argument.type();
        if ((function == Function.SUM || function == Function.OVER_SUM) && type.root() == Root.DECIMAL) {
            return SqlType.decimal(38, type.scale());
        }
        if ((function == Function.AVG || function == Function.OVER_AVG) && type.root() == Root.DECIMAL) {
            // an AVG OVER of a DECIMAL is CAST(SUM / COUNT AS the AVG's type): the same quotient, half-up
            return FlinkTypes.decimalAverage(type);
        }
        return type;
    }

    /** Whether the simulator models this function for its argument type. */
    public boolean supported() {
        if (function == Function.COUNT || function == Function.MIN || function == Function.MAX) {
            return true;
        }
        SqlType type = argument.type();
        return type.isNumeric();
    }

    public Accumulator newAccumulator() {
        return new CallAccumulator();
    }

    /** Fresh accumulators for each call, in order. */
    public static Accumulator[] newAccumulators(List<AggregateCall> calls) {
        Accumulator[] accumulators = new Accumulator[calls.size()];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = calls.get(i).newAccumulator();
        }
        return accumulators;
    }

    /**
     * The state of every modelled function; sums are kept as Flink keeps them (long, double or
     * decimal) so that floating-point results add up in the same order.
     */
    private final class CallAccumulator implements Accumulator {
        private final Set<Object> seen = distinct ? new HashSet<>() : null;
        private long count;
        private long wholeSum;
        /**
         * Flink's SumAggFunction starts from NULL and takes the first value as it is, so the sum of
         * -0.0 alone is -0.0: starting from -0.0 gives the same for every value (-0.0 + x is x).
         * AvgAggFunction starts from 0, so a (non-OVER) average of -0.0 is 0.0.
         */
        private double approximateSum = function == Function.SUM ? -0.0 : 0.0;

        private BigDecimal exactSum = BigDecimal.ZERO;
        private Object best;

        @Override
        public void add(Object[] row, EvaluationContext context) {
            if (filter != null && !filter.isTrue(row, context)) {
                return;
            }
            Object value = argument == null ? Boolean.TRUE : argument.evaluate(row, context);
            if (value != null && (seen == null || seen.add(value))) {
                addValue(value); // aggregates ignore NULL arguments
            }
        }

        private void addValue(Object value) {
            count++;
            switch (function) {
                case MIN, MAX -> {
                    int sign = function == Function.MIN ? -1 : 1;
                    Integer order = best == null ? null : Values.sqlCompare(value, best);
                    if (best == null || (order != null && order * sign > 0)) {
                        best = value;
                    }
                }
                case SUM, OVER_SUM, AVG, OVER_AVG, WINDOW_AVG -> {
                    if (value instanceof BigDecimal decimal) {
                        exactSum = exactSum.add(decimal);
                    } else if (value instanceof Float single && function != Function.AVG) {
                        approximateSum = (float) approximateSum + single; // SUM(FLOAT) adds in float
                    } else if (value instanceof Double || value instanceof Float) {
                        approximateSum += ((Number) value).doubleValue();
                    } else {
                        wholeSum += ((Number) value).longValue();
                    }
                }
                default -> {}
            }
        }

        @Override
        public void merge(Accumulator other) {
            CallAccumulator that = (CallAccumulator) other;
            if (seen != null) {
                for (Object value : that.seen) {
                    if (seen.add(value)) {
                        addValue(value);
                    }
                }
                return;
            }
            count += that.count;
            wholeSum += that.wholeSum;
            approximateSum = argument != null && argument.type().root() == Root.FLOAT && function != Function.AVG
                    ? (float) approximateSum + (float) that.approximateSum
                    : approximateSum + that.approximateSum;
            exactSum = exactSum.add(that.exactSum);
            if (that.best != null) {
                int sign = function == Function.MIN ? -1 : 1;
                Integer order = best == null ? null : Values.sqlCompare(that.best, best);
                if (best == null || (order != null && order * sign > 0)) {
                    best = that.best;
                }
            }
        }

        @Override
        public Object result() {
            if (function == Function.COUNT) {
                return count;
            }
            if (count == 0) {
                return null;
            }
            if (function == Function.MIN || function == Function.MAX) {
                return best;
            }
            Root root = argument.type().root();
            if (root == Root.DECIMAL && (function == Function.SUM || function == Function.OVER_SUM)) {
                return Values.fitDecimal(exactSum, resultType());
            }
            if (root == Root.DECIMAL) {
                return decimalAverage();
            }
            if (function == Function.WINDOW_AVG && root != Root.FLOAT && root != Root.DOUBLE) {
                Object wrapped = reducedAverage(root);
                Object whole = sumOrAverage(root);
                if (!wrapped.equals(whole)) {
                    throw new UnsupportedConstructException(
                            null,
                            "an AVG in a window TVF aggregation whose sum overflows its argument's type (" + wrapped
                                    + " or " + whole + ": Flink wraps the sum in some window plans, not in others)");
                }
                return whole;
            }
            if (function == Function.OVER_AVG || function == Function.WINDOW_AVG) {
                return reducedAverage(root);
            }
            return sumOrAverage(root);
        }

        /** SUM in the argument's type divided by COUNT, as the planner's rewrite computes AVG. */
        private Object reducedAverage(Root root) {
            if (root == Root.FLOAT) {
                return (float) approximateSum / count;
            }
            if (root == Root.DOUBLE) {
                return approximateSum / count;
            }
            // an integer sum wraps first
            long sum = ((Number) Values.cast(wholeSum, SqlType.BIGINT, resultType(), null)).longValue();
            return Values.cast(sum / count, SqlType.BIGINT, resultType(), null);
        }

        /** SUM, or AVG as its own aggregate function computes it: from a long or double sum, cast to the result type last. */
        private Object sumOrAverage(Root root) {
            if (root == Root.DOUBLE || root == Root.FLOAT) {
                double result = function == Function.SUM || function == Function.OVER_SUM
                        ? approximateSum
                        : approximateSum / count;
                return root == Root.FLOAT ? (Object) (float) result : (Object) result;
            }
            long result = function == Function.SUM || function == Function.OVER_SUM ? wholeSum : wholeSum / count;
            return Values.cast(result, SqlType.BIGINT, resultType(), null);
        }

        /** DecimalAvgAggFunction: CAST(sum / count AS result type), the division typed as DECIMAL(38, s) / BIGINT. */
        private BigDecimal decimalAverage() {
            SqlType sumType = SqlType.decimal(38, argument.type().scale());
            BigDecimal sum = Values.fitDecimal(exactSum, sumType);
            if (sum == null) {
                return null;
            }
            SqlType countType = FlinkTypes.asDecimal(SqlType.BIGINT);
            SqlType quotientType = FlinkTypes.decimalArithmetic('/', sumType, countType);
            DecimalData quotient = DecimalDataUtils.divide(
                    DecimalData.fromBigDecimal(sum, sumType.precision(), sumType.scale()),
                    DecimalData.fromBigDecimal(BigDecimal.valueOf(count), countType.precision(), countType.scale()),
                    quotientType.precision(),
                    quotientType.scale());
            SqlType type = resultType();
            return quotient == null
                    ? null
                    : DecimalDataUtils.castToDecimal(quotient, type.precision(), type.scale())
                            .toBigDecimal();
        }
    }
}
