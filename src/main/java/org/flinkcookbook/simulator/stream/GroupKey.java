package org.flinkcookbook.simulator.stream;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/** The key a keyed operator groups or partitions a row by. */
final class GroupKey {

    private GroupKey() {}

    /** The values of the key expressions for the row, in order; a list, as keys may be NULL. */
    static List<Object> of(Expression[] keys, Object[] values, EvaluationContext context) {
        List<Object> key = new ArrayList<>(keys.length);
        for (Expression expression : keys) {
            key.add(expression.evaluate(values, context));
        }
        return key;
    }
}
