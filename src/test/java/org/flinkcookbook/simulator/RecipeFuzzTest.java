package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.simulator.RecipeGrammar.FuzzRecipe;
import org.flinkcookbook.testing.Recipes;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential fuzzing of whole recipes: each recipe from {@link RecipeGrammar} runs on Flink (the
 * shared cluster, several recipes at once) and on the simulator, and every statement's rows,
 * late-row count and CURRENT_WATERMARK filter outcome must agree; a statement Flink refuses must
 * be refused by the simulator at the same line. A statement the simulator calls unsupported is
 * left out (found on the simulator alone, which is cheap) and counted. A disagreement is shrunk
 * (statements, fixture rows, then select items dropped while it still disagrees) to the minimal
 * recipe the failure prints.
 *
 * <p>Defaults fit {@code mvn verify}: 24 recipes of seed 1 on 2 threads. A long sweep:
 * {@code mvn test -Dtest=RecipeFuzzTest -Dcookbook.fuzz.cases=5000 -Dcookbook.fuzz.seed=7 -Dcookbook.fuzz.threads=3}
 * ({@code -Dcookbook.fuzz.shrink=N} shrinks the first N disagreements only, 12 by default).
 * A disagreement the simulator itself flags as depending on processing time (a periodic
 * watermark emission) is reported, not failed: Flink's outcome then depends on timing.
 */
@ExtendWith(SharedFlink.class)
class RecipeFuzzTest {

    private static final int CASES = Integer.getInteger("cookbook.fuzz.cases", 24);
    private static final long SEED = Long.getLong("cookbook.fuzz.seed", 1L);
    /** The first case drawn: {@code -Dcookbook.fuzz.first=N -Dcookbook.fuzz.cases=1} replays case N of a sweep. */
    private static final int FIRST = Integer.getInteger("cookbook.fuzz.first", 0);

    private static final int THREADS = Integer.getInteger("cookbook.fuzz.threads", 2);
    private static final int SHRINK_ATTEMPTS = 150;
    /** Shrinking costs up to SHRINK_ATTEMPTS Flink runs: a long sweep shrinks its first disagreements only. */
    private static final int SHRUNK_DISAGREEMENTS = Integer.getInteger("cookbook.fuzz.shrink", 12);

    @TempDir
    Path directory;

    private final AtomicInteger recipes = new AtomicInteger();
    private final AtomicInteger plannerAssertions = new AtomicInteger();
    private final AtomicInteger shrunk = new AtomicInteger();

    /** What checking one recipe found ({@code unsupportedButRefused}: Flink refused a statement the simulator called unsupported). */
    private record Outcome(
            int compared,
            List<String> unsupported,
            String unsupportedButRefused,
            String refused,
            String timingDependent,
            String disagreement,
            FuzzRecipe drawn) {}

