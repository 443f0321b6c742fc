package org.flinkcookbook.simulator;

import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Stops the simulation of a statement; carries the position inside the statement's SQL so the
 * engine can point at the Markdown line.
 */
public class SimulationException extends RuntimeException {

    private final SqlParserPos position;
    private final int markdownLine;

    public SimulationException(SqlParserPos position, String message) {
        super(message);
        this.position = position == null ? SqlParserPos.ZERO : position;
        this.markdownLine = 0;
    }

    private SimulationException(int markdownLine, String message) {
        super(message);
        this.position = SqlParserPos.ZERO;
        this.markdownLine = markdownLine;
    }

    /** A problem that belongs to a Markdown line outside the statement, such as a fixture directive. */
    public static SimulationException atMarkdownLine(int line, String message) {
        return new SimulationException(line, message);
    }

    /** The Markdown line the problem belongs to, when it is not inside the statement; else 0. */
    public int markdownLine() {
        return markdownLine;
    }

    public SimulationException(SqlParserPos position, String message, Throwable cause) {
        super(message, cause);
        this.position = position == null ? SqlParserPos.ZERO : position;
        this.markdownLine = 0;
    }

    /** 1-based line inside the statement text, or 0 when unknown. */
    public int lineInStatement() {
        return position.getLineNum();
    }
}
