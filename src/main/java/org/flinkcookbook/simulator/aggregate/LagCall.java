package org.flinkcookbook.simulator.aggregate;

import java.util.ArrayDeque;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * LAG(value [, offset [, default]]) in an OVER aggregation, as Flink's LagAggFunction keeps it: the
 * last offset + 1 values accumulated, NULLs included; the result is the oldest of them, or the
 * default while fewer have been seen.
 */
public record LagCall(Expression argument, int offset, Expression defaultValue) {

    public Accumulator newAccumulator() {
        return new Accumulator() {
            private final ArrayDeque<Object[]> buffer = new ArrayDeque<>();
            private Object fallback;

            @Override
            public void add(Object[] row, EvaluationContext context) {
                buffer.addLast(new Object[] {argument.evaluate(row, context)});
                if (buffer.size() > offset + 1) {
                    buffer.removeFirst();
                }
                fallback = defaultValue == null ? null : defaultValue.evaluate(row, context);
            }

            @Override
            public void merge(Accumulator other) {
                throw new UnsupportedOperationException("LAG is only computed over a whole partition");
            }

            @Override
            public Object result() {
                return buffer.size() < offset + 1 ? fallback : buffer.peekFirst()[0];
            }
        };
    }
}
