package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.flinkcookbook.run.RunVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineJvmMainTest {

    @TempDir
    Path exchange;

    @Test
    void theAnswerGoesOutOnceEvenAfterTheBuildDeletedIt() throws Exception {
        Path file = exchange.resolve("answer");
        AtomicInteger letGo = new AtomicInteger();
        EngineJvmMain.AnswerFile answer = new EngineJvmMain.AnswerFile(file, letGo::incrementAndGet);

        answer.write(new RunVerdict(false, "1 recipe passed", ""));
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
            assertThat(in.readObject()).isEqualTo(new RunVerdict(false, "1 recipe passed", ""));
        }
        // the build deletes the exchange directory as soon as it has read the answer
        Files.delete(file);
        Files.delete(exchange);
        answer.write(new IllegalStateException("Flink failed while it closed"));

        assertThat(exchange).doesNotExist();
        assertThat(letGo).hasValue(1);
    }

    /**
     * An engine JVM whose Flink does not close after the answer went out halts, and removes its
     * temporary files (Flink's unpacked jars) first: the build no longer waits for it, and nobody
     * else removes them. One whose Flink closed in time (interrupted) does neither.
     */
    @Test
    void aJvmWhoseFlinkDoesNotCloseRemovesItsTemporaryFilesBeforeItHalts() throws Exception {
        Path temporary = Files.createDirectories(exchange.resolve("tmp/flink-dist-cache"));
        Files.writeString(temporary.resolve("flink-dist.jar"), "unpacked");
        java.util.concurrent.CompletableFuture<Integer> halted = new java.util.concurrent.CompletableFuture<>();

        EngineJvmMain.closeWatchdog(exchange.resolve("tmp"), 10, halted::complete)
                .start();

        assertThat(halted.get(1, java.util.concurrent.TimeUnit.MINUTES)).isEqualTo(1);
        assertThat(exchange.resolve("tmp")).doesNotExist();

        Path kept = Files.createDirectories(exchange.resolve("kept"));
        java.util.concurrent.CompletableFuture<Integer> never = new java.util.concurrent.CompletableFuture<>();
        Thread closedInTime = EngineJvmMain.closeWatchdog(kept, 60_000, never::complete);
        closedInTime.start();
        closedInTime.interrupt();
        closedInTime.join(60_000);
        assertThat(closedInTime.isAlive()).isFalse();
        assertThat(never).isNotDone();
        assertThat(kept).exists();
    }

    @Test
    void aRecipesStartHeartbeatsAndEndAreOneProtocolLineEachWithTheSamePath() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        EngineJvmMain.ProtocolConsole console = new EngineJvmMain.ProtocolConsole(
                new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));

        console.recipeStarted("recipes/a\n::error::b.md");
        console.statementStarted("recipes/a\n::error::b.md", 4);
        console.recipeDone("recipes/a\n::error::b.md");

        assertThat(bytes.toString(java.nio.charset.StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "@cookbook:S recipes/a?::error::b.md",
                        "@cookbook:T 4 recipes/a?::error::b.md",
                        "@cookbook:D recipes/a?::error::b.md");
    }
}
