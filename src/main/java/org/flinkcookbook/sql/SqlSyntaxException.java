package org.flinkcookbook.sql;

/** The SQL of a recipe cannot be split or parsed; carries the Markdown line and column. */
public class SqlSyntaxException extends Exception {

    private final int line;
    private final int column;

    public SqlSyntaxException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
