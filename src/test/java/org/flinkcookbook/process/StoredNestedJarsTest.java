package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredNestedJarsTest {

    @TempDir
    Path directory;

    private final byte[] planner = "the planner's jar, ".repeat(5_000).getBytes(StandardCharsets.UTF_8);

    @Test
    void flinksInnerJarsComeStoredFromAJarBeforeTheLoadersAndReadTheSame() throws IOException {
        Path loader = loader("flink-table-planner-loader-2.3.0.jar", "flink-table-planner.jar", planner);
        Path other = loader("flink-core-2.3.0.jar", "inner.jar", planner); // not a loader: left alone
        Path cache = directory.resolve("cache");

        List<Path> classPath = StoredNestedJars.first(List.of(other, loader), cache);

        assertThat(classPath).hasSize(3).endsWith(other, loader);
        Path stored = classPath.get(0);
        assertThat(stored.getParent()).isEqualTo(cache);
        try (ZipFile zip = new ZipFile(stored.toFile())) {
            assertThat(zip.stream().map(ZipEntry::getName)).containsExactly("flink-table-planner.jar");
            assertThat(zip.getEntry("flink-table-planner.jar").getMethod()).isEqualTo(ZipEntry.STORED);
        }
        // Flink's PlannerModule reads it as a class-path resource: the stored copy comes first, byte for byte
        URL[] urls = classPath.stream().map(StoredNestedJarsTest::url).toArray(URL[]::new);
        try (URLClassLoader classes = new URLClassLoader(urls, null);
                InputStream resource = classes.getResourceAsStream("flink-table-planner.jar")) {
            assertThat(classes.getResource("flink-table-planner.jar").toString())
                    .contains(stored.getFileName().toString());
            assertThat(resource.readAllBytes()).isEqualTo(planner);
        }
    }

    @Test
    void theCopyIsWrittenOnceSoItsTimeAndTheClassDataArchivesKeyStay() throws IOException {
        Path loader = loader("flink-rpc-akka-loader-2.3.0.jar", "flink-rpc-akka.jar", planner);
        Path cache = directory.resolve("cache");
        Path stored = StoredNestedJars.first(List.of(loader), cache).get(0);
        FileTime written = Files.getLastModifiedTime(stored);
        String key = ClassDataArchive.key(List.of(stored, loader));

        assertThat(StoredNestedJars.first(List.of(loader), cache).get(0)).isEqualTo(stored);
        assertThat(Files.getLastModifiedTime(stored)).isEqualTo(written);
        assertThat(ClassDataArchive.key(List.of(stored, loader))).isEqualTo(key);
        try (var left = Files.list(cache)) {
            assertThat(left).containsExactly(stored); // no temporary file behind
        }
    }

    @Test
    void aTruncatedOrForeignCopyIsWrittenAgain() throws IOException {
        Path loader = loader("flink-table-planner-loader-2.3.0.jar", "flink-table-planner.jar", planner);
        Path cache = directory.resolve("cache");
        Path stored = StoredNestedJars.first(List.of(loader), cache).get(0);
        byte[] whole = Files.readAllBytes(stored);

        Files.write(stored, Arrays.copyOf(whole, whole.length / 2));
        assertThat(StoredNestedJars.first(List.of(loader), cache).get(0)).isEqualTo(stored);
        assertThat(nested(stored)).isEqualTo(planner);

        Files.delete(stored);
        Files.copy(
                loader("other.jar", "flink-table-planner.jar", "another jar".getBytes(StandardCharsets.UTF_8)), stored);
        assertThat(StoredNestedJars.first(List.of(loader), cache).get(0)).isEqualTo(stored);
        assertThat(nested(stored)).isEqualTo(planner);
    }

    private static byte[] nested(Path stored) throws IOException {
        try (ZipFile zip = new ZipFile(stored.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("flink-table-planner.jar"))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aNewFlinkGetsACopyOfItsOwnAndCopiesUnusedForAWeekAreDeleted() throws IOException {
        Path cache = directory.resolve("cache");
        Path old = StoredNestedJars.first(
                        List.of(loader("flink-table-planner-loader-2.2.0.jar", "flink-table-planner.jar", planner)),
                        cache)
                .get(0);
        Path recent = StoredNestedJars.first(
                        List.of(loader("flink-rpc-akka-loader-2.2.0.jar", "flink-rpc-akka.jar", planner)), cache)
                .get(0);
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(8))));

        Path current = StoredNestedJars.first(
                        List.of(loader("flink-table-planner-loader-2.3.0.jar", "flink-table-planner.jar", planner)),
                        cache)
                .get(0);

        assertThat(current).isNotIn(old, recent);
        assertThat(old).doesNotExist();
        assertThat(recent).exists();
    }

    @Test
    void withoutADirectoryOrALoaderJarTheClassPathIsAsItWas() throws IOException {
        Path loader = loader("flink-table-planner-loader-2.3.0.jar", "flink-table-planner.jar", planner);
        Path plain = loader("commonmark-0.24.0.jar", "x.jar", planner);

        assertThat(StoredNestedJars.first(List.of(loader), null)).containsExactly(loader);
        assertThat(StoredNestedJars.first(List.of(plain), directory.resolve("cache")))
                .containsExactly(plain);
        assertThat(directory.resolve("cache")).doesNotExist();
    }

    @Test
    void aCacheThatCannotBeWrittenLeavesTheClassPathAsItWas() throws IOException {
        Path loader = loader("flink-table-planner-loader-2.3.0.jar", "flink-table-planner.jar", planner);
        Path notADirectory = Files.writeString(directory.resolve("file"), "x");

        assertThat(StoredNestedJars.first(List.of(loader), notADirectory)).containsExactly(loader);
    }

    /** A jar holding {@code inner} (deflated, as Flink's loader jars hold theirs) and a class. */
    private Path loader(String name, String inner, byte[] content) throws IOException {
        Path jar = directory.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                ZipOutputStream out = new ZipOutputStream(file)) {
            out.putNextEntry(new ZipEntry("org/example/Loader.class"));
            out.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            out.closeEntry();
            out.putNextEntry(new ZipEntry(inner));
            out.write(content);
            out.closeEntry();
        }
        return jar;
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
