package org.flinkcookbook.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Incremental verify on the simulator: a recipe runs again whenever one of the files it read
 * changed, and only then; passes are kept outside the project, authenticated, and nothing a pull
 * request commits can forge one.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a hang fails instead of stopping the build
class RecipeCacheTest {

    private static final String SETTINGS = "fingerprint of simulator settings";
    private static final String EVENTS =
            "(id INT, k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)";
    private static final String COUNT = "SELECT window_start, COUNT(*) AS n, SUM(v) AS total "
            + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;";

    @TempDir
    Path project;

    /** The per-user cache root, outside the project. */
    @TempDir
    Path cacheRoot;

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
    void aPassIsKeptOutsideTheProjectAndAnEntryWhoseCodeIsWrongIsIgnored() throws IOException {
        verify(SETTINGS);
        List<Path> entries = entries();
        assertThat(entries).hasSize(2).allSatisfy(entry -> assertThat(entry).startsWith(cacheRoot));
        assertThat(project.resolve("target/cookbook/cache")).doesNotExist();

        // an entry edited (a result changed) or moved to another recipe's name is no entry
        for (Path entry : entries) {
            String text = Files.readString(entry);
            Files.writeString(entry, text.replace("\"recipes/", "\"recipes/./"));
        }
        assertThat(verify(SETTINGS)).containsValues("passed").doesNotContainValue("cached");
        assertThat(verify(SETTINGS)).containsValues("cached").doesNotContainValue("passed");
        List<Path> signed = entries();
        Files.copy(signed.get(0), signed.get(1), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(verify(SETTINGS).values()).containsExactlyInAnyOrder("cached", "passed");
    }

    @Test
    void aCacheCommittedUnderTargetOrAForgedEntryCannotMakeAFailingRecipePass() throws IOException {
        write(
                "recipes/forged.md",
                "# Forged\n<!-- cookbook:fixture events = forged.csv -->\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'datagen');\n" + COUNT + "\n```\n");
        write("fixtures/forged.csv", "1,a,10,2024-03-01 10:00:01\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
        append("fixtures/forged.csv", "2,b,20,2024-03-01 10:00:02\n");
        assertThat(verify(SETTINGS)).containsEntry("recipes/forged.md", "failed");
        // what a pull request could add with git add -f: the old layout, and a copy of a real pass
        write("target/cookbook/cache/passed.txt", "0000 recipes/forged.md\n");
        write("target/cookbook/cache/results/0000.json", "{\"results\":[],\"warnings\":[]}");
        Path forged = entries().get(0).resolveSibling(entryName("recipes/forged.md"));
        Files.writeString(
                forged,
                "00\n{\"recipe\":\"recipes/forged.md\",\"fingerprint\":\"" + SETTINGS
                        + "\",\"inputs\":{},\"results\":[],\"warnings\":[]}");

        assertThat(verify(SETTINGS)).containsEntry("recipes/forged.md", "failed");
    }

    @Test
    void aCacheDirectoryInsideTheProjectOpenToOthersOrThroughALinkIsRefusedWithASentence() throws IOException {
        assertThatThrownBy(() -> CacheDirectory.of(project.resolve("target/cookbook/cache"), project))
                .hasMessageContaining("lies inside the project")
                .hasMessageContaining("-Dcookbook.cacheDirectory=");

        Path shared = Files.createDirectories(cacheRoot.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThatThrownBy(() -> CacheDirectory.of(shared, project))
                .hasMessageContaining("may be used by other users (rwxrwxr-x)")
                .hasMessageEndingWith("chmod 700 " + shared);

        Path linked =
                Files.createSymbolicLink(cacheRoot.resolve("linked"), Files.createDirectory(cacheRoot.resolve("real")));
        assertThatThrownBy(() -> CacheDirectory.of(linked.resolve("passes"), project))
                .hasMessageContaining(linked + " is a symbolic link");

        Path made = cacheRoot.resolve("made/passes");
        CacheDirectory.of(made, project);
        assertThat(Files.getPosixFilePermissions(made)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(Files.getPosixFilePermissions(made.resolve("hmac.key")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void aPathTheRegexNeverSawIsAnInputSinceItIsWhatTheEngineRead() throws IOException {
        writeCommentedPathRecipe();

        assertAnInput("recipes/commented.md", "fixtures/shared/data.csv");
    }

    /** A recipe whose fixture path no regex over the Markdown would find, with its expected values. */
    private void writeCommentedPathRecipe() throws IOException {
        write(
                "recipes/commented.md",
                "# Commented\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'filesystem', 'path' /* c */ = 'fixtures/shared/data.csv', 'format' = 'csv');\n"
                        + COUNT + "\n```\n");
        write("fixtures/shared/data.csv", "1,a,10,2024-03-01 10:00:01\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
    }

    /**
     * {@code recipe} passes, is then reported from the cache, and runs again (and fails) once a row
     * is added to {@code fixture}, while the recipe that does not read it stays cached.
     */
    private void assertAnInput(String recipe, String fixture) throws IOException {
        assertThat(verify(SETTINGS)).containsEntry(recipe, "passed");
        assertThat(verify(SETTINGS)).containsEntry(recipe, "cached");

        append(fixture, "2,b,20,2024-03-01 10:00:02\n");

        assertThat(verify(SETTINGS)).containsEntry(recipe, "failed").containsEntry("recipes/bound.md", "cached");
    }

    @Test
    void aPathInTheProseIsNeverReadNorHashed() throws IOException {
        write(
                "recipes/prose.md",
                "# Prose\nA table could say 'path' = '/proc/self/pagemap' or 'path' = '/dev/zero'.\n"
                        + "<!-- cookbook:fixture events = events.csv -->\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'datagen');\n" + COUNT + "\n```\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);

        assertThat(verify(SETTINGS)).containsEntry("recipes/prose.md", "passed");
        assertThat(verify(SETTINGS)).containsEntry("recipes/prose.md", "cached");
        assertThat(String.join("\n", entriesText())).doesNotContain("/proc/", "/dev/");
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

        assertAnInput("recipes/lab/convention.md", "fixtures/lab/convention/events.csv");
    }

    /**
     * A recipe whose plan calls a function Flink's planner declares nondeterministic or dynamic (the
     * clock) may give other rows another day with every file unchanged: its pass is never kept. A
     * table that only defines such a column, which the query does not read, keeps it.
     */
    @Test
    void aPassThatReadTheClockIsNeverKept() throws IOException {
        write(
                "recipes/clock.md",
                "# Clock\n<!-- cookbook:fixture events = events.csv -->\n```sql\nCREATE TABLE events " + EVENTS
                        + " WITH ('connector' = 'datagen');\nSELECT id, CURRENT_TIMESTAMP AS checked FROM events;\n```\n");
        write(
                "recipes/unread.md",
                "# Unread\n<!-- cookbook:fixture events = events.csv -->\n```sql\nCREATE TABLE events "
                        + "(id INT, k STRING, v INT, ts TIMESTAMP(3), seen AS PROCTIME())"
                        + " WITH ('connector' = 'datagen');\nSELECT id, k FROM events;\n```\n");
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);

        assertThat(verify(SETTINGS))
                .containsEntry("recipes/clock.md", "passed")
                .containsEntry("recipes/unread.md", "passed")
                .containsEntry("recipes/bound.md", "passed");
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/clock.md", "passed")
                .containsEntry("recipes/unread.md", "cached")
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
        List<String> kept = entriesText();
        assertThat(String.join("\n", kept)).contains("recipes/bound.md", "recipes/placeholder.md");

        assertThat(outcomes(run(RecipeCache.none(), CookbookRunner.Mode.VERIFY)))
                .containsValues("passed")
                .doesNotContainValue("cached");
        assertThat(entriesText()).isEqualTo(kept);
    }

    @Test
    void changedSinceRunsOnlyTheRecipesWhoseInputsGitSaysChanged() throws Exception {
        commitTheProject();
        append("fixtures/data/more.csv", "2,a,5,2024-03-01 10:00:02\n");
        append("recipes/bound.md", "\nMore prose.\n");

        assertThat(outcomes(run(changedSince("HEAD", null), CookbookRunner.Mode.VERIFY)))
                .as("with no record of what they read, a changed fixture may be any recipe's input")
                .containsOnlyKeys("recipes/placeholder.md", "recipes/bound.md");
        assertThat(output)
                .contains("2 of 2 recipes have inputs changed since HEAD (cookbook.changedSince); only they run");

        git("checkout", "-q", "--", "recipes/bound.md");
        verify(SETTINGS); // records what each read
        assertThat(outcomes(run(changedSince("HEAD", cacheDirectory()), CookbookRunner.Mode.VERIFY)))
                .as("by their records, only one read the changed fixture")
                .containsOnlyKeys("recipes/placeholder.md");

        write("recipes/new.md", "# New\n```sql\nSELECT 1 AS one;\n```\n");
        assertThat(outcomes(run(changedSince("HEAD", cacheDirectory()), CookbookRunner.Mode.VERIFY)))
                .containsOnlyKeys("recipes/placeholder.md", "recipes/new.md");

        write("pom.xml", "<project/>");
        assertThat(outcomes(run(changedSince("HEAD", cacheDirectory()), CookbookRunner.Mode.VERIFY)))
                .hasSize(3);
    }

    @Test
    void aFixtureWrittenInACommentedPathCountsForChangedSinceOnceItWasRead() throws Exception {
        writeCommentedPathRecipe();
        commitTheProject();
        verify(SETTINGS);

        append("fixtures/shared/data.csv", "2,b,20,2024-03-01 10:00:02\n");

        assertThat(outcomes(run(changedSince("HEAD", cacheDirectory()), CookbookRunner.Mode.VERIFY)))
                .containsOnlyKeys("recipes/commented.md")
                .containsEntry("recipes/commented.md", "failed");
    }

    /**
     * A fixture reached through a symbolic link (a link a pull request commits, to a file or on a
     * directory of the way) is read at its target: pointing the link at another file changes what
     * the recipe reads, though no file the engine read changed, and git names only the link.
     */
    @Test
    void aFixtureReachedThroughALinkRunsAgainWhenALinkOnTheWayIsPointedElsewhere() throws Exception {
        String one = "1,a,10,2024-03-01 10:00:01\n";
        String two = one + "2,b,20,2024-03-01 10:00:02\n";
        write("fixtures/shared/one.csv", one);
        write("fixtures/shared/two.csv", two);
        write("fixtures/sets/first/data.csv", one);
        write("fixtures/sets/second/data.csv", two);
        Files.createSymbolicLink(project.resolve("fixtures/shared/current.csv"), Path.of("one.csv"));
        Files.createSymbolicLink(project.resolve("fixtures/sets/now"), Path.of("first"));
        for (String name : List.of("file", "directory")) {
            String path = name.equals("file") ? "fixtures/shared/current.csv" : "fixtures/sets/now/data.csv";
            write(
                    "recipes/linked-" + name + ".md",
                    "# Linked\n```sql\nCREATE TABLE events " + EVENTS
                            + " WITH ('connector' = 'filesystem', 'path' = '" + path + "', 'format' = 'csv');\n"
                            + COUNT + "\n```\n");
        }
        run(RecipeCache.none(), CookbookRunner.Mode.WRITE_EXPECTED);
        commitTheProject();
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/linked-file.md", "passed")
                .containsEntry("recipes/linked-directory.md", "passed");

        relink("fixtures/shared/current.csv", "two.csv");
        relink("fixtures/sets/now", "second");

        assertThat(outcomes(run(changedSince("HEAD", cacheDirectory()), CookbookRunner.Mode.VERIFY)))
                .as("git names the links only")
                .containsOnlyKeys("recipes/linked-file.md", "recipes/linked-directory.md");
        assertThat(verify(SETTINGS))
                .containsEntry("recipes/linked-file.md", "failed")
                .containsEntry("recipes/linked-directory.md", "failed")
                .containsEntry("recipes/bound.md", "cached");
    }

    private void relink(String link, String target) throws IOException {
        Files.delete(project.resolve(link));
        Files.createSymbolicLink(project.resolve(link), Path.of(target));
    }

    @Test
    void aReferenceThatGitWouldReadAsAnOptionIsRefusedAndWritesNothing() throws Exception {
        commitTheProject();
        Path written = project.resolve("written.txt");

        for (String ref : List.of("--output=" + written, "-p")) {
            assertThatThrownBy(() -> ChangedSince.ask(ref, project))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cookbook.changedSince=" + ref + " is not a git revision")
                    .hasMessageEndingWith("such as -Dcookbook.changedSince=origin/main");
        }
        assertThatThrownBy(() -> ChangedSince.ask("HEAD --output=" + written, project))
                .hasMessageContaining("cookbook.changedSince needs git");
        assertThat(written).doesNotExist();
        assertThat(ChangedSince.ask("HEAD", project).ref()).isEqualTo("HEAD");
    }

    @Test
    void gitIsToldTheRepositoryAndNeverTakesACommittedDirectoryOfTheProjectForOne(@TempDir Path checkout)
            throws Exception {
        // a cookbook below the top of a checkout, into which a pull request committed a repository's files
        Path cookbook = Files.createDirectories(checkout.resolve("cookbook"));
        Files.writeString(cookbook.resolve("pom.xml"), "<project/>");
        Path donor = Files.createDirectories(checkout.resolve("donor"));
        for (List<String> step : List.of(
                List.of("init", "-q"),
                List.of("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"))) {
            gitIn(donor, step);
        }
        try (var files = Files.walk(donor.resolve(".git"))) {
            for (Path file : files.toList()) {
                Path name = donor.resolve(".git").relativize(file);
                if (name.toString().equals("HEAD") || name.startsWith("objects") || name.startsWith("refs")) {
                    Files.copy(file, cookbook.resolve(name.toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Path ran = checkout.resolve("fsmonitor-ran");
        Files.writeString(
                cookbook.resolve("config"),
                "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = .\n" + "\tfsmonitor = \"touch "
                        + ran + "; echo\"\n");
        gitIn(checkout, List.of("init", "-q"));
        gitIn(checkout, List.of("add", "cookbook/pom.xml"));
        gitIn(checkout, List.of("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "cookbook"));
        Files.writeString(cookbook.resolve("pom.xml"), "<project><!-- changed --></project>");

        ChangedSince changed = ChangedSince.ask("HEAD", cookbook);

        assertThat(ran).doesNotExist();
        assertThat(changed.touchesBuild()).isTrue(); // the checkout's own history: its pom.xml changed
    }

    private static void gitIn(Path directory, List<String> arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertThat(process.waitFor()).isZero();
    }

    @Test
    void theCodeOfAFunctionClassKeysPassesSoARebuiltFunctionJarRunsItsRecipesAgain(@TempDir Path code)
            throws Exception {
        Path jar = code.resolve("functions.jar");
        writeJar(jar, new byte[] {1, 2, 3});
        Path classes = Files.createDirectories(code.resolve("classes/com/example"));
        Files.write(classes.resolve("Loose.class"), new byte[] {4});
        List<String> names = List.of("com.example.Upper", "com.example.Loose", "com.example.Missing");
        java.util.Map<String, String> before;
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {
                    jar.toUri().toURL(), code.resolve("classes").toUri().toURL()
                },
                null)) {
            before = RecipeCache.functionCode(names, loader);
        }
        assertThat(before.get("com.example.Missing")).isEqualTo("missing");
        assertThat(before.get("com.example.Upper")).hasSize(64);

        writeJar(jar, new byte[] {1, 2, 4}); // the same class, rebuilt with other code
        Files.write(classes.resolve("Loose.class"), new byte[] {5});
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {
                    jar.toUri().toURL(), code.resolve("classes").toUri().toURL()
                },
                null)) {
            java.util.Map<String, String> after = RecipeCache.functionCode(names, loader);
            assertThat(after.get("com.example.Upper")).isNotEqualTo(before.get("com.example.Upper"));
            assertThat(after.get("com.example.Loose")).isNotEqualTo(before.get("com.example.Loose"));
            assertThat(after.get("com.example.Missing")).isEqualTo("missing");
        }
    }

    private static void writeJar(Path jar, byte[] classBytes) throws IOException {
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("com/example/Upper.class"));
            out.write(classBytes);
            out.closeEntry();
        }
    }

    /** The project as the first commit of a new git repository. */
    private void commitTheProject() throws Exception {
        git("init", "-q");
        git("add", ".");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "cookbook");
    }

    private RecipeCache changedSince(String ref, Path cacheDirectory) {
        return new RecipeCache(store(cacheDirectory), SETTINGS, ChangedSince.ask(ref, project), Duration.ofSeconds(60));
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
        return new RecipeCache(store(cacheDirectory()), settings, null, Duration.ofSeconds(60));
    }

    private CacheDirectory store(Path root) {
        try {
            return root == null ? null : CacheDirectory.of(root, project);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored passes of the project, in name order. */
    private List<Path> entries() throws IOException {
        try (Stream<Path> files = Files.walk(cacheDirectory())) {
            return files.filter(file -> file.toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
    }

    private List<String> entriesText() throws IOException {
        List<String> texts = new ArrayList<>();
        for (Path entry : entries()) {
            texts.add(Files.readString(entry));
        }
        return texts;
    }

    private static String entryName(String displayPath) {
        return java.util.HexFormat.of()
                        .formatHex(org.flinkcookbook.io.FileDigests.sha256()
                                .digest(displayPath.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                + ".json";
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
        return cacheRoot.resolve("passes");
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
