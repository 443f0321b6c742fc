package org.flinkcookbook.guard;

/**
 * Something a recipe may not do, found before it runs.
 *
 * @param line the Markdown line of the statement or directive
 * @param message what is refused and what to do instead
 * @param kind what the refusal makes of the recipe
 */
public record Refusal(int line, String message, Kind kind) {

    public enum Kind {
        /** The recipe may not run at all: the build fails. */
        REFUSED,
        /** It reads a table whose data is not here (a server, an endless source, a file elsewhere): it may be planned, not run. */
        NEEDS_DATA,
        /** It keeps or drops rows by a random value: no data makes its rows repeatable, so it is planned, not run. */
        RANDOM_ROWS,
        /** It needs what the build cannot give it, such as Python: neither planned nor run. */
        NOT_RUNNABLE
    }

    public Refusal(int line, String message) {
        this(line, message, Kind.REFUSED);
    }
}
