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
 * (GroupAggHelper#processElement) at parallelism 1, without mini-batch or two-phase aggregation, feeding the collect sink, which takes UPDATE_BEFORE (its ChangelogMode is all kinds).
 * Each row, in arrival order, updates its group's accumulators; the group's first row emits
 * {@code +I[keys..., aggregates...]}; a later row emits {@code -U} of the result before it and
 * {@code +U} of the result after it, unless the results of the plan's calls all equal the previous
 * ones (and state TTL is off: with it, Flink emits the update anyway), as the generated RecordEqualiser compares a GenericRowData (EqualiserCodeGenerator): FLOAT and
 * DOUBLE with Java's {@code ==} (NaN
 * never equals itself, -0.0 equals 0.0), the other types by value. An append-only input never
 * retracts, so the record count never falls to 0 and no row is deleted (RecordCounter).
 */
public final class GroupAggregation implements RowSink {

    private final Expression[] keys;
    private final List<AggregateCall> aggregates;
    private final Function<Object[], List<Object>> firingTag;
    private final RowSink downstream;
    private final EvaluationContext context;
    /** Whether the state has a time-to-live: then an update is emitted even when the results stay the same. */
    private final boolean stateCleaning;

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
     * @param aggregates the plan's calls, each computed and compared for updates
     * @param firingTag for rows of a session window TVF or a window aggregation upstream, their window's
     *     timer time and partition or grouping key: rows of windows of different keys with one timer time
     *     reach this operator in the order of Flink's timer heap, which is not modelled, so a group that
     *     gets both in one firing is unsupported; null for other inputs
     * @param stateCleaning whether the plan gives the state a time-to-live that cannot expire within a run
     */
    public GroupAggregation(
            List<Expression> keys,
            List<AggregateCall> aggregates,
            Function<Object[], List<Object>> firingTag,
            RowSink downstream,
            ZoneId sessionZone,
            boolean stateCleaning) {
        this.stateCleaning = stateCleaning;
        this.keys = keys.toArray(new Expression[0]);
        this.aggregates = List.copyOf(aggregates);
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
        List<Object> valuesBefore = aggregateValues(group);
        accumulate(group, values);
        if (!stateCleaning && equal(valuesBefore, aggregateValues(group))) {
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
                    "a regular aggregation group fed by windows or sessions of different keys that fire at the same"
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

    /** Per call, its result: what the operator compares to decide whether a row changed the group's. */
    private static List<Object> aggregateValues(Group group) {
        List<Object> values = new ArrayList<>(group.accumulators.length);
        for (Accumulator accumulator : group.accumulators) {
            values.add(accumulator.result());
        }
        return values;
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
