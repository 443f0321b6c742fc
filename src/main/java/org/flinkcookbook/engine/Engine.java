package org.flinkcookbook.engine;

import java.util.List;
import java.util.Optional;
import org.flinkcookbook.recipe.Recipe;

/**
 * Runs a recipe's statements as one SQL session and returns the results. Implementations: the
 * Flink engine (a real local or remote Flink cluster) and the event-time simulator.
 */
public interface Engine extends AutoCloseable {

    /** {@code flink} or {@code simulator}, as written to {@code report.json}. */
    String name();

    /** The Flink version whose behaviour the results show. */
    String flinkVersion();

    /**
     * Why this engine's results carry no late-row counts, or empty when they carry the count of
     * every statement with a windowed operator. Without counts, expected counts are not compared.
     */
    default Optional<String> lateRowsNotCounted() {
        return Optional.empty();
    }

    /**
     * Whether every file a recipe reads on this engine is read in this JVM, through
     * {@code guard.FileAccess}, so that its record of inputs is whole. A session cluster reads on its
     * TaskManagers, out of sight.
     */
    default boolean readsHere() {
        return true;
    }

    /**
     * Checks the recipe without running a job: completes when it may run; otherwise its problem
     * says that Flink rejects it, or it is {@link PlannedOnly planned only} because it reads tables
     * without data here. An engine that cannot
     * plan (the simulator) accepts every recipe here and reports problems when it runs it.
     */
    default RecipeRun plan(Recipe recipe) {
        return RecipeRun.completed(List.of(), recipe.warnings());
    }

    /** Runs every runnable statement of the recipe; never throws for a problem of the recipe itself. */
    RecipeRun run(Recipe recipe);

    /**
     * What planning the recipe and then running it, when the plan lets it, gives: the plan's
     * problem or {@link PlannedOnly} when it has one, else the run. An engine may run first and
     * plan only when the run stops, as long as the outcome is the same.
     */
    default RecipeRun planAndRun(Recipe recipe) {
        RecipeRun plan = plan(recipe);
        return plan.completed() ? run(recipe) : plan;
    }

    /** Releases the cluster and threads; engines are closed once at the end of a build. */
    @Override
    void close();
}
