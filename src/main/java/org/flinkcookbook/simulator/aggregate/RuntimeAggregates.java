package org.flinkcookbook.simulator.aggregate;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.runtime.functions.aggregate.WelfordM2AggFunction;
import org.apache.flink.table.runtime.functions.aggregate.WelfordM2AggFunction.WelfordM2Accumulator;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Function;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;

/**
 * The aggregate functions Flink's runtime implements as classes rather than as the planner's expressions: $WELFORD_M2
 * is Flink's own WelfordM2AggFunction, called as its generated aggregate handler calls it (accumulate with the
 * argument's internal value, merge of slices, getValue: NULL without rows); FIRST_VALUE, LAST_VALUE and LISTAGG keep
 * the first non-NULL value, the last one, and the non-NULL values joined by the separator (FirstValueAggFunction,
 * LastValueAggFunction, ListAggFunction), in the order rows arrive. Their merge depends on the order of the slices or
 * panes, which the simulator does not take from Flink, so a window that merges them is unsupported.
 */
final class RuntimeAggregates {

    private RuntimeAggregates() {}

    static Accumulator accumulator(AggregateCall call) {
        return call.function() == Function.WELFORD_M2 ? new WelfordM2(call) : new Ordered(call);
    }

    /** The rows a call accumulates: its filter holds, its argument is not NULL, and, DISTINCT, not seen before. */
    private abstract static class Filtered implements Accumulator {
        final AggregateCall call;
        private final Set<Object> seen;

        Filtered(AggregateCall call) {
            this.call = call;
            this.seen = call.distinct() ? new HashSet<>() : null;
        }

        @Override
        public void add(Object[] row, EvaluationContext context) {
            if (call.filter() != null && !call.filter().isTrue(row, context)) {
                return;
            }
            Object value = call.argument().evaluate(row, context);
            if (value != null && (seen == null || seen.add(value))) {
                addValue(value, row, context);
            }
        }

        abstract void addValue(Object value, Object[] row, EvaluationContext context);
    }

    private static final class WelfordM2 extends Filtered {
        private final WelfordM2AggFunction function;
        private final WelfordM2Accumulator state;
        private final SqlType type;

        WelfordM2(AggregateCall call) {
            super(call);
            type = call.argument().type();
            function = type.root() == Root.DECIMAL
                    ? new WelfordM2AggFunction.DecimalFunction(FlinkTypes.logical(type))
                    : new WelfordM2AggFunction.NumberFunction(FlinkTypes.logical(type));
            state = function.createAccumulator();
        }

        @Override
        void addValue(Object value, Object[] row, EvaluationContext context) {
            function.accumulate(
                    state,
                    value instanceof BigDecimal decimal
                            ? DecimalData.fromBigDecimal(decimal, type.precision(), type.scale())
                            : value);
        }

        @Override
        public void merge(Accumulator other) {
            function.merge(state, List.of(((WelfordM2) other).state));
        }

        @Override
        public Object result() {
            return function.getValue(state);
        }
    }

    private static final class Ordered extends Filtered {
        private Object kept;

        Ordered(AggregateCall call) {
            super(call);
        }

        @Override
        void addValue(Object value, Object[] row, EvaluationContext context) {
            switch (call.function()) {
                case FIRST_VALUE -> kept = kept == null ? value : kept;
                case LAST_VALUE -> kept = value;
                default -> {
                    Object separator =
                            call.separator() == null ? "," : call.separator().evaluate(row, context);
                    if (separator == null) {
                        throw new UnsupportedConstructException(null, "LISTAGG with a NULL separator");
                    }
                    kept = kept == null ? value : kept + (String) separator + value;
                }
            }
        }

        @Override
        public void merge(Accumulator other) {
            throw new UnsupportedConstructException(
                    null,
                    call.function()
                            + " in a window that merges slices or sessions: the order they merge in is Flink's");
        }

        @Override
        public Object result() {
            return kept;
        }
    }
}
