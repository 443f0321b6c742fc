package org.flinkcookbook.engine;

import java.util.EnumSet;
import java.util.Set;
import org.flinkcookbook.report.RecipeStatus;

/**
 * Why a recipe could not run to its end.
 *
 * @param status what it makes of the recipe: {@link RecipeStatus#ERROR} when a statement failed or
 *     the recipe cannot be read, {@link RecipeStatus#BROKEN} when Flink rejects its SQL while
 *     planning it, {@link RecipeStatus#NOT_RUNNABLE} when it needs what a Maven build cannot give it,
 *     {@link RecipeStatus#UNSUPPORTED} when the simulator does not model a construct it uses
 * @param line Markdown line the problem points at
 * @param message one sentence that says what is wrong
 * @param fixture the fixture file at fault, when the recipe's SQL is not; null otherwise
 */
public record Problem(RecipeStatus status, int line, String message, FixtureFault fixture) {

    /**
     * A fixture file that stopped the recipe: missing, or with a row Flink cannot read.
     *
     * @param path the file as messages name it ({@code fixtures/events.csv})
     * @param fix what puts it right
     */
    public record FixtureFault(String path, Fix fix) {}

    /** What puts a fixture at fault right. */
    public enum Fix {
        /** A row of it: the message says which and how. */
        EDIT,
        /** It is missing where a {@code cookbook:fixture} directive points: add it, or point the directive elsewhere. */
        ADD,
        /** It is missing where a table's {@code 'path'} points: {@code cookbook:fixtures -Dcookbook.generate=all} writes it. */
        GENERATE
    }

    public Problem(RecipeStatus status, int line, String message) {
        this(status, line, message, null);
    }

    private static final Set<RecipeStatus> STOPPING =
            EnumSet.of(RecipeStatus.ERROR, RecipeStatus.BROKEN, RecipeStatus.NOT_RUNNABLE, RecipeStatus.UNSUPPORTED);

    public Problem {
        if (!STOPPING.contains(status)) {
            throw new IllegalArgumentException(status + " is no problem that stops a recipe");
        }
    }

    public static Problem error(int line, String message) {
        return new Problem(RecipeStatus.ERROR, line, message);
    }

    /** An error in a fixture file, not in the recipe's SQL. */
    public static Problem inFixture(int line, String message, FixtureFault fixture) {
        return new Problem(RecipeStatus.ERROR, line, message, fixture);
    }

    public static Problem broken(int line, String message) {
        return new Problem(RecipeStatus.BROKEN, line, message);
    }

    public static Problem notRunnable(int line, String message) {
        return new Problem(RecipeStatus.NOT_RUNNABLE, line, message);
    }

    public static Problem unsupported(int line, String message) {
        return new Problem(RecipeStatus.UNSUPPORTED, line, message);
    }
}
