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
 * @param message one sentence that says what is wrong and what to do
 */
public record Problem(RecipeStatus status, int line, String message) {

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
