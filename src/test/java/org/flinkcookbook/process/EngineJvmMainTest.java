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
}
