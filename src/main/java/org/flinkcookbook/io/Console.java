package org.flinkcookbook.io;

/** Where the run reports progress; the Mojos pass Maven's log. */
public interface Console {

    void info(String message);

    void warn(String message);

    void error(String message);

    /** A line printed as it is, at the start of a line, for CI servers that read the output (GitHub annotations). */
    void raw(String line);

    /** A recipe starts running (not one recalled from the cache): the engine JVM's hard timeout watches it from here. */
    default void recipeStarted(String path) {}

    /**
     * The recipe that {@link #recipeStarted started} starts a statement at this Markdown line, or
     * starts or ends a statement deadline: the engine JVM's hard timeout counts each statement
     * from its heartbeat.
     */
    default void statementStarted(String path, int line) {}

    /** The recipe that {@link #recipeStarted started} has its outcome. */
    default void recipeDone(String path) {}
}
