package org.flinkcookbook.session;

import org.apache.calcite.sql.SqlNode;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.flinkcookbook.sql.Statement;

/**
 * A statement of a recipe session, parsed once: what the recipe wrote, the SQL an engine runs
 * ({@code ${fixtures}} expanded), and Flink's parse tree of that SQL.
 *
 * @param statement the statement as written, with its Markdown line
 * @param sql the text with {@code ${fixtures}} replaced by the fixtures directory's URI
 * @param tree Flink's parse tree of {@code sql}
 */
public record ParsedStatement(Statement statement, String sql, SqlNode tree) {

    public int line() {
        return statement.line();
    }

    public String firstWords() {
        return statement.firstWords();
    }

    /** True for an INSERT, also when written {@code EXECUTE INSERT ...}. */
    public boolean isInsert() {
        return unwrapped() instanceof RichSqlInsert;
    }

    /** The INSERT this statement is ({@code EXECUTE INSERT ...} included); call only when {@link #isInsert()}. */
    public RichSqlInsert insert() {
        return (RichSqlInsert) unwrapped();
    }

    private SqlNode unwrapped() {
        return tree instanceof SqlExecute execute ? execute.getStatement() : tree;
    }
}
