package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.testing.ProjectSettings;
import org.flinkcookbook.testing.RecordingConsole;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample cookbook under {@code recipes/} as a fresh clone has it, copied with its fixtures
 * beside it: regenerating its expected values on Flink (what cookbook:expected runs, on the kept
 * cluster a warm engine runs its jobs on) changes no file, since nondeterministic columns are
 * placeholders already and everything else is deterministic; and the simulator passes every recipe
 * it models against those values, calling unsupported only what it does not model yet. The Maven
 * path of both goals is the invoker builds' ({@code warm-engine}, {@code author-day}, {@code verify-mismatch}).
 */
@ExtendWith(SharedFlink.class)
class SampleCookbookTest {

    private static final Path SAMPLE = Path.of("recipes").toAbsolutePath();
    private static final Path FIXTURES = Path.of("fixtures").toAbsolutePath();
    /** The sample recipes the simulator may call unsupported, and for what. */
    private static final Map<String, String> NOT_MODELLED =
            Map.of("upstream/aggregations-and-analytics/04_over.md", "over a bounded OVER frame");

    @TempDir
    Path clone;

    @Test
    void regeneratingTheExpectedValuesChangesNoFileAndTheSimulatorPassesEveryRecipeItModels(KeptCluster cluster)
            throws Exception {
        // the recipes without their POM and build output, as recipes/pom.xml reads them, the fixtures beside them
        PathUtils.copyDirectory(SAMPLE, clone);
        PathUtils.deleteFile(clone.resolve("pom.xml"));
        if (Files.exists(clone.resolve("target"))) {
            PathUtils.deleteDirectory(clone.resolve("target"));
        }
        PathUtils.copyDirectory(FIXTURES, clone.resolve("fixtures"));
        String fixtures = clone.resolve("fixtures").toString();

        // cookbook:expected as the warm engine runs it: Flink's jobs on the kept cluster, the simulator naming late
        // rows
        GoalRequest expected = new GoalRequest(
                CookbookRunner.Mode.WRITE_EXPECTED,
                ProjectSettings.of(
                        clone,
                        "",
                        null,
                        new EngineChoice(EngineKind.FLINK, true, fixtures, 300, false, null, false, false),
                        null));
        expected.run(
                new RecordingConsole(),
                expected.everyRecipeOnce(),
                expected.engines().createEngine(ResultCache.none(), cluster));
        assertThat(changedFiles()).as("files cookbook:expected changed").isEmpty();

        // cookbook:simulate, in the JVM it is asked in
        new GoalRequest(
                        CookbookRunner.Mode.VERIFY,
                        ProjectSettings.of(
                                clone,
                                "",
                                null,
                                new EngineChoice(EngineKind.SIMULATOR, false, fixtures, 300, false, null, false, false),
                                null))
                .run(new RecordingConsole());
        JsonNode report = new ObjectMapper()
                .readTree(clone.resolve("target/cookbook/report.json").toFile());
        List<String> outcomes = new ArrayList<>();
        report.get("recipes")
                .forEach(recipe -> outcomes.add(recipe.get("path").asText() + ": "
                        + recipe.get("status").asText()
                        + (recipe.get("problem").isNull()
                                ? ""
                                : " (" + recipe.get("problem").get("message").asText() + ")")));
        assertThat(outcomes).hasSize(expectedFiles(SAMPLE).size());
        assertThat(outcomes)
                .allSatisfy(outcome -> assertThat(outcome)
                        .satisfiesAnyOf(
                                passed -> assertThat(passed).endsWith(": passed"),
                                unsupported -> assertThat(NOT_MODELLED)
                                        .anySatisfy((path, reason) -> assertThat(unsupported)
                                                .startsWith(path + ": unsupported (")
                                                .contains(reason))));
    }

    /** Each recipe and expected file of the sample whose copy now reads otherwise, and each expected file added. */
    private List<String> changedFiles() throws IOException {
        List<String> changed = new ArrayList<>();
        for (Path original : recipeFiles(SAMPLE)) {
            Path copy = clone.resolve(SAMPLE.relativize(original).toString());
            if (!Files.exists(copy) || !Files.readString(copy).equals(Files.readString(original))) {
                changed.add(SAMPLE.relativize(original).toString());
            }
        }
        for (Path written : expectedFiles(clone)) {
            if (!Files.exists(SAMPLE.resolve(clone.relativize(written).toString()))) {
                changed.add(clone.relativize(written) + " (new)");
            }
        }
        return changed;
    }

    private static List<Path> expectedFiles(Path directory) throws IOException {
        return recipeFiles(directory).stream()
                .filter(file -> file.toString().endsWith(".expected"))
                .toList();
    }

    /** The recipes and expected files under {@code directory}, outside build output and fixtures. */
    private static List<Path> recipeFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> {
                        Path relative = directory.relativize(file);
                        return !relative.startsWith("target")
                                && !relative.startsWith("fixtures")
                                && (file.toString().endsWith(".md")
                                        || file.toString().endsWith(".expected"));
                    })
                    .sorted()
                    .toList();
        }
    }
}
