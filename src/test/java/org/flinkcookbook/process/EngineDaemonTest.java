package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineChoice;
import org.flinkcookbook.run.EngineKind;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.testing.ConsoleLines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine daemon, started for real on Flink as a build starts it: reused from one request to the
 * next, seeing a changed recipe in spite of the results it remembers, keeping nothing of one
 * request's SQL for the next, replaced when killed, and stopped by cookbook:stop.
 */
class EngineDaemonTest {

    private static final List<Path> CLASS_PATH = Arrays.stream(
                    System.getProperty("java.class.path").split(File.pathSeparator))
            .map(Path::of)
            .toList();
    private static final List<String> FLAGS = EngineJvm.daemonFlags(CLASS_PATH, null);

    @TempDir
    Path project;

    private final Set<Long> daemons = new HashSet<>();

    @AfterEach
    void stopDaemons() throws Exception {
        daemons.forEach(pid -> ProcessHandle.of(pid).ifPresent(HardTimeout::kill));
        DaemonAddress address = DaemonAddress.of(project, DaemonClient.buildKey(CLASS_PATH, FLAGS));
        for (Path file : List.of(address.socket(), address.lock(), address.log())) {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void theWarmEngineIsReusedSeesAChangeKeepsNoSqlOfAnEarlierRequestAndIsReplacedWhenKilled() throws Exception {
        Files.createDirectories(project.resolve("recipes"));
        Files.createDirectories(project.resolve("fixtures"));
        Files.writeString(project.resolve("fixtures/events.csv"), "1,a\n2,b\n3,c\n");
        Path recipe = Files.writeString(project.resolve("recipes/filter.md"), """
                # Filter

                ```sql
                CREATE TABLE events (id INT, name STRING)
                  WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');

                SELECT id, name FROM events WHERE id > 1;
                ```
                """);
        Files.writeString(project.resolve("recipes/leak.md"), """
                # Reads a table only an earlier request created

                ```sql
                SELECT id, name FROM events;
                ```
                """);

        DaemonClient.DaemonRun written = run(CookbookRunner.Mode.WRITE_EXPECTED, "filter", new ConsoleLines());
        assertThat(written.verdict().failsBuild()).isFalse();
        assertThat(project.resolve("recipes/filter.expected")).content().contains("| 3 | c");

        DaemonClient.DaemonRun passed = run(CookbookRunner.Mode.VERIFY, "filter", new ConsoleLines());
        assertThat(passed.pid()).isEqualTo(written.pid());
        assertThat(passed.verdict().failsBuild()).isFalse();

        Files.writeString(recipe, Files.readString(recipe).replace("id > 1", "id > 2"));
        ConsoleLines changed = new ConsoleLines();
        DaemonClient.DaemonRun failed = run(CookbookRunner.Mode.VERIFY, "filter", changed);
        assertThat(failed.pid()).isEqualTo(written.pid());
        assertThat(failed.verdict().failsBuild()).isTrue();
        assertThat(changed.lines).anyMatch(line -> line.startsWith("ERROR FAILED") && line.contains("filter.md"));

        ConsoleLines leak = new ConsoleLines();
        DaemonClient.DaemonRun isolated = run(CookbookRunner.Mode.VERIFY, "leak", leak);
        assertThat(isolated.pid()).isEqualTo(written.pid());
        assertThat(isolated.verdict().failsBuild()).isTrue();
        assertThat(leak.lines).anyMatch(line -> line.contains("leak.md") && line.contains("events"));

        DaemonAddress address = DaemonAddress.of(project, DaemonClient.buildKey(CLASS_PATH, FLAGS));
        assertThat(address.log()).content().contains("serving " + project);
        try (FileChannel lockFile = FileChannel.open(address.lock(), StandardOpenOption.WRITE);
                FileLock anotherBuild = lockFile.lock()) {
            ConsoleLines second = new ConsoleLines();
            assertThat(exchange(CookbookRunner.Mode.VERIFY, "filter", second)).isEmpty();
            assertThat(second.lines)
                    .containsExactly(
                            "INFO Another build is using the warm engine: this one starts an engine JVM of its own");
        }

        ProcessHandle killed = ProcessHandle.of(written.pid()).orElseThrow();
        HardTimeout.kill(killed);
        killed.onExit().get(30, TimeUnit.SECONDS);
        DaemonClient.DaemonRun replaced = run(CookbookRunner.Mode.VERIFY, "filter", new ConsoleLines());
        assertThat(replaced.pid()).isNotEqualTo(written.pid());
        assertThat(replaced.verdict().failsBuild()).isTrue();

        ConsoleLines stopping = new ConsoleLines();
        DaemonClient.stop(project, stopping);
        assertThat(stopping.lines).anyMatch(line -> line.contains("Stopped the warm engine"));
        ProcessHandle.of(replaced.pid()).ifPresent(stopped -> stopped.onExit().join());
        ConsoleLines none = new ConsoleLines();
        DaemonClient.stop(project, none);
        assertThat(none.lines).containsExactly("INFO No warm engine runs for " + project);
    }

    @Test
    void aWarmEngineStopsWhenIdleForItsTimeout() throws Exception {
        Files.createDirectories(project.resolve("recipes"));
        long pid = runNothing(CLASS_PATH, Duration.ofSeconds(2));

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::onExit).orElseThrow())
                .succeedsWithin(Duration.ofSeconds(60));
    }

