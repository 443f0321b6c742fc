package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * A GROUP BY without windows in batch mode: one row per group at the end of input, rows
 * [group keys..., aggregates...]. Without GROUP BY it emits exactly one row, even for no input.
 */
public final class BatchAggregation implements RowSink {

    private final Expression[] keys;
    private final List<AggregateCall> aggregates;
    private final RowSink downstream;
    private final EvaluationContext context;
    private final Map<List<Object>, Accumulator[]> groups = new LinkedHashMap<>();

    public BatchAggregation(
            List<Expression> keys, List<AggregateCall> aggregates, RowSink downstream, ZoneId sessionZone) {
        this.keys = keys.toArray(new Expression[0]);
        this.aggregates = List.copyOf(aggregates);
        this.downstream = downstream;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
        if (keys.isEmpty()) {
            groups.put(List.of(), newAccumulators());
        }
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        for (Accumulator accumulator :
                groups.computeIfAbsent(GroupKey.of(keys, values, context), k -> newAccumulators())) {
            accumulator.add(values, context);
        }
    }

    private Accumulator[] newAccumulators() {
        return AggregateCall.newAccumulators(aggregates);
    }

    @Override
    public void watermark(long watermark) {}

    @Override
    public void possibleWatermark(long watermark) {}

    @Override
    public void endOfInput() {
        for (Map.Entry<List<Object>, Accumulator[]> group : groups.entrySet()) {
            Object[] row = new Object[keys.length + aggregates.size()];
            int column = 0;
            for (Object key : group.getKey()) {
                row[column++] = key;
            }
            for (Accumulator accumulator : group.getValue()) {
                row[column++] = accumulator.result();
            }
            downstream.row(row, 0);
        }
        downstream.endOfInput();
    }
}
