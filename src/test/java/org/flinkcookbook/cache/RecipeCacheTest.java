package org.flinkcookbook.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.flinkcookbook.testing.ProjectSettings;
import org.flinkcookbook.testing.RecordingConsole;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Incremental verify on the simulator: a recipe runs again whenever one of its inputs changed, and only then. */
class RecipeCacheTest {

    private static final String SETTINGS = "engine simulator 2.3.0";
    private static final String EVENTS =
            "(id INT, k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)";
    private static final String COUNT = "SELECT window_start, COUNT(*) AS n, SUM(v) AS total "
            + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;";

    @TempDir
    Path project;

    private final RecordingConsole console = new RecordingConsole();
    private final List<String> output = console.lines();

    @BeforeEach
    void cookbook() throws IOException {
        write(
                "recipes/bound.md",
                "# Bound\n<!-- cookbook:fixture events = events.csv -->\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'datagen');\n" + COUNT + "\n```\n");
        write(
                "recipes/placeholder.md",
                "# Placeholder\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'filesystem', 'path' = '${fixtures}/data/more.csv', 'format' = 'csv');\n"
                        + COUNT + "\n```\n");
        write("fixtures/events.csv", "1,a,10,2024-03-01 10:00:01\n2,b,20,2024-03-01 10:00:02\n");
        write("fixtures/data/more.csv", "1,a,10,2024-03-01 10:00:01\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
    }

    @Test
    void aRecipeThatPassedIsNotRunAgainUntilOneOfItsInputsChanges() throws IOException {
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/bound.md", "passed")
                .containsEntry("recipes/placeholder.md", "passed");
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/bound.md", "cached")
                .containsEntry("recipes/placeholder.md", "cached");
        assertThat(output).contains("PASSED       recipes/bound.md (cached: unchanged since it passed)");

        for (String input : List.of("recipes/bound.md", "recipes/bound.expected", "fixtures/events.csv")) {
            String before = Files.readString(project.resolve(input));
            append(input, input.endsWith(".csv") ? "3,c,30,2024-03-01 10:00:03\n" : "\n# changed\n");
            Map<String, String> changed = verify(SETTINGS);
            assertThat(changed).as("after changing %s", input).containsEntry("recipes/placeholder.md", "cached");
            assertThat(changed.get("recipes/bound.md"))
                    .as("after changing %s", input)
                    .isNotEqualTo("cached");

            Files.writeString(project.resolve(input), before);
            assertThat(verify(SETTINGS)).as("after restoring %s", input).containsEntry("recipes/bound.md", "passed");
            assertThat(verify(SETTINGS)).containsEntry("recipes/bound.md", "cached");
        }

        append("fixtures/data/more.csv", "2,a,5,2024-03-01 10:00:02\n");
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/bound.md", "cached")
                .containsEntry("recipes/placeholder.md", "failed");
    }

    @Test
    void aRunRunsNoRecipeExactlyWhenEverySelectedRecipeWouldBeReportedFromTheCache() throws IOException {
        RunSettings settings = ProjectSettings.of(project, "recipes", null);
        RunSettings boundOnly = ProjectSettings.selecting(project, "recipes", "bound", null);
        assertThat(runsNoRecipe(settings)).as("nothing passed yet").isFalse();

        verify(SETTINGS);
        assertThat(runsNoRecipe(settings)).isTrue();
        assertThat(CookbookRunner.runsNoRecipe(settings, openCache(SETTINGS), CookbookRunner.Mode.WRITE_EXPECTED))
                .as("expected always runs")
                .isFalse();
        assertThat(runsNoRecipe(settings, "engine flink 2.3.0"))
                .as("another key")
                .isFalse();
        assertThat(CookbookRunner.runsNoRecipe(settings, RecipeCache.none(), CookbookRunner.Mode.VERIFY))
                .as("no cache")
                .isFalse();

        append("fixtures/data/more.csv", "2,a,5,2024-03-01 10:00:02\n");
        assertThat(runsNoRecipe(settings))
                .as("the placeholder recipe's file changed")
                .isFalse();
        assertThat(runsNoRecipe(boundOnly))
                .as("only the unchanged recipe selected")
                .isTrue();
        assertThat(verify(SETTINGS)).containsEntry("recipes/placeholder.md", "failed");
        assertThat(runsNoRecipe(settings)).as("a failure is never cached").isFalse();
    }

    private boolean runsNoRecipe(RunSettings settings) {
        return runsNoRecipe(settings, SETTINGS);
    }

    private boolean runsNoRecipe(RunSettings settings, String key) {
        return CookbookRunner.runsNoRecipe(settings, openCache(key), CookbookRunner.Mode.VERIFY);
    }

    @Test
    void aCachedPassReportsWhatTheRunThatPassedReported() throws IOException {
        append("fixtures/events.csv", "3,c,30,2024-03-01 10:00:07\n4,d,40,2024-03-01 10:00:03\n"); // 4 is late
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
        List<RecipeOutcome> ran = run(openCache(SETTINGS), CookbookRunner.Mode.VERIFY);
        JsonNode ranReport = reportWithoutSeconds();

        List<RecipeOutcome> cached = run(openCache(SETTINGS), CookbookRunner.Mode.VERIFY);

        assertThat(cached).allMatch(RecipeOutcome::cached);
        assertThat(cached.get(0).results()).isNotEmpty().isEqualTo(ran.get(0).results());
        assertThat(cached.get(0).results().get(0).explanations().lateRows()).isNotEmpty();
        assertThat(reportWithoutSeconds()).isEqualTo(ranReport);
    }

    @Test
    void aPassWhoseResultsAreNotKeptRunsAgain() throws IOException {
        verify(SETTINGS);
        try (Stream<Path> results = Files.list(cacheDirectory().resolve("results"))) {
            assertThat(results.toList()).hasSize(2).allSatisfy(Files::delete);
        }

        assertThat(verify(SETTINGS)).containsValues("passed").doesNotContainValue("cached");
        assertThat(verify(SETTINGS)).containsValues("cached").doesNotContainValue("passed");
    }

    /** report.json without the seconds each recipe took: the only thing a cached pass reports otherwise. */
    private JsonNode reportWithoutSeconds() throws IOException {
        JsonNode report = new ObjectMapper()
                .readTree(project.resolve("target/cookbook/report.json").toFile());
        report.get("recipes").forEach(recipe -> ((ObjectNode) recipe).remove("seconds"));
        return report;
    }

    @Test
    void aFixtureBoundByConventionIsAnInputToo() throws IOException {
        write(
                "recipes/lab/convention.md",
                "# Convention\n```sql\nCREATE TABLE events " + EVENTS + " WITH ('connector' = 'datagen');\n" + COUNT
                        + "\n```\n");
        write("fixtures/lab/convention/events.csv", "1,a,10,2024-03-01 10:00:01\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
        assertThat(verify(SETTINGS)).containsEntry("recipes/lab/convention.md", "passed");
        assertThat(verify(SETTINGS)).containsEntry("recipes/lab/convention.md", "cached");

        append("fixtures/lab/convention/events.csv", "2,b,20,2024-03-01 10:00:02\n");

        assertThat(verify(SETTINGS))
                .containsEntry("recipes/lab/convention.md", "failed")
                .containsEntry("recipes/bound.md", "cached");
    }

    @Test
    void aFailureIsNeverCachedAndADeletedInputCounts() throws IOException {
        append("fixtures/events.csv", "3,c,30,2024-03-01 10:00:03\n");
        assertThat(verify(SETTINGS)).containsEntry("recipes/bound.md", "failed");
        assertThat(verify(SETTINGS)).containsEntry("recipes/bound.md", "failed");

        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
        assertThat(verify(SETTINGS)).containsEntry("recipes/bound.md", "passed");
        Files.delete(project.resolve("fixtures/events.csv"));
        assertThat(verify(SETTINGS)).containsEntry("recipes/bound.md", "error");
    }

    @Test
    void otherSettingsOrAnotherFlinkVersionRunEveryRecipeAgain() throws IOException {
        verify(SETTINGS);
        assertThat(verify(SETTINGS + "\nrequireExpected true"))
                .containsValues("passed")
                .doesNotContainValue("cached");
        assertThat(verify("engine simulator 2.3.1")).containsValues("passed").doesNotContainValue("cached");
    }

    @Test
    void withoutTheCacheEveryRecipeRunsAndNothingIsKept() throws IOException {
        verify(SETTINGS);
        String kept = Files.readString(cacheDirectory().resolve("passed.txt"));
        assertThat(kept).contains("recipes/bound.md", "recipes/placeholder.md");

        assertThat(outcomes(run(RecipeCache.none(), CookbookRunner.Mode.VERIFY)))
                .containsValues("passed")
                .doesNotContainValue("cached");
        assertThat(cacheDirectory().resolve("passed.txt")).hasContent(kept);
    }

    @Test
    void changedSinceRunsOnlyTheRecipesWhoseInputsGitSaysChanged() throws Exception {
        git("init", "-q");
        git("add", ".");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "cookbook");
        append("fixtures/data/more.csv", "2,a,5,2024-03-01 10:00:02\n");

        Map<String, String> changed = outcomes(run(
                RecipeCache.open(
                        null,
                        SETTINGS,
                        project,
                        project.resolve("recipes"),
                        project.resolve("fixtures"),
                        ChangedSince.ask("HEAD", project)),
                CookbookRunner.Mode.VERIFY));

        assertThat(changed).containsOnlyKeys("recipes/placeholder.md");
        assertThat(output)
                .contains("1 of 2 recipes have inputs changed since HEAD (cookbook.changedSince); only they run");

        write("recipes/new.md", "# New\n```sql\nSELECT 1 AS one;\n```\n");
        assertThat(outcomes(run(
                        RecipeCache.open(
                                null,
                                SETTINGS,
                                project,
                                project.resolve("recipes"),
                                project.resolve("fixtures"),
                                ChangedSince.ask("HEAD", project)),
                        CookbookRunner.Mode.VERIFY)))
                .containsOnlyKeys("recipes/placeholder.md", "recipes/new.md");

        write("pom.xml", "<project/>");
        assertThat(outcomes(run(
                        RecipeCache.open(
                                null,
                                SETTINGS,
                                project,
                                project.resolve("recipes"),
                                project.resolve("fixtures"),
                                ChangedSince.ask("HEAD", project)),
                        CookbookRunner.Mode.VERIFY)))
                .hasSize(3);
    }

    @Test
    void changedSinceNamesWhatGitCouldNotAnswer() throws Exception {
        git("init", "-q");

        assertThatThrownBy(() -> ChangedSince.ask("no-such-revision", project))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cookbook.changedSince needs git")
                .hasMessageContaining("no-such-revision")
                .hasMessageEndingWith(
                        "name a commit of the repository the cookbook is in, or leave cookbook.changedSince unset");
    }

    /** Each recipe's status, or "cached" for a pass that did not run. */
    private Map<String, String> verify(String settings) {
        return outcomes(run(openCache(settings), CookbookRunner.Mode.VERIFY));
    }

    private RecipeCache openCache(String settings) {
        return RecipeCache.open(
                cacheDirectory(), settings, project, project.resolve("recipes"), project.resolve("fixtures"), null);
    }

    private static Map<String, String> outcomes(List<RecipeOutcome> outcomes) {
        return outcomes.stream()
                .collect(Collectors.toMap(
                        RecipeOutcome::path,
                        outcome ->
                                outcome.cached() ? "cached" : outcome.status().word()));
    }

    private List<RecipeOutcome> run(RecipeCache cache, CookbookRunner.Mode mode) {
        RunSettings settings = ProjectSettings.of(project, "recipes", null);
        try (SimulatorEngine engine = new SimulatorEngine(project.resolve("fixtures"), false)) {
            return new CookbookRunner(settings, engine, null, console, cache)
                    .run(mode)
                    .outcomes();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Path cacheDirectory() {
        return project.resolve("target/cookbook/cache");
    }

    private void write(String path, String text) throws IOException {
        Files.createDirectories(project.resolve(path).getParent());
        Files.writeString(project.resolve(path), text);
    }

    private void append(String path, String text) throws IOException {
        Files.writeString(project.resolve(path), text, StandardOpenOption.APPEND);
    }

    private void git(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", project.toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertThat(process.waitFor()).isZero();
    }
}