    /**
     * Started by a shell that exits at once: a child of the build's JVM would keep one of its
     * threads waiting for it in native code, which that JVM waits for up to 300 ms as it exits.
     * (One warm engine for both checks: each start is a cold Flink JVM.)
     */
    @Test
    void aWarmEngineIsNoChildOfTheBuildsJvmAndStopsWhenThePluginsJarsChange() throws Exception {
        Files.createDirectories(project.resolve("recipes"));
        Path jar = Files.writeString(project.resolve("plugin.jar"), "");
        List<Path> classPath = new java.util.ArrayList<>(CLASS_PATH);
        classPath.add(jar);
        long pid = runNothing(classPath, Duration.ofMinutes(10));
        ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();

        assertThat(ProcessHandle.current().children().map(ProcessHandle::pid)).doesNotContain(pid);
        Thread.sleep(1500);
        assertThat(daemon.isAlive()).isTrue();

        Files.writeString(jar, "rebuilt");

        assertThat(daemon.onExit()).succeedsWithin(Duration.ofSeconds(60));
    }

    @Test
    void aWarmEngineThatCannotStartLeavesTheBuildToAnEngineJvmOfItsOwnAndSaysWhereItsLogIs() throws Exception {
        Files.createDirectories(project.resolve("recipes"));
        List<String> broken = List.of("-XX:+NoSuchOptionOfTheJvm");
        DaemonAddress address = DaemonAddress.of(project, DaemonClient.buildKey(CLASS_PATH, broken));
        ConsoleLines console = new ConsoleLines();
        try {
            Optional<DaemonClient.DaemonRun> run = DaemonClient.exchange(
                    request(CookbookRunner.Mode.VERIFY, "none", false),
                    CLASS_PATH,
                    broken,
                    Duration.ofMinutes(10),
                    console);

            assertThat(run).isEmpty();
            assertThat(console.lines)
                    .singleElement()
                    .asString()
                    .startsWith("WARN The warm engine ")
                    .contains(address.log().toString())
                    .endsWith("this build starts an engine JVM of its own");
            assertThat(Files.readString(address.log())).contains("NoSuchOptionOfTheJvm");
        } finally {
            for (Path file : List.of(address.socket(), address.lock(), address.log())) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** A request that matches no recipe: the daemon starts and answers, and runs nothing. */
    private long runNothing(List<Path> classPath, Duration idleTimeout) throws Exception {
        DaemonClient.DaemonRun run = DaemonClient.exchange(
                        request(CookbookRunner.Mode.VERIFY, "none", false),
                        classPath,
                        FLAGS,
                        idleTimeout,
                        new ConsoleLines())
                .orElseThrow();
        daemons.add(run.pid());
        assertThat(run.verdict().failsBuild()).isFalse();
        return run.pid();
    }

    @Test
    void aCiServerGetsNoDaemonUnlessAsked() {
        assertThat(DaemonClient.onByDefault(Map.of())).isTrue();
        assertThat(DaemonClient.onByDefault(Map.of("HOME", "/home/author"))).isTrue();
        assertThat(DaemonClient.onByDefault(Map.of("CI", "true"))).isFalse();
        assertThat(DaemonClient.onByDefault(Map.of("GITHUB_ACTIONS", "true"))).isFalse();
        assertThat(DaemonClient.onByDefault(Map.of("JENKINS_URL", "http://ci/")))
                .isFalse();
        assertThat(DaemonClient.onByDefault(Map.of("CI", "false"))).isTrue();
    }

    private DaemonClient.DaemonRun run(CookbookRunner.Mode mode, String recipe, Console console) throws Exception {
        DaemonClient.DaemonRun run = exchange(mode, recipe, console).orElseThrow();
        daemons.add(run.pid());
        return run;
    }

    private Optional<DaemonClient.DaemonRun> exchange(CookbookRunner.Mode mode, String recipe, Console console)
            throws Exception {
        return DaemonClient.exchange(request(mode, recipe, true), CLASS_PATH, FLAGS, Duration.ofSeconds(120), console);
    }

    /** Verify remembers statements' results on the daemon, as with cookbook.cache; expected does not. */
    private GoalRequest request(CookbookRunner.Mode mode, String recipe, boolean failIfNoSpecifiedRecipes) {
        EngineChoice flink = new EngineChoice(
                EngineKind.FLINK, false, project.resolve("fixtures").toString(), 60, false, null, false, false);
        RunSettings.CacheChoice rememberResults =
                mode == CookbookRunner.Mode.VERIFY ? new RunSettings.CacheChoice(null, null) : null;
        RunSettings settings = new RunSettings(
                project,
                project.resolve("recipes"),
                project.resolve("fixtures"),
                recipe,
                false,
                project.resolve("target/cookbook"),
                project.resolve("target/cookbook-reports"),
                project.resolve("target"),
                1000,
                Set.of(),
                null,
                1,
                failIfNoSpecifiedRecipes,
                GoalCommand.PREFIX,
                flink,
                rememberResults);
        return new GoalRequest(mode, settings);
    }
}
