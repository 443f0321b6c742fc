package org.flinkcookbook.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.flinkcookbook.testing.ProjectSettings;
import org.flinkcookbook.testing.RecordingConsole;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watch loop on the simulator over a real directory: saves, keys and stopping, without Maven or a terminal. */
class WatchLoopTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String EVENTS = "CREATE TABLE events (id INT, k STRING, v INT, ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');";
    private static final String COUNT = "SELECT window_start, COUNT(*) AS n, SUM(v) AS total "
            + "FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;";

    @TempDir
    Path project;

    private final RecordingConsole console = new RecordingConsole();
    private final List<String> output = console.lines();
    private final Keys keys = new Keys();
    private SimulatorEngine engine;
    private WatchLoop loop;
    private Thread looping;
    private final AtomicReference<List<RecipeOutcome>> last = new AtomicReference<>();

    @BeforeEach
    void cookbook() throws IOException {
        write("recipes/lab.md", recipe(""));
        write(
                "recipes/other.md",
                "# Other\n<!-- cookbook:fixture events = other.csv -->\n```sql\n" + EVENTS + "\n" + COUNT + "\n```\n");
        write("recipes/README.md", "# Not a recipe\n");
        write("fixtures/events.csv", "1,a,10,2024-03-01 10:00:01\n2,b,20,2024-03-01 10:00:02\n");
        write("fixtures/other.csv", "1,a,10,2024-03-01 10:00:01\n");
        engine = new SimulatorEngine(project.resolve("fixtures"), false);
        runner().runRecipes(runner().findRecipes(), CookbookRunner.Mode.WRITE_EXPECTED);
        output.clear();
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (looping != null) {
            loop.stop();
            looping.join(PATIENCE.toMillis());
        }
        engine.close();
    }

    @Test
    void aSaveRunsOnlyTheRecipesItAffects() throws Exception {
        start();
        await(line -> line.startsWith("Watching 2 recipes on simulator"));
        assertThat(output).anyMatch(line -> line.startsWith("PASSED       recipes/lab.md (1 result, "));
        output.clear();

        write("recipes/lab.md", recipe("\nSome prose the author just wrote.\n"));
        await(line -> line.matches("1 recipe run in \\d+\\.\\d\\d s after the change of recipes/lab.md: all pass"));
        assertThat(output).first().isEqualTo("Saved recipes/lab.md: running 1 recipe");
        assertThat(progressLines()).containsExactly("PASSED recipes/lab.md");
        output.clear();

        append("fixtures/other.csv", "2,a,5,2024-03-01 10:00:02\n");
        await(line -> line.startsWith("1 recipe run in"));
        assertThat(progressLines()).containsExactly("FAILED recipes/other.md");
        assertThat(output)
                .anyMatch(line -> line.startsWith("  recipes/other.md:5: SELECT window_start"))
                .contains("  press u to accept the new values into its expected file")
                .noneMatch(line -> line.contains("mvn cookbook:expected"));
        output.clear();

        // a new recipe the simulator does not model is no pass
        write(
                "recipes/joined.md",
                "# Joined\n<!-- cookbook:fixture events = events.csv -->\n```sql\n" + EVENTS
                        + "\nSELECT a.id FROM events a LEFT JOIN events b ON a.id = b.id;\n```\n");
        await(line -> line.startsWith("1 recipe run in"));
        assertThat(output).anyMatch(line -> line.endsWith("after the change of recipes/joined.md: 1 unsupported"));
        Files.delete(project.resolve("recipes/joined.md"));
        output.clear();

        write("recipes/README.md", "# Still not a recipe, edited\n");
        write("fixtures/unread.csv", "1\n");
        keys.type("a\n");
        await(line -> line.startsWith("Watching 2 recipes on"));
        assertThat(progressLines())
                .as("only the key ran recipes")
                .containsExactly("PASSED recipes/lab.md", "FAILED recipes/other.md");
    }

    @Test
    void uAcceptsTheFailingRecipesValuesAndItsExpectedFileVerifiesAgain() throws Exception {
        start();
        await(line -> line.startsWith("Watching 2 recipes"));
        append("fixtures/events.csv", "3,c,30,2024-03-01 10:00:07\n");
        await(line ->
                line.startsWith("Watching 2 recipes on simulator; press u to accept the new values of recipes/lab.md"));
        String before = Files.readString(project.resolve("recipes/lab.expected"));
        output.clear();

        keys.type("update\n");
        await(line -> line.startsWith("Type u to accept"));
        assertThat(progressLines()).as("a word is not taken for its letters").isEmpty();

        keys.type("u\n");
        await(line -> line.startsWith("1 recipe run in"));

        assertThat(progressLines()).containsExactly("WRITTEN recipes/lab.md", "PASSED recipes/lab.md");
        assertThat(Files.readString(project.resolve("recipes/lab.expected")))
                .isNotEqualTo(before)
                .contains("2024-03-01 10:00:05.000 | 1 | 30");
        try (var files = Files.list(project.resolve("recipes"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .as("no temporary file is left")
                    .containsExactlyInAnyOrder("lab.md", "lab.expected", "other.md", "other.expected", "README.md");
        }
        keys.type("u\n");
        await(line -> line.startsWith("Nothing to accept"));
    }

    @Test
    void uAcceptsTheValuesOfEveryFailingRecipeAsJestUpdatesEveryFailingSnapshot() throws Exception {
        start();
        await(line -> line.startsWith("Watching 2 recipes"));
        append("fixtures/events.csv", "3,c,30,2024-03-01 10:00:07\n");
        await(line ->
                line.startsWith("Watching 2 recipes on simulator; press u to accept the new values of recipes/lab.md"));
        append("fixtures/other.csv", "2,a,5,2024-03-01 10:00:02\n");
        await(line ->
                line.startsWith("Watching 2 recipes on simulator; press u to accept the new values of 2 recipes"));
        output.clear();

        keys.type("u\n");
        await(line -> progressLines().containsAll(List.of("PASSED recipes/lab.md", "PASSED recipes/other.md")));

        assertThat(progressLines()).contains("WRITTEN recipes/lab.md", "WRITTEN recipes/other.md");
        assertThat(Files.readString(project.resolve("recipes/lab.expected")))
                .contains("2024-03-01 10:00:05.000 | 1 | 30");
        keys.type("u\n");
        await(line -> line.startsWith("Nothing to accept"));
    }

    @Test
    void inATerminalOneKeyAcceptsWithoutEnterAndTheTerminalGetsItsSettingsBack() throws Exception {
        PipedOutputStream typing = new PipedOutputStream();
        Terminal terminal = TerminalBuilder.builder()
                .system(false)
                .streams(new PipedInputStream(typing), OutputStream.nullOutputStream())
                .type("xterm")
                .build();
        Attributes cooked = new Attributes(terminal.getAttributes());
        assertThat(cooked.getLocalFlag(Attributes.LocalFlag.ICANON)).isTrue();
        start(new TerminalKeyboard(terminal));
        await(line -> line.startsWith("Watching 2 recipes"));
        assertThat(terminal.getAttributes().getLocalFlag(Attributes.LocalFlag.ICANON))
                .as("raw mode while watching")
                .isFalse();
        assertThat(output).contains("Watching 2 recipes on simulator; press a to run all, q to quit");
        append("fixtures/events.csv", "3,c,30,2024-03-01 10:00:07\n");
        await(line -> line.startsWith("Watching 2 recipes on simulator; press u to accept"));
        output.clear();

        typing.write('u');
        typing.flush();
        await(line -> line.startsWith("1 recipe run in"));
        assertThat(progressLines()).containsExactly("WRITTEN recipes/lab.md", "PASSED recipes/lab.md");

        typing.write('q');
        typing.flush();
        looping.join(PATIENCE.toMillis());
        assertThat(looping.isAlive()).isFalse();
        assertThat(terminal.getAttributes().getLocalFlag(Attributes.LocalFlag.ICANON))
                .as("cooked again once the watch ends")
                .isTrue();
    }

    @Test
    void aHalfWrittenRecipeIsReportedAndTheNextSaveRunsItAgain() throws Exception {
        start();
        await(line -> line.startsWith("Watching 2 recipes"));
        output.clear();

        write("recipes/lab.md", "# Lab\n```sql\nCREATE TABLE events (id INT,\n");
        await(line -> line.startsWith("1 recipe run in"));
        assertThat(progressLines()).containsExactly("ERROR recipes/lab.md");
        output.clear();

        write("recipes/lab.md", recipe(""));
        await(line -> line.startsWith("1 recipe run in"));
        assertThat(progressLines()).containsExactly("PASSED recipes/lab.md");
    }

    @Test
    void qQuitsWithEveryRecipesLastOutcome() throws Exception {
        start();
        await(line -> line.startsWith("Watching 2 recipes"));
        keys.type("q\n");
        looping.join(PATIENCE.toMillis());

        assertThat(looping.isAlive()).isFalse();
        assertThat(last.get()).extracting(RecipeOutcome::path).containsExactly("recipes/lab.md", "recipes/other.md");
        assertThat(output).contains("Stopped watching");
    }

    @Test
    void stoppingAsCtrlCDoesLeavesNoThreadBehind() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        start();
        await(line -> line.startsWith("Watching 2 recipes"));
        assertThat(newThreads(before))
                .as("the JDK's file watcher runs while watching")
                .isNotEmpty();

        loop.stop(); // what the shutdown hook does on Ctrl-C
        looping.join(PATIENCE.toMillis());

        assertThat(looping.isAlive()).isFalse();
        assertThat(output).contains("Stopped watching");
        assertThat(newThreads(before)).isEmpty();
    }

    private Set<String> newThreads(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Set<Thread> started;
        do {
            started = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> !before.contains(thread) && thread != looping && thread.isAlive())
                    .collect(Collectors.toSet());
            if (!started.isEmpty() && loopEnded()) {
                Thread.sleep(20); // a closed watcher's thread takes a moment to end
            }
        } while (!started.isEmpty() && loopEnded() && System.nanoTime() < deadline);
        return started.stream().map(Thread::getName).collect(Collectors.toSet());
    }

    private boolean loopEnded() {
        return looping != null && !looping.isAlive();
    }

    private void start() {
        start(Keyboard.lines(keys));
    }

    private void start(Keyboard keyboard) {
        loop = new WatchLoop(settings(), runner(), "simulator", console, keyboard, Clock.systemUTC());
        looping = new Thread(
                () -> {
                    try {
                        last.set(loop.run());
                    } catch (IOException e) {
                        output.add("failed: " + e);
                    }
                },
                "watch-under-test");
        looping.start();
    }

    private CookbookRunner runner() {
        return new CookbookRunner(settings(), engine, null, console, RecipeCache.none());
    }

    private RunSettings settings() {
        return ProjectSettings.of(project, "recipes", null);
    }

    private static String recipe(String prose) {
        return "# Lab\n<!-- cookbook:fixture events = events.csv -->\n```sql\n" + EVENTS + "\n" + COUNT + "\n```\n"
                + prose;
    }

    /** The progress lines printed so far, as "STATUS path". */
    private List<String> progressLines() {
        return output.stream()
                .filter(line -> line.matches("[A-Z-]+ +recipes/\\S+ \\(.*"))
                .map(line -> line.replaceAll("^([A-Z-]+) +(\\S+) .*", "$1 $2"))
                .toList();
    }

    private void await(Predicate<String> line) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (output.stream().noneMatch(line)) {
            assertThat(System.nanoTime())
                    .as("waiting for a line; printed so far: %s", output)
                    .isLessThan(deadline);
            assertThat(looping.isAlive())
                    .as("the loop is still running; printed: %s", output)
                    .isTrue();
            Thread.sleep(10);
        }
    }

    private void write(String path, String text) throws IOException {
        Files.createDirectories(project.resolve(path).getParent());
        Files.writeString(project.resolve(path), text);
    }

    private void append(String path, String text) throws IOException {
        Files.writeString(project.resolve(path), text, StandardOpenOption.APPEND);
    }

    /** Keys typed into the loop, as a terminal would give them. */
    private static final class Keys extends InputStream {
        private final LinkedBlockingQueue<Integer> typed = new LinkedBlockingQueue<>();

        void type(String text) {
            for (byte key : text.getBytes(StandardCharsets.UTF_8)) {
                typed.add((int) key);
            }
        }

        @Override
        public int available() {
            return typed.size();
        }

        @Override
        public int read() throws IOException {
            try {
                return typed.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }
}
