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
        UNSUPPORTED,
        /** Flink rejects the recipe's SQL while parsing, validating or planning it. */
        BROKEN,
        /** The recipe needs what a Maven build cannot give it: Python, a JAR, an external service. */
        NOT_RUNNABLE,
        /** Not a failure: the recipe reads tables without data here, so it was planned, not run. */
        PLANNED
    }

    public static Problem error(int line, String message) {
        return new Problem(Kind.ERROR, line, message);
    }

    public static Problem broken(int line, String message) {
        return new Problem(Kind.BROKEN, line, message);
    }

    public static Problem notRunnable(int line, String message) {
        return new Problem(Kind.NOT_RUNNABLE, line, message);
    }

    public static Problem planned(int line, String message) {
        return new Problem(Kind.PLANNED, line, message);
    }

    public static Problem unsupported(int line, String message) {
        return new Problem(Kind.UNSUPPORTED, line, message);
    }
}
