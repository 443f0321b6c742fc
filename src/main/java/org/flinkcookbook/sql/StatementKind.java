package org.flinkcookbook.sql;

/** What a statement does in a session, read from its leading keywords. */
public enum StatementKind {
    SET,
    RESET,
    CREATE_TABLE,
    CREATE_VIEW,
    CREATE_FUNCTION,
    CREATE_OTHER,
    ALTER,
    DROP,
    QUERY,
    INSERT,
    BEGIN_STATEMENT_SET,
    END_STATEMENT_SET,
    /** {@code EXECUTE STATEMENT SET BEGIN ... END}: its INSERTs are the statement's members. */
    STATEMENT_SET,
    DESCRIBE,
    SHOW,
    EXPLAIN,
    USE,
    LOAD_MODULE,
    UNLOAD_MODULE,
    ADD_JAR,
    REMOVE_JAR,
    OTHER;

    /** True for statements whose rows are a result to record and compare. */
    public boolean producesRows() {
        return this == QUERY || this == INSERT || this == STATEMENT_SET || this == DESCRIBE || this == SHOW;
    }
}
