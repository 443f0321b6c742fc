package org.flinkcookbook.simulator.parse;

import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

/**
 * Parses one statement with Flink's own SQL parser, configured as Flink's planner configures it
 * (PlannerContext#getSqlParserConfig: Flink's parser factory, Java lexical rules so identifiers
 * are case-sensitive and back-quoted, Flink's default conformance, identifiers up to 256 chars).
 */
public final class FlinkSqlParsing {

    private static final SqlParser.Config CONFIG = SqlParser.config()
            .withParserFactory(FlinkSqlParserImpl.FACTORY)
            .withLex(Lex.JAVA)
            .withConformance(FlinkSqlConformance.DEFAULT)
            .withIdentifierMaxLength(256);

    private FlinkSqlParsing() {}

    public static SqlNode parse(String statement) {
        try {
            return SqlParser.create(statement, CONFIG).parseStmt();
        } catch (SqlParseException e) {
            throw new SimulationException(e.getPos(), "SQL parse error: " + e.getMessage(), e);
        }
    }
}
