package org.flinkcookbook.simulator.stream.join;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * What Flink's planner decided about a join (its JoinSpec): the join type, the equality keys of each
 * side, whether a NULL key matches nothing (filterNulls: {@code =}) or another NULL ({@code IS NOT
 * DISTINCT FROM}), and the rest of the condition over the joined row.
 *
 * @param type the join type
 * @param leftKeys the left input's key columns
 * @param rightKeys the right input's key columns, in the order of the left ones
 * @param filterNulls per key, whether a NULL in it matches nothing
 * @param condition the non-equi condition over [left columns..., right columns...], or null
 * @param leftWidth the number of the left input's columns
 * @param rightWidth the number of the right input's columns
 */
public record JoinSpec(
        Type type,
        int[] leftKeys,
        int[] rightKeys,
        boolean[] filterNulls,
        Expression condition,
        int leftWidth,
        int rightWidth) {

    /** FlinkJoinType: the rows a type emits. */
    public enum Type {
        INNER,
        LEFT,
        RIGHT,
        FULL,
        SEMI,
        ANTI;

        boolean leftOuter() {
            return this == LEFT || this == FULL;
        }

        boolean rightOuter() {
            return this == RIGHT || this == FULL;
        }

        /** SEMI and ANTI emit the left row alone. */
        boolean leftRowOnly() {
            return this == SEMI || this == ANTI;
        }
    }

    /**
     * The key Flink's keyed state holds the row under (a BinaryRowData of the key columns, so a DOUBLE
     * -0.0 is another key than 0.0, as {@code Double#equals} tells them apart), or null when a key
     * whose NULL matches nothing is NULL.
     */
    List<Object> key(Object[] row, boolean left) {
        int[] columns = left ? leftKeys : rightKeys;
        List<Object> key = new ArrayList<>(columns.length);
        for (int i = 0; i < columns.length; i++) {
            Object value = row[columns[i]];
            if (value == null && filterNulls[i]) {
                return null;
            }
            key.add(value);
        }
        return key;
    }

    /** The joined row [left..., right...]; a NULL side is padded with NULLs (OuterJoinPaddingUtil). */
    Object[] joined(Object[] left, Object[] right) {
        Object[] row = new Object[leftWidth + rightWidth];
        if (left != null) {
            System.arraycopy(left, 0, row, 0, leftWidth);
        }
        if (right != null) {
            System.arraycopy(right, 0, row, leftWidth, rightWidth);
        }
        return row;
    }

    /** Whether the non-equi condition holds for two rows of one key (NULL does not). */
    boolean matches(Object[] left, Object[] right, EvaluationContext context) {
        return condition == null || condition.isTrue(joined(left, right), context);
    }
}
