package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import java.util.List;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;

/**
 * Flink's Expand operator (ExpandCodeGenerator): each row goes on once per projection of the plan,
 * in the plan's order, projected by it. The planner puts it below the aggregations of DISTINCT
 * aggregates and grouping sets; its projections are column references and literals.
 */
public final class Expand extends ForwardingRowSink {

    private final Expression[][] projections;
    private final EvaluationContext context;

    public Expand(List<List<Expression>> projections, RowSink downstream, ZoneId sessionZone) {
        super(downstream);
        this.projections = projections.stream()
                .map(projection -> projection.toArray(new Expression[0]))
                .toArray(Expression[][]::new);
        this.context = EvaluationContext.withoutWatermark(sessionZone);
    }

    @Override
    public void row(Object[] values, int fixtureLine) {
        for (Expression[] projection : projections) {
            Object[] row = new Object[projection.length];
            for (int i = 0; i < row.length; i++) {
                row[i] = projection[i].evaluate(values, context);
            }
            downstream.row(row, fixtureLine);
        }
    }
}
