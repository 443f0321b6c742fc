package org.flinkcookbook.simulator.stream;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * A GROUP BY without a window in streaming mode over an insert-only input: Flink's GroupAggFunction
 * (GroupAggHelper#processElement) at parallelism 1, without mini-batch, state TTL or two-phase
 * aggregation, feeding the collect sink, which takes UPDATE_BEFORE (its ChangelogMode is all kinds).
 * Each row, in arrival order, updates its group's accumulators; the group's first row emits
 * {@code +I[keys..., aggregates...]}; a later row emits {@code -U} of the result before it and
 * {@code +U} of the result after it, unless the values the aggregate operator keeps for its calls
 * ({@link AggregateCall#aggregateValues}) all equal the previous ones, as the generated RecordEqualiser
 * compares a GenericRowData (EqualiserCodeGenerator): FLOAT and DOUBLE with Java's {@code ==} (NaN
 * never equals itself, -0.0 equals 0.0), the other types by value. An append-only input never
 * retracts, so the record count never falls to 0 and no row is deleted (RecordCounter).
 */
public final class GroupAggregation implements RowSink {

    private final Expression[] keys;
    private final List<AggregateCall> aggregates;
    private final Boolean[] counted;
    private final boolean[] compared;
    private final Function<Object[], List<Object>> firingTag;
    private final RowSink downstream;
    private final EvaluationContext context;
    private final Map<List<Object>, Group> groups = new HashMap<>();
    /** Watermarks received: the rows a window operator upstream emits on one watermark share an epoch. */
    private long epoch;

    private static final class Group {
        final Accumulator[] accumulators;
        long lastEpoch = -1;
        List<Object> lastTag;

        Group(Accumulator[] accumulators) {
            this.accumulators = accumulators;
        }
    }

    /**
     * @param counted per call, whether the planner keeps a count beside it, rewritten into a sum (see
     *     AggregateCall#aggregateValues); null where the simulator cannot tell (a SUM whose argument's
     *     nullability it does not derive), in which case a difference in the outcome is unsupported
     * @param compared per call, whether the aggregate operator computes it (false for MIN, MAX or AVG
     *     of a GROUP BY key that AggregateReduceFunctionsRule turned into the key)
     * @param firingTag for rows of a session window TVF upstream, their session's timer time and
     *     partition key: rows of sessions of different keys with one timer time reach this operator in
     *     the order of Flink's timer heap, which is not modelled, so a group that gets both in one
     *     firing is unsupported; null for other inputs
     */
    public GroupAggregation(
            List<Expression> keys,
            List<AggregateCall> aggregates,
            Boolean[] counted,
            boolean[] compared,
            Function<Object[], List<Object>> firingTag,
            RowSink downstream,
            ZoneId sessionZone) {
        this.keys = keys.toArray(new Expression[0]);
        this.aggregates = List.copyOf(aggregates);
        this.counted = counted.clone();
        this.compared = compared.clone();
        this.firingTag = firingTag;
        this.downstream = downstream;
        this.context = EvaluationContext.withoutWatermark(sessionZone);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        List<Object> key = GroupKey.of(keys, values, context);
        Group group = groups.get(key);
        if (group == null) {
            group = new Group(AggregateCall.newAccumulators(aggregates));
            groups.put(key, group);
            checkFiringOrder(group, values);
            accumulate(group, values);
            downstream.row(output(key, group), fixtureLine);
            return;
        }
        checkFiringOrder(group, values);
        Object[] before = output(key, group);
        List<List<Object>> valuesBefore = aggregateValues(group);
        accumulate(group, values);
        if (!changed(valuesBefore, aggregateValues(group))) {
            return; // GroupAggHelper: "newRow is the same as before and state cleaning is not enabled"
        }
        downstream.change(RowKind.UPDATE_BEFORE, before, fixtureLine);
        downstream.change(RowKind.UPDATE_AFTER, output(key, group), fixtureLine);
    }

    /** The end of the bounded input: every change is emitted already, as each row's came with it. */
    @Override
    public void endOfInput() {
        downstream.endOfInput();
    }

    private void checkFiringOrder(Group group, Object[] values) {
        if (firingTag == null) {
            return;
        }
        List<Object> tag = firingTag.apply(values);
        if (group.lastEpoch == epoch
                && Objects.equals(group.lastTag.get(0), tag.get(0))
                && !group.lastTag.equals(tag)) {
            throw new UnsupportedConstructException(
                    null,
                    "a regular aggregation group fed by sessions of different PARTITION BY keys that fire at the same"
                            + " time (Flink's timer heap orders them)");
        }
        group.lastEpoch = epoch;
        group.lastTag = tag;
    }

    private void accumulate(Group group, Object[] values) {
        for (Accumulator accumulator : group.accumulators) {
            accumulator.add(values, context);
        }
    }

    private Object[] output(List<Object> key, Group group) {
        Object[] row = new Object[key.size() + aggregates.size()];
        int column = 0;
        for (Object value : key) {
            row[column++] = value;
        }
        for (Accumulator accumulator : group.accumulators) {
            row[column++] = accumulator.result();
        }
        return row;
    }

    /** Per call, the values compared, with and without the count of a $SUM0 whose nullability is unknown. */
    private List<List<Object>> aggregateValues(Group group) {
        List<List<Object>> values = new ArrayList<>();
        for (int i = 0; i < aggregates.size(); i++) {
            if (!compared[i]) {
                continue;
            }
            Accumulator accumulator = group.accumulators[i];
            if (counted[i] == null) {
                values.add(AggregateCall.aggregateValues(accumulator, false));
                values.add(AggregateCall.aggregateValues(accumulator, true));
            } else {
                values.add(AggregateCall.aggregateValues(accumulator, counted[i]));
            }
        }
        return values;
    }

    private boolean changed(List<List<Object>> before, List<List<Object>> after) {
        boolean withCount = false;
        boolean withoutCount = false;
        int index = 0;
        for (int i = 0; i < aggregates.size(); i++) {
            if (!compared[i]) {
                continue;
            }
            if (counted[i] == null) {
                withoutCount |= !equal(before.get(index), after.get(index));
                withCount |= !equal(before.get(index + 1), after.get(index + 1));
                index += 2;
            } else {
                boolean differs = !equal(before.get(index), after.get(index));
                withCount |= differs;
                withoutCount |= differs;
                index++;
            }
        }
        if (withCount != withoutCount) {
            throw new UnsupportedConstructException(
                    null,
                    "a regular aggregation whose SUM may or may not be kept with a COUNT by Flink's planner (the"
                            + " nullability of its argument is not derived), which decides whether an update is emitted");
        }
        return withCount;
    }

    /** EqualiserCodeGenerator: primitive FLOAT/DOUBLE fields with {@code ==}, the others by value. */
    private static boolean equal(List<Object> before, List<Object> after) {
        for (int i = 0; i < before.size(); i++) {
            Object x = before.get(i);
            Object y = after.get(i);
            if (x == null || y == null) {
                if (x != y) {
                    return false;
                }
            } else if (x instanceof Double || x instanceof Float) {
                if (((Number) x).doubleValue() != ((Number) y).doubleValue()) {
                    return false;
                }
            } else if (x instanceof BigDecimal decimal) {
                if (decimal.compareTo((BigDecimal) y) != 0) { // DecimalData#equals compares values
                    return false;
                }
            } else if (!x.equals(y)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void watermark(long watermark) {
        epoch++;
        downstream.watermark(watermark);
    }

    @Override
    public void possibleWatermark(long watermark) {
        downstream.possibleWatermark(watermark);
    }
}
