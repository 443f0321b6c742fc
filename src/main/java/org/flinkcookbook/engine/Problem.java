package org.flinkcookbook.engine;

/**
 * Why a recipe could not run to its end.
 *
 * @param kind whether the recipe is wrong, or the engine cannot run it
 * @param line Markdown line the problem points at
 * @param message one sentence that says what is wrong and what to do
 */
public record Problem(Kind kind, int line, String message) {

    public enum Kind {
        /** A statement failed, or the recipe cannot be read: the recipe is in error. */
        ERROR,
        /** The engine does not model a construct the recipe uses (simulator only). */
        UNSUPPORTED
    }

    public static Problem error(int line, String message) {
        return new Problem(Kind.ERROR, line, message);
    }

    public static Problem unsupported(int line, String message) {
        return new Problem(Kind.UNSUPPORTED, line, message);
    }
}
