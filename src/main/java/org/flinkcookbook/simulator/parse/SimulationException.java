package org.flinkcookbook.simulator.parse;

import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Stops the simulation of a statement; carries the position inside the statement's SQL so the
 * engine can point at the Markdown line.
 */
public class SimulationException extends RuntimeException {

    private final SqlParserPos position;

    public SimulationException(SqlParserPos position, String message) {
        super(message);
        this.position = position == null ? SqlParserPos.ZERO : position;
    }

    public SimulationException(SqlParserPos position, String message, Throwable cause) {
        super(message, cause);
        this.position = position == null ? SqlParserPos.ZERO : position;
    }

    /** 1-based line inside the statement text, or 0 when unknown. */
    public int lineInStatement() {
        return position.getLineNum();
    }
}
