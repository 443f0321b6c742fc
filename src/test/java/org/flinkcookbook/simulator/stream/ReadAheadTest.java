package org.flinkcookbook.simulator.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Rows read on the second thread arrive in order with their lines, failures come after the rows before them, and the reader never outlives the call. */
class ReadAheadTest {

    @Test
    void rowsArriveInFileOrderWithTheirLinesAndWatermarks() throws IOException {
        List<String> received = new ArrayList<>();
        ReadAhead.run(
                into -> {
                    for (int i = 1; i <= 10_000; i++) {
                        into.row(new Object[] {i}, i + 1);
                    }
                },
                (values, line) -> received.add(values[0] + "@" + line));

        assertThat(received).hasSize(10_000);
        assertThat(received.get(0)).isEqualTo("1@2");
        assertThat(received.get(9_999)).isEqualTo("10000@10001");
    }

    @Test
    void aReadingFailureReachesTheConsumerAfterTheRowsReadBeforeIt() {
        List<Object> received = new ArrayList<>();
        assertThatThrownBy(() -> ReadAhead.run(
                        into -> {
                            for (int i = 0; i < 5_000; i++) {
                                into.row(new Object[] {i}, i);
                            }
                            throw new IllegalArgumentException("line 5000 is broken");
                        },
                        (values, line) -> received.add(values[0])))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("line 5000 is broken");
        assertThat(received).hasSize(5_000);

        assertThatThrownBy(() -> ReadAhead.run(
                        into -> {
                            throw new java.nio.file.NoSuchFileException("missing.csv");
                        },
                        (values, line) -> {}))
                .isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    @Test
    void aFailingConsumerStopsTheReaderThatWaitsOnTheFullQueue() {
        AtomicInteger produced = new AtomicInteger();
        assertThatThrownBy(() -> ReadAhead.run(
                        into -> {
                            while (true) { // an endless file: only the consumer's failure ends it
                                into.row(new Object[0], produced.incrementAndGet());
                            }
                        },
                        (values, line) -> {
                            if (line == 3) {
                                throw new IllegalStateException("the operator failed");
                            }
                        }))
                .hasMessage("the operator failed");

        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(thread -> thread.getName().equals("cookbook-fixture-reader"));
        assertThat(produced.get()).as("the reader stopped at the bounded queue").isLessThan(100_000);
    }
}
