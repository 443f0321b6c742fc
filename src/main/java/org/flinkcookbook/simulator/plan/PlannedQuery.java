package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.stream.RowCollector;

/**
 * A top-level query: its relation plus a batch-mode ORDER BY / LIMIT applied to the final rows.
 *
 * @param relation the query's rows
 * @param order the ORDER BY, or null
 * @param limit the LIMIT, or -1
 */
public record PlannedQuery(Relation relation, Comparator<Object[]> order, long limit) {

    public List<Column> columns() {
        return relation.columns();
    }

    public boolean ordered() {
        return order != null;
    }

    /** Streams the input through the plan and returns the result rows with their kinds. */
    public List<RowCollector.Change> run() {
        RowCollector collector = new RowCollector();
        relation.producer().run(collector);
        List<RowCollector.Change> rows = new ArrayList<>(collector.rows());
        if (order != null) {
            rows.sort(Comparator.comparing(RowCollector.Change::values, order));
        }
        return limit >= 0 && rows.size() > limit ? rows.subList(0, (int) limit) : rows;
    }
}