    @Test
    void generatedRecipesGiveFlinksResultsOrAreUnsupported(FlinkEngine flink) throws Exception {
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (int index = FIRST; index < FIRST + CASES; index++) {
            int drawn = index;
            outcomes.add(pool.submit(() -> check(flink, drawn)));
        }
        List<String> disagreements = new ArrayList<>();
        Map<String, Integer> coverage = new TreeMap<>();
        Map<String, Integer> refusals = new TreeMap<>();
        Map<String, Integer> unsupportedConstructs = new TreeMap<>();
        Map<String, Integer> unsupportedButRefused = new TreeMap<>();
        int done = 0;
        int compared = 0;
        int unsupported = 0;
        int refused = 0;
        int timingDependent = 0;
        try {
            for (Future<Outcome> future : outcomes) {
                Outcome outcome = future.get();
                compared += outcome.compared();
                unsupported += outcome.unsupported().size();
                outcome.unsupported().forEach(construct -> unsupportedConstructs.merge(construct, 1, Integer::sum));
                if (outcome.unsupportedButRefused() != null) {
                    unsupportedButRefused.merge(outcome.unsupportedButRefused(), 1, Integer::sum);
                }
                if (outcome.refused() != null) {
                    refused++;
                    refusals.merge(outcome.refused(), 1, Integer::sum);
                }
                if (++done % 100 == 0) {
                    System.out.printf(
                            "recipe fuzzing progress: %d recipes, %d statements compared, %d unsupported, "
                                    + "%d disagreements, %d s%n",
                            done,
                            compared,
                            unsupported,
                            disagreements.size(),
                            (System.nanoTime() - started) / 1_000_000_000L);
                }
                if (outcome.timingDependent() != null) {
                    timingDependent++;
                    System.out.println("processing-time dependent, not failed:\n" + outcome.timingDependent());
                }
                if (outcome.disagreement() != null) {
                    disagreements.add(outcome.disagreement());
                    System.out.println("DISAGREEMENT\n" + outcome.disagreement());
                }
                outcome.drawn().constructs().forEach(construct -> coverage.merge(construct, 1, Integer::sum));
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf(
                "recipe fuzzing, seed %d: %d recipes in %d s, %d statements compared with Flink, %d unsupported, "
                        + "%d of them where Flink refused the statement, "
                        + "%d recipes Flink refused a statement of, %d processing-time dependent, "
                        + "%d runs Flink's planner failed an assertion on, %d disagreements%n",
                SEED,
                CASES,
                (System.nanoTime() - started) / 1_000_000_000L,
                compared,
                unsupported,
                unsupportedButRefused.values().stream()
                        .mapToInt(Integer::intValue)
                        .sum(),
                refused,
                timingDependent,
                plannerAssertions.get(),
                disagreements.size());
        coverage.forEach((construct, count) -> System.out.printf("  %5d  %s%n", count, construct));
        System.out.println("what the simulator called unsupported:");
        unsupportedConstructs.forEach((construct, count) -> System.out.printf("  %5d  %s%n", count, construct));
        System.out.println("unsupported by the simulator where Flink refused the statement (it should refuse it too):");
        unsupportedButRefused.forEach((refusal, count) -> System.out.printf("  %5d  %s%n", count, refusal));
        System.out.println("what Flink refused:");
        refusals.forEach((refusal, count) -> System.out.printf("  %5d  %s%n", count, refusal));
        assertThat(disagreements).isEmpty();
    }

    private Outcome check(FlinkEngine flink, int index) {
        FuzzRecipe drawn = RecipeGrammar.draw(SEED, index);
        SimulatorEngine simulator = new SimulatorEngine(directory.resolve("fixtures"));
        FuzzRecipe modelled = drawn;
        List<String> unsupported = new ArrayList<>();
        Set<String> unsupportedStatements = new TreeSet<>();
        RecipeRun simulated = simulator.run(recipe(modelled));
        while (isUnsupported(simulated)) {
            unsupported.add(refusal(simulated.problem().message()));
            int statement = modelled.statementAt(simulated.problem().line());
            if (statement >= 0) {
                unsupportedStatements.add(modelled.statements().get(statement).sql());
            }
            if (statement < 0
                    || modelled.statements().get(statement).sql().startsWith("CREATE TABLE events")
                    || modelled.statements().get(statement).sql().startsWith("SET")) {
                return new Outcome(
                        0,
                        unsupported,
                        refusedWhereUnsupported(flink, drawn, unsupportedStatements),
                        null,
                        null,
                        null,
                        drawn);
            }
            modelled = modelled.withoutStatement(statement);
            simulated = simulator.run(recipe(modelled));
        }
        String unsupportedButRefused = refusedWhereUnsupported(flink, drawn, unsupportedStatements);
        RecipeRun real = runOnFlink(flink, modelled);
        if (real == null) {
            return new Outcome(0, unsupported, unsupportedButRefused, null, null, null, drawn);
        }
        String refused = real.problem() == null ? null : refusal(real.problem().message());
        List<String> found = EngineDifferences.differences("fuzzed", real, simulated);
        if (found.isEmpty()) {
            return new Outcome(real.results().size(), unsupported, unsupportedButRefused, refused, null, null, drawn);
        }
        if (dependsOnProcessingTime(simulated)) {
            return new Outcome(
                    0,
                    unsupported,
                    unsupportedButRefused,
                    refused,
                    String.join("\n", found) + "\n" + modelled.show(),
                    null,
                    drawn);
        }
        if (shrunk.incrementAndGet() > SHRUNK_DISAGREEMENTS) {
            return new Outcome(
                    real.results().size(),
                    unsupported,
                    unsupportedButRefused,
                    refused,
                    null,
                    "seed " + SEED + " case " + index + ", not shrunk:\n" + modelled.show() + String.join("\n", found),
                    drawn);
        }
        FuzzRecipe minimal = shrink(flink, simulator, modelled, kinds(found));
        RecipeRun minimalOnFlink = runOnFlink(flink, minimal);
        List<String> minimalFound = minimalOnFlink == null
                ? List.of()
                : EngineDifferences.differences("shrunk", minimalOnFlink, simulator.run(recipe(minimal)));
        String shown = "seed " + SEED + " case " + index + ", shrunk to:\n" + minimal.show()
                + (minimalFound.isEmpty()
                        // Flink's outcome changed between runs: show what the drawn recipe gave
                        ? "the shrunk recipe agreed when run again; the drawn recipe's differences:\n"
                                + String.join("\n", found)
                        : String.join("\n", minimalFound));
        return new Outcome(real.results().size(), unsupported, unsupportedButRefused, refused, null, shown, drawn);
    }

    /**
     * Flink's refusal of a statement the simulator called unsupported, or null: the simulator should
     * refuse what Flink refuses (issue 28: the early-fire settings on a window TVF). Planning the
     * drawn recipe on Flink is enough, since Flink refuses while planning.
     */
    private String refusedWhereUnsupported(FlinkEngine flink, FuzzRecipe drawn, Set<String> unsupportedStatements) {
        if (unsupportedStatements.isEmpty()) {
            return null;
        }
        RecipeRun planned;
        try {
            planned = flink.plan(recipe(drawn));
        } catch (AssertionError plannerAssertion) {
            return null;
        }
        if (planned.problem() == null) {
            return null;
        }
        int statement = drawn.statementAt(planned.problem().line());
        return statement >= 0
                        && unsupportedStatements.contains(
                                drawn.statements().get(statement).sql())
                ? refusal(planned.problem().message())
                : null;
    }

    /** The gist of a refusal or an unsupported construct, without the recipe's names and numbers, for the tallies. */
    private static String refusal(String message) {
        String gist = message.replaceAll("recipe\\d+", "recipe").replaceAll("\\d+", "N");
        return gist.length() > 140 ? gist.substring(0, 140) : gist;
    }

    /** What kinds of difference (problem, result count, columns, rows, late rows) a list of differences holds. */
    private static Set<String> kinds(List<String> differences) {
        Set<String> kinds = new TreeSet<>();
        for (String difference : differences) {
            kinds.add(
                    difference.contains(": rows")
                            ? "rows"
                            : difference.contains(": late rows")
                                    ? "late rows"
                                    : difference.contains(": columns")
                                            ? "columns"
                                            : difference.contains(" results, the simulator") ? "results" : "problem");
        }
        return kinds;
    }

    /**
     * Drops statements (never the table), then fixture rows, then select items, while the recipe still
     * disagrees in the same kinds of way.
     */
    private FuzzRecipe shrink(FlinkEngine flink, SimulatorEngine simulator, FuzzRecipe failing, Set<String> kinds) {
        FuzzRecipe smallest = failing;
        int attempts = 0;
        for (int i = smallest.statements().size() - 1; i >= 0 && attempts < SHRINK_ATTEMPTS; i--, attempts++) {
            if (smallest.statements().get(i).sql().startsWith("CREATE TABLE events")) {
                continue;
            }
            FuzzRecipe candidate = smallest.withoutStatement(i);
            if (disagrees(flink, simulator, candidate, kinds)) {
                smallest = candidate;
            }
        }
        for (int row = smallest.rows().size() - 1; row >= 0 && attempts < SHRINK_ATTEMPTS; row--, attempts++) {
            FuzzRecipe candidate = smallest.withoutRow(row);
            if (disagrees(flink, simulator, candidate, kinds)) {
                smallest = candidate;
            }
        }
        for (int i = 0; i < smallest.statements().size(); i++) {
            for (int item = smallest.statements().get(i).items().size() - 1;
                    item >= 0 && smallest.statements().get(i).items().size() > 1 && attempts < SHRINK_ATTEMPTS;
                    item--, attempts++) {
                List<String> fewer =
                        new ArrayList<>(smallest.statements().get(i).items());
                fewer.remove(item);
                FuzzRecipe candidate = smallest.withItems(i, fewer);
                if (disagrees(flink, simulator, candidate, kinds)) {
                    smallest = candidate;
                }
            }
        }
        return smallest;
    }

    private boolean disagrees(FlinkEngine flink, SimulatorEngine simulator, FuzzRecipe candidate, Set<String> kinds) {
        RecipeRun simulated = simulator.run(recipe(candidate));
        if (isUnsupported(simulated) || dependsOnProcessingTime(simulated)) {
            return false;
        }
        RecipeRun real = runOnFlink(flink, candidate);
        return real != null
                && kinds(EngineDifferences.differences("shrinking", real, simulated))
                        .equals(kinds);
    }

    /** Flink's run as cookbook:verify sees it, or null when Flink's planner failed one of Calcite's assertions (Surefire enables them). */
    private RecipeRun runOnFlink(FlinkEngine flink, FuzzRecipe candidate) {
        try {
            return flink.planAndRun(recipe(candidate));
        } catch (AssertionError plannerAssertion) {
            plannerAssertions.incrementAndGet();
            return null;
        }
    }

    private Recipe recipe(FuzzRecipe candidate) {
        String name = "recipe" + recipes.incrementAndGet();
        Path fixtures = directory.resolve("fixtures");
        Recipes.fixture(fixtures, name + ".csv", candidate.csv());
        Path csv = fixtures.resolve(name + ".csv").toAbsolutePath();
        return Recipes.recipe(directory, name, "<!-- cookbook:fixture events = " + csv + " -->", candidate.sql());
    }

    private static boolean isUnsupported(RecipeRun run) {
        return run.problem() != null && run.problem().status() == RecipeStatus.UNSUPPORTED;
    }

    private static boolean dependsOnProcessingTime(RecipeRun simulated) {
        return simulated.warnings().stream().anyMatch(warning -> warning.contains("processing time"));
    }
}
