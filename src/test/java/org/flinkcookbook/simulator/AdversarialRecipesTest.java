package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeException;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Hand-written adversarial recipes (SESSION TVFs, DECIMAL arithmetic, aggregate filters, UNION ALL,
 * sub-millisecond timestamps ...), each run on Flink and on the simulator: the simulator must give
 * Flink's rows and late-row counts, refuse what Flink refuses, or call the recipe unsupported. Each
 * recipe binds its fixture from the same directory. {@code -Dcookbook.adversarial.dir=DIR} runs the
 * recipes of another directory. Flink's jobs run on the test run's shared cluster.
 *
 * <p>A sweep of the corpus (a minute of both engines' planning): {@code mvn verify} leaves it out,
 * {@code -Dcookbook.sweeps=all} (what {@code .ci/run} runs) runs it.
 */
@Tag("sweep")
@ExtendWith(SharedFlink.class)
class AdversarialRecipesTest {

    private static final Path DIRECTORY = Path.of(
                    System.getProperty("cookbook.adversarial.dir", "src/test/resources/adversarial"))
            .toAbsolutePath();

    @Test
    void theSimulatorGivesFlinksResultsOrSaysItCannot(KeptCluster cluster) throws IOException, RecipeException {
        List<Path> files;
        try (Stream<Path> listed = Files.list(DIRECTORY)) {
            files = listed.filter(file -> file.toString().endsWith(".md"))
                    .sorted()
                    .toList();
        }
        List<String> differences = new ArrayList<>();
        List<String> unsupported = new ArrayList<>();
        try (FlinkEngine flink = SharedFlink.engine(cluster, DIRECTORY);
                SimulatorEngine simulator = new SimulatorEngine(DIRECTORY)) {
            for (Path file : files) {
                Recipe recipe =
                        new RecipeParser().parse(file, file.getFileName().toString());
                RecipeRun simulated = simulator.run(recipe);
                RecipeRun real = flink.planAndRun(recipe);
                if (simulated.problem() != null && simulated.problem().status() == RecipeStatus.UNSUPPORTED) {
                    unsupported.add(recipe.displayPath() + ": "
                            + simulated.problem().message() + "; Flink gave "
                            + (real.problem() == null ? "" : real.problem().message() + " after ")
                            + real.results().stream()
                                    .map(result -> result.rows() + " late " + result.lateRowsDropped())
                                    .toList());
                    continue;
                }
                if (refused(real) && refused(simulated)) {
                    System.out.println(recipe.displayPath() + ": both refuse it: "
                            + real.problem().message() + " / "
                            + simulated.problem().message());
                    continue;
                }
                List<String> found = EngineDifferences.differences(recipe.displayPath(), real, simulated);
                System.out.println(recipe.displayPath() + ": " + (found.isEmpty() ? "agrees" : "DISAGREES"));
                differences.addAll(found);
            }
        }
        unsupported.forEach(line -> System.out.println("unsupported: " + line));
        differences.forEach(System.out::println);
        assertThat(differences).isEmpty();
    }

    private static boolean refused(RecipeRun run) {
        return run.problem() != null
                && (run.problem().status() == RecipeStatus.ERROR
                        || run.problem().status() == RecipeStatus.BROKEN);
    }
}
