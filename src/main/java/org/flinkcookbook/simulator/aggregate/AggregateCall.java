package org.flinkcookbook.simulator.aggregate;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
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
 * see REDUCED_AVG for where the planner rewrites it); AVG of a DECIMAL is
 * LogicalTypeMerging#findAvgAggType, its DECIMAL(38, s) sum divided by the count as
 * DecimalAvgAggFunction does.
 *
 * @param function which aggregate
 * @param distinct whether duplicate argument values count once
 * @param argument the argument, or null for COUNT(*)
 * @param filter the condition of {@code FILTER (WHERE ...)}, or null: rows it does not hold for are
 *     not accumulated (Flink's planner gives the aggregate a filter argument)
 * @param separator LISTAGG's separator argument, or null (for LISTAGG: ',')
 * @param inBatch whether the call runs in batch mode, where a group's rows come in the order of Flink's sorts and
 *     partial aggregates, not the fixture's ({@link #inBatchOrder})
 */
public record AggregateCall(
        Function function,
        boolean distinct,
        Expression argument,
        Expression filter,
        Expression separator,
        boolean inBatch) {

    public AggregateCall(Function function, boolean distinct, Expression argument, Expression filter) {
        this(function, distinct, argument, filter, null, false);
    }

    public enum Function {
        COUNT,
        SUM,
        MIN,
        MAX,
        AVG,
        /**
         * SUM as the planner's $SUM0, a sum that starts from 0 (the sum of -0.0 alone is 0.0), NULL without
         * values (the rewrite's CASE WHEN COUNT(x) = 0 THEN NULL): every SUM in an OVER window
         * (SqlToRelConverter#convertOver), and a grouped SUM where AggregateReduceFunctionsRule#reduceSum
         * wins ({@code AggregateReduction}).
         */
        SUM0,
        /**
         * AVG the planner rewrote to SUM / COUNT (AvgVarianceConvertlet in an OVER window,
         * AggregateReduceFunctionsRule#reduceAvg in a grouped aggregation), so the sum keeps (and wraps in) the
         * argument's type and starts from 0.
         */
        REDUCED_AVG,
        /**
         * AVG that AggregateReduceFunctionsRule rewrote once, to SUM / COUNT, where that SUM stayed SumAggFunction
         * (starting from NULL: an average of -0.0 alone is -0.0), in the argument's type.
         */
        REDUCED_AVG_OF_SUM,
        /**
         * A SUM the planner may or may not have rewritten to $SUM0 (the simulator cannot tell, see
         * {@code AggregateReduction}): both results are computed, and where they differ (a FLOAT/DOUBLE sum
         * of -0.0) the statement is unsupported.
         */
        UNDECIDED_SUM,
        /** An AVG the planner may or may not have rewritten to SUM / COUNT, as UNDECIDED_SUM. */
        UNDECIDED_AVG,
        /**
         * MIN or MAX of FLOAT/DOUBLE in batch mode, where a group's rows come in the order of Flink's sorts and
         * merges, not the fixture's: a NaN meeting another value, or -0.0 meeting 0.0, keeps whichever came first,
         * so such a group is unsupported (fuzz seed 31, case 4986: Flink's MIN of 1.5, NaN, NaN was NaN).
         */
        MIN_IN_BATCH,
        /** MAX as MIN_IN_BATCH. */
        MAX_IN_BATCH,
        /**
         * The planner's $WELFORD_M2 (of STDDEV_POP, STDDEV_SAMP, VAR_POP, VAR_SAMP, which a Calc after the aggregation
         * computes from it and a COUNT): Flink's own WelfordM2AggFunction, see {@link RuntimeAggregates}.
         */
        WELFORD_M2,
        /** FIRST_VALUE: the first non-NULL value (FirstValueAggFunction). */
        FIRST_VALUE,
        /** LAST_VALUE: the last non-NULL value (LastValueAggFunction). */
        LAST_VALUE,
        /** LISTAGG(value[, separator]): the non-NULL values joined by the separator, ',' without one (ListAggFunction). */
        LISTAGG
    }

    /** FIRST_VALUE, LAST_VALUE, LISTAGG: results made of the rows in their arrival order. */
    private boolean ordered() {
        return function == Function.FIRST_VALUE || function == Function.LAST_VALUE || function == Function.LISTAGG;
    }

    /**
     * This call as the planner's AggregateReduceFunctionsRule rewrote it, and as every OVER aggregate is
     * computed (Calcite rewrites SUM and AVG there always): SUM to $SUM0, AVG to SUM / COUNT. An AVG of a
     * DECIMAL is the same either way: its sum is DECIMAL(38, s) and cannot wrap, and the quotient is cast
     * half-up to the AVG's type.
     */
    public AggregateCall reduced() {
        return switch (function) {
            case SUM -> with(Function.SUM0);
            case AVG -> argument.type().root() == Root.DECIMAL ? this : with(Function.REDUCED_AVG);
            default -> this;
        };
    }

    /** This call as the planner's AggregateReduceFunctionsRule rewrote it once: SUM to $SUM0, AVG to SUM / COUNT. */
    public AggregateCall reducedOnce() {
        return function == Function.AVG && argument.type().root() != Root.DECIMAL
                ? with(Function.REDUCED_AVG_OF_SUM)
                : reduced();
    }

    /**
     * This call in batch mode: MIN and MAX of FLOAT/DOUBLE refuse a group whose row order decides them, and a DECIMAL
     * sum refuses a group where it overflows (fuzz seed 59, case 11411: Flink's SUM of 9.99E35, -3.5, 6E35 in
     * DECIMAL(38, 2) was -3.50, the overflowed partial sum passed over, where the fixture's order gives NULL).
     */
    public AggregateCall inBatchOrder() {
        if (ordered()) {
            throw new UnsupportedConstructException(
                    null, function + " in batch mode, where the order of a group's rows is that of Flink's sorts");
        }
        AggregateCall batch = new AggregateCall(function, distinct, argument, filter, separator, true);
        if (argument == null || !argument.type().isApproximate()) {
            return batch;
        }
        return switch (function) {
            case MIN -> batch.with(Function.MIN_IN_BATCH);
            case MAX -> batch.with(Function.MAX_IN_BATCH);
            default -> batch;
        };
    }

    private boolean picks() {
        return function == Function.MIN
                || function == Function.MAX
                || function == Function.MIN_IN_BATCH
                || function == Function.MAX_IN_BATCH;
    }

    /** -1 for MIN, 1 for MAX: the sign of the order that replaces the value kept. */
    private int pickSign() {
        return function == Function.MIN || function == Function.MIN_IN_BATCH ? -1 : 1;
    }

    /** Whether which of two values MIN/MAX keeps depends on which came first: a NaN and a number, -0.0 and 0.0. */
    private static boolean orderDecides(Object value, Object kept) {
        double a = ((Number) value).doubleValue();
        double b = ((Number) kept).doubleValue();
        return Double.isNaN(a) != Double.isNaN(b)
                || (a == 0 && b == 0 && Double.doubleToRawLongBits(a) != Double.doubleToRawLongBits(b));
    }

    /** An AVG of an integer GROUP BY key as canReduceAggCallByGrouping rewrites it: the key, as MIN of its equal values. */
    public AggregateCall asGroupKey() {
        return with(Function.MIN);
    }

    /** This call where the simulator cannot tell whether the planner rewrote it (see UNDECIDED_SUM). */
    public AggregateCall undecided() {
        return switch (function) {
            case SUM -> with(Function.UNDECIDED_SUM);
            case AVG -> argument.type().root() == Root.DECIMAL ? this : with(Function.UNDECIDED_AVG);
            default -> this;
        };
    }

    private AggregateCall with(Function rewritten) {
        return new AggregateCall(rewritten, distinct, argument, filter, separator, inBatch);
    }

    /** Accumulates one group's, window's or slice's values. */
    public interface Accumulator {
        void add(Object[] row, EvaluationContext context);

        /** Adds in another accumulator of the same call, as Flink merges slice and pane accumulators. */
        void merge(Accumulator other);

        Object result();
    }

    private boolean sums() {
        return function == Function.SUM || function == Function.SUM0 || function == Function.UNDECIDED_SUM;
    }

    public SqlType resultType() {
        if (function == Function.COUNT) {
            return SqlType.BIGINT;
        }
        if (function == Function.WELFORD_M2) {
            return SqlType.DOUBLE;
        }
        if (function == Function.LISTAGG) {
            return SqlType.STRING;
        }
        SqlType type = argument.type();
        if (sums() && type.root() == Root.DECIMAL) {
            return SqlType.decimal(38, type.scale());
        }
        if (function == Function.AVG && type.root() == Root.DECIMAL) {
            return FlinkTypes.decimalAverage(type);
        }
        return type;
    }

    /**
     * Whether the result can depend on the order the rows are added in: a sum or average of FLOAT/DOUBLE
     * rounds in arrival order, and MIN/MAX of FLOAT/DOUBLE keep the first of -0.0 and 0.0 and of a NaN
     * and the values it ties with. COUNT, integer sums (wrapping is order-free), DECIMAL sums below 38
     * digits and MIN/MAX of other types (equal values are the same value) do not.
     */
    public boolean dependsOnArrivalOrder() {
        return ordered()
                || (function != Function.COUNT
                        && argument != null
                        && (argument.type().root() == Root.FLOAT
                                || argument.type().root() == Root.DOUBLE));
    }

    /** Whether the simulator models this function for its argument type. */
    public boolean supported() {
        if (function == Function.COUNT
                || picks()
                || function == Function.FIRST_VALUE
                || function == Function.LAST_VALUE) {
            return true;
        }
        SqlType type = argument.type();
        if (function == Function.LISTAGG) {
            return type.root() == Root.STRING
                    && (separator == null || separator.type().root() == Root.STRING);
        }
        return type.isNumeric();
    }

    public Accumulator newAccumulator() {
        return switch (function) {
            case WELFORD_M2, FIRST_VALUE, LAST_VALUE, LISTAGG -> RuntimeAggregates.accumulator(this);
            default -> new CallAccumulator();
        };
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
     * The state of every modelled function; sums are kept as Flink keeps them (long, float, double or
     * decimal) so that floating-point results add up in the same order.
     */
    private final class CallAccumulator implements Accumulator {
        private final Set<Object> seen = distinct ? new HashSet<>() : null;
        private long count;
        private long wholeSum;
        /**
         * Flink's SumAggFunction starts from NULL and takes the first value as it is, so the sum of -0.0
         * alone is -0.0: starting from -0.0 gives the same for every value (-0.0 + x is x). A sum that
         * starts from 0 ($SUM0, AvgAggFunction) is this one plus 0.0, which differs in the sign of a zero only.
         */
        private double doubleSum = -0.0;
        /** The same in float: SUM(FLOAT) and a rewritten AVG(FLOAT) add in float, AvgAggFunction in double. */
        private float floatSum = -0.0f;

        /**
         * SUM of DECIMAL as SumAggFunction.DecimalSumAggFunction keeps it in DECIMAL(38, s): NULL until the first
         * value, and NULL again when an addition overflows (aggDecimalPlus, DecimalDataUtils#add), after which the
         * next value starts it afresh ({@code IF(sum IS NULL, value, sum + value)}).
         */
        private BigDecimal decimalSum;
        /**
         * $SUM0 and AVG of DECIMAL (Sum0AggFunction, AvgAggFunction: {@code sum + value} from 0): NULL for good
         * once an addition overflowed.
         */
        private BigDecimal decimalSum0 = BigDecimal.ZERO;

        private Object best;
        /** Whether the value MIN/MAX kept depended on the order of two values it met (see orderDecides). */
        private boolean orderDecided;
        /** Whether a DECIMAL addition overflowed, which in batch mode the order of the group's rows decides. */
        private boolean decimalOverflowed;

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
                case MIN, MAX, MIN_IN_BATCH, MAX_IN_BATCH -> keep(value);
                case COUNT -> {}
                default -> {
                    if (value instanceof BigDecimal decimal) {
                        decimalSum = decimalPlus(decimalSum == null ? BigDecimal.ZERO : decimalSum, decimal);
                        decimalSum0 = decimalPlus(decimalSum0, decimal);
                    } else if (value instanceof Float single) {
                        floatSum += single;
                        doubleSum += single;
                    } else if (value instanceof Double number) {
                        doubleSum += number;
                    } else {
                        wholeSum += ((Number) value).longValue();
                    }
                }
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
            doubleSum += that.doubleSum;
            floatSum += that.floatSum;
            if (argument != null && argument.type().root() == Root.DECIMAL) {
                // SumAggFunction#mergeExpressions: a partial sum that is NULL (empty or overflowed) is passed over
                decimalSum = that.decimalSum == null
                        ? decimalSum
                        : decimalSum == null ? that.decimalSum : decimalPlus(decimalSum, that.decimalSum);
                decimalSum0 = decimalPlus(decimalSum0, that.decimalSum0);
            }
            orderDecided |= that.orderDecided;
            decimalOverflowed |= that.decimalOverflowed;
            if (that.best != null) {
                keep(that.best);
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
            if (inBatch && decimalOverflowed) {
                throw new UnsupportedConstructException(
                        null,
                        function + " of " + argument.type() + " in batch mode over a group whose DECIMAL(38, "
                                + argument.type().scale() + ") sum overflows: where it overflows depends on the"
                                + " order of Flink's batch sorts and partial aggregates");
            }
            if (picks()) {
                if (orderDecided && (function == Function.MIN_IN_BATCH || function == Function.MAX_IN_BATCH)) {
                    throw new UnsupportedConstructException(
                            null,
                            "MIN/MAX of " + argument.type() + " in batch mode over a group where a NaN or a signed"
                                    + " zero meets another value: the row order of Flink's batch operators decides it");
                }
                return best;
            }
            return switch (function) {
                case UNDECIDED_SUM -> same(result(Function.SUM), result(Function.SUM0), "a SUM", "$SUM0");
                case UNDECIDED_AVG ->
                    same(
                            same(result(Function.AVG), result(Function.REDUCED_AVG), "an AVG", "SUM / COUNT"),
                            result(Function.REDUCED_AVG_OF_SUM),
                            "an AVG",
                            "SUM / COUNT");
                default -> result(function);
            };
        }

        /** The one result both plans give, else unsupported. */
        /** MIN or MAX with another value: kept when it orders before (MIN) or after (MAX) the value kept so far. */
        private void keep(Object value) {
            if (best == null) {
                best = value;
                return;
            }
            if (argument.type().isApproximate() && orderDecides(value, best)) {
                orderDecided = true;
            }
            Integer order = Values.sqlCompare(value, best);
            if (order != null && order * pickSign() > 0) {
                best = value;
            }
        }

        private Object same(Object original, Object rewritten, String call, String rewrite) {
            if (!Objects.equals(original, rewritten)) {
                throw new UnsupportedConstructException(
                        null,
                        call + " that Flink's planner may rewrite to " + rewrite + " (" + original + " or " + rewritten
                                + "; AggregateReduceFunctionsRule, chosen by cost)");
            }
            return original;
        }

        private Object result(Function computed) {
            Root root = argument.type().root();
            if (root == Root.DECIMAL) {
                return switch (computed) {
                    case AVG -> decimalAverage();
                    case SUM -> decimalSum;
                    default -> decimalSum0;
                };
            }
            return switch (computed) {
                case SUM -> root == Root.FLOAT ? (Object) floatSum : root == Root.DOUBLE ? (Object) doubleSum : whole();
                case SUM0 ->
                    root == Root.FLOAT
                            ? (Object) (floatSum + 0.0f)
                            : root == Root.DOUBLE ? (Object) (doubleSum + 0.0) : whole();
                case AVG ->
                    root == Root.FLOAT
                            ? (Object) (float) ((doubleSum + 0.0) / count)
                            : root == Root.DOUBLE
                                    ? (Object) ((doubleSum + 0.0) / count)
                                    : Values.cast(wholeSum / count, SqlType.BIGINT, resultType(), null);
                case REDUCED_AVG_OF_SUM ->
                    root == Root.FLOAT
                            ? (Object) (floatSum / count)
                            : root == Root.DOUBLE ? (Object) (doubleSum / count) : reducedAverage(root);
                default -> reducedAverage(root);
            };
        }

        /** aggDecimalPlus: the sum in DECIMAL(38, s), NULL when it overflows or either side is NULL. */
        private BigDecimal decimalPlus(BigDecimal sum, BigDecimal value) {
            if (sum == null || value == null || argument == null) { // COUNT(*) keeps no sum
                return null;
            }
            BigDecimal fitted = Values.fitDecimal(
                    sum.add(value), SqlType.decimal(38, argument.type().scale()));
            decimalOverflowed |= fitted == null;
            return fitted;
        }

        /** The long sum wrapped in the argument's type, as Flink's SUM keeps it. */
        private Object whole() {
            return Values.cast(wholeSum, SqlType.BIGINT, resultType(), null);
        }

        /** SUM in the argument's type divided by COUNT, as the planner's rewrite computes AVG. */
        private Object reducedAverage(Root root) {
            if (root == Root.FLOAT) {
                return (floatSum + 0.0f) / count;
            }
            if (root == Root.DOUBLE) {
                return (doubleSum + 0.0) / count;
            }
            long sum = ((Number) whole()).longValue(); // an integer sum wraps first
            return Values.cast(sum / count, SqlType.BIGINT, resultType(), null);
        }

        /** DecimalAvgAggFunction: CAST(sum / count AS result type), the division typed as DECIMAL(38, s) / BIGINT. */
        private BigDecimal decimalAverage() {
            SqlType sumType = SqlType.decimal(38, argument.type().scale());
            BigDecimal sum = decimalSum0;
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
