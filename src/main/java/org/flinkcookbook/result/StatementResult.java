package org.flinkcookbook.result;

import java.util.List;

/**
 * The rows one statement produced: a query, one sink of an INSERT or statement set, a DESCRIBE or
 * SHOW.
 *
 * @param line Markdown line where the statement starts
 * @param label the statement's first words
 * @param sink the INSERT target as written, or null
 * @param columns column names
 * @param rows the rows, in the order they arrived
 * @param ordered true when the statement has a top-level ORDER BY, so row order is compared too
 * @param lateRowsDropped input rows Flink dropped as late in windowed operators; null without one
 * @param explanations which rows were dropped as late or passed watermark filters (simulator only)
 * @param seconds how long the statement took to run, its share where one job gave several results;
 *     0 when not measured (a result read from an expected file)
 */
public record StatementResult(
        int line,
        String label,
        String sink,
        List<String> columns,
        List<ResultRow> rows,
        boolean ordered,
        Long lateRowsDropped,
        RowExplanations explanations,
        double seconds) {

    public StatementResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        explanations = explanations == null ? RowExplanations.NONE : explanations;
    }

    /** The same result, with the simulator's account of which rows were dropped or filtered. */
    public StatementResult withExplanations(RowExplanations rowExplanations) {
        return new StatementResult(
                line, label, sink, columns, rows, ordered, lateRowsDropped, rowExplanations, seconds);
    }

    /** The same result, with the time it took. */
    public StatementResult withSeconds(double statementSeconds) {
        return new StatementResult(
                line, label, sink, columns, rows, ordered, lateRowsDropped, explanations, statementSeconds);
    }

    /** The same result with the same rows in another order (an unordered result's rows compare as a multiset). */
    public StatementResult withRows(List<ResultRow> sameRowsReordered) {
        return new StatementResult(
                line, label, sink, columns, sameRowsReordered, ordered, lateRowsDropped, explanations, seconds);
    }

    /** The same result of the same statement standing at another Markdown line. */
    public StatementResult atLine(int movedLine) {
        return new StatementResult(
                movedLine, label, sink, columns, rows, ordered, lateRowsDropped, explanations, seconds);
    }

    /**
     * The fixture rows dropped as late, in {@link FixtureLine#ORDER}: none without a windowed operator
     * or when none was late; null when rows were dropped and no engine said which (the simulator
     * explains a Flink result only where it computes it exactly as Flink did).
     */
    public List<FixtureLine> lateRowLines() {
        if (lateRowsDropped == null || lateRowsDropped == 0) {
            return List.of();
        }
        if (explanations.lateRows().size() != lateRowsDropped) {
            return null;
        }
        return explanations.lateRows().stream()
                .map(LateRow::origin)
                .sorted(FixtureLine.ORDER)
                .toList();
    }

    /** How results are matched between runs and expected files: the statement and its sink. */
    public String key() {
        return sink == null ? label : label + " -> " + sink;
    }
}
