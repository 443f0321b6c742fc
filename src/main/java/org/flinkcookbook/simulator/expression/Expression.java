package org.flinkcookbook.simulator.expression;

import org.flinkcookbook.simulator.types.SqlType;

/**
 * A compiled scalar expression.
 *
 * @param type the result type
 * @param evaluator computes the value for a row
 * @param readsWatermark true when CURRENT_WATERMARK is evaluated inside, so a filter can explain itself
 */
public record Expression(SqlType type, Evaluator evaluator, boolean readsWatermark) {

    @FunctionalInterface
    public interface Evaluator {
        Object evaluate(Object[] row, EvaluationContext context);
    }

    public static Expression column(int index, SqlType type) {
        return new Expression(type, (row, context) -> row[index], false);
    }

    public static Expression constant(Object value, SqlType type) {
        return new Expression(type, (row, context) -> value, false);
    }

    public Object evaluate(Object[] row, EvaluationContext context) {
        return evaluator.evaluate(row, context);
    }

    /** SQL WHERE semantics: only TRUE keeps a row; NULL does not. */
    public boolean isTrue(Object[] row, EvaluationContext context) {
        return Boolean.TRUE.equals(evaluator.evaluate(row, context));
    }
}
