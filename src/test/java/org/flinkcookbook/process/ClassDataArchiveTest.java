package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {

    @TempDir
    Path directory;

    @Test
    void theFirstJvmWritesTheArchiveAndTheNextMapsIt() throws Exception {
        List<Path> classPath = List.of(Files.writeString(directory.resolve("plugin.jar"), "jar"));
        ClassDataArchive first = ClassDataArchive.in(directory.resolve("cds"), classPath);
        assertThat(first.flags()).singleElement().asString().startsWith("-XX:ArchiveClassesAtExit=");
        assertThat(java(first.flags(), "-version")).isZero();
        first.keep();

        List<String> mapping =
                ClassDataArchive.in(directory.resolve("cds"), classPath).flags();
        assertThat(mapping).singleElement().asString().startsWith("-XX:SharedArchiveFile=");
        // -Xshare:on makes the JVM fail rather than run without an archive it refuses
        List<String> strict = new ArrayList<>(mapping);
        strict.add("-Xshare:on");
        assertThat(java(strict, "-version")).isZero();
        try (var files = Files.list(directory.resolve("cds"))) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .singleElement()
                    .asString()
                    .matches("engine-[0-9a-f]{24}\\.jsa");
        }
    }

    @Test
    void aJarChangedInPlaceGetsAnArchiveOfItsOwn() throws Exception {
        Path jar = Files.writeString(directory.resolve("plugin.jar"), "jar");
        String before = ClassDataArchive.key(List.of(jar));
        assertThat(ClassDataArchive.key(List.of(jar))).isEqualTo(before);

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        assertThat(ClassDataArchive.key(List.of(jar))).isNotEqualTo(before);
        String touched = ClassDataArchive.key(List.of(jar));
        Files.writeString(jar, "a longer jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        assertThat(ClassDataArchive.key(List.of(jar))).isNotEqualTo(touched);
    }

    @Test
    void keepingANewArchiveDeletesThoseUnusedForAWeek() throws Exception {
        Path cds = Files.createDirectories(directory.resolve("cds"));
        Path stale = Files.writeString(cds.resolve("engine-000000000000000000000000.jsa"), "old");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofDays(8))));
        Path recent = Files.writeString(cds.resolve("engine-111111111111111111111111.jsa"), "recent");
        Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(Duration.ofDays(6))));
        ClassDataArchive archive =
                ClassDataArchive.in(cds, List.of(Files.writeString(directory.resolve("plugin.jar"), "jar")));
        String written = archive.flags().get(0).substring("-XX:ArchiveClassesAtExit=".length());
        Files.writeString(Path.of(written), "archive");

        archive.keep();

        assertThat(stale).doesNotExist();
        assertThat(recent).exists();
        assertThat(Path.of(written)).doesNotExist();
        assertThat(ClassDataArchive.in(cds, List.of(directory.resolve("plugin.jar")))
                        .flags())
                .singleElement()
                .asString()
                .startsWith("-XX:SharedArchiveFile=");
    }

    @Test
    void theKeeperKeepsAnArchiveOnlyWhenItsJvmExitsCleanly() throws Exception {
        List<Path> classPath = List.of(Files.writeString(directory.resolve("plugin.jar"), "jar"));
        List<String> clean = ClassDataArchive.in(directory.resolve("cds"), classPath)
                .command(List.of(java()), "unused", List.of("-version"));
        assertThat(clean).contains(ClassDataArchive.class.getName());
        assertThat(keeper(clean)).isZero();
        assertThat(ClassDataArchive.in(directory.resolve("cds"), classPath).flags())
                .singleElement()
                .asString()
                .startsWith("-XX:SharedArchiveFile=");

        Path other = directory.resolve("other");
        List<String> failing = ClassDataArchive.in(other, classPath)
                .command(List.of(java()), directory.toString(), List.of("NoSuchMainClass"));
        assertThat(keeper(failing)).isEqualTo(1); // the engine JVM's exit code
        try (var files = Files.list(other)) {
            // neither a kept archive nor what the failed JVM wrote: the keepers' lock alone
            assertThat(files.map(path -> path.getFileName().toString()))
                    .singleElement()
                    .asString()
                    .endsWith(".jsa.lock");
        }
    }

    @Test
    void whileOneKeeperWritesTheArchiveAnotherRunsItsJvmWithoutWritingOne() throws Exception {
        List<Path> classPath = List.of(Files.writeString(directory.resolve("plugin.jar"), "jar"));
        ClassDataArchive archive = ClassDataArchive.in(directory.resolve("cds"), classPath);
        List<String> command = archive.command(List.of(java()), "unused", List.of("-version"));
        Path archiveFile = Path.of(command.get(command.indexOf(ClassDataArchive.class.getName()) + 2));
        try (FileChannel lockFile = FileChannel.open(
                        archiveFile.resolveSibling(archiveFile.getFileName() + ".lock"),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                FileLock writing = lockFile.lock()) {
            assertThat(keeper(command)).isZero();
        }
        try (var files = Files.list(directory.resolve("cds"))) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .containsOnly(archiveFile.getFileName() + ".lock");
        }

        assertThat(keeper(command)).isZero();
        assertThat(archiveFile).isRegularFile();
    }

    @Test
    void theBuildReadsTheEngineJvmsStreamsOnlyAndNotTheKeepers() throws Exception {
        // as the engine JVM does once it has answered: its streams closed, while it goes on writing the archive
        Process keeper = new ProcessBuilder(
                        java(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ClassDataArchive.class.getName(),
                        directory.resolve("archive.tmp").toString(),
                        directory.resolve("archive").toString(),
                        "sh",
                        "-c",
                        "echo answered; exec >&- 2>&-; sleep 5")
                .redirectErrorStream(true)
                .start();
        try {
            assertThat(new String(keeper.getInputStream().readAllBytes())).isEqualTo("answered\n");
            assertThat(keeper.isAlive()).isTrue();
        } finally {
            keeper.descendants().forEach(ProcessHandle::destroyForcibly);
            keeper.destroyForcibly();
        }
    }

    @Test
    void noDirectoryNoArchive() {
        ClassDataArchive none = ClassDataArchive.in(null, List.of());
        assertThat(none.flags()).isEmpty();
        none.keep();
    }

    /** Runs the keeper's command (its class from the test's class path) to its end, with the engine JVM it starts. */
    private static int keeper(List<String> command) throws Exception {
        List<String> withClassPath = new ArrayList<>(command);
        withClassPath.set(withClassPath.indexOf("-cp") + 1, System.getProperty("java.class.path"));
        return new ProcessBuilder(withClassPath)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor();
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int java(List<String> flags, String argument) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.add(argument);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor();
    }
}
