package org.flinkcookbook.flink;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.StatementSplitter;

/** The query of an INSERT as text Flink can plan, with positions that are the statement's own. */
final class InsertQueryText {

    private InsertQueryText() {}

    /**
     * The INSERT's query, taken from the statement text at the query's parsed position. The text
     * before it is blanked out rather than cut, so that the lines and columns Flink names in an error
     * about the query are lines and columns of the statement.
     */
    static String of(String insertSql, SqlNode source) {
        SqlParserPos position = startOf(source);
        String[] lines = insertSql.split("\n", -1);
        int offset = 0;
        for (int line = 1; line < position.getLineNum(); line++) {
            offset += lines[line - 1].length() + 1;
        }
        int start = offset + position.getColumnNum() - 1;
        StringBuilder text = new StringBuilder(insertSql.length());
        for (int i = 0; i < start; i++) {
            char c = insertSql.charAt(i);
            text.append(c == '\n' || c == '\r' ? c : ' ');
        }
        text.append(insertSql, start, insertSql.length());
        return balanceParentheses(text.toString().stripTrailing());
    }

    /** Where a query's text starts: an ORDER BY node is positioned at its ORDER BY list, not at its query. */
    private static SqlParserPos startOf(SqlNode query) {
        if (query.getKind() == SqlKind.ORDER_BY) {
            return startOf(((SqlCall) query).operand(0));
        }
        return query.getParserPosition();
    }

    /** A parenthesised query starts after its '(' but the text runs to the statement's last ')'. */
    private static String balanceParentheses(String text) {
        int excess;
        try {
            excess = StatementSplitter.excessClosingParentheses(text);
        } catch (SqlSyntaxException e) {
            return text; // the statement parsed, so its query reads too; Flink will say what is wrong
        }
        String result = text;
        for (int i = 0; i < excess && result.endsWith(")"); i++) {
            result = result.substring(0, result.length() - 1).stripTrailing();
        }
        return result;
    }
}
