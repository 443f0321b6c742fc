package org.flinkcookbook.simulator.expression;

import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * Where a call is, for messages: its position in the statement (none for a call of Flink's plan) and
 * how it reads.
 *
 * @param position the call's position in the statement, {@link SqlParserPos#ZERO} where unknown
 * @param text the call as SQL or as Flink's plan prints it
 */
record CallSite(SqlParserPos position, String text) {

    UnsupportedConstructException unsupported(String construct) {
        return new UnsupportedConstructException(position, construct);
    }

    @Override
    public String toString() {
        return text;
    }
}
