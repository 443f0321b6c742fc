package org.flinkcookbook.simulator.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.simulator.types.SqlType;
import org.junit.jupiter.api.Test;

/**
 * The watermarks a UNION ALL's consumer receives. Flink's union has no operator: the consumer's
 * StatusWatermarkValve forwards the minimum of its input channels' watermarks (each starting at
 * Long.MIN_VALUE, so nothing before every input sent one), and an input that ended sent
 * MAX_WATERMARK. Each input's rows keep their order, the inputs interleave arbitrarily.
 */
class UnionAllTest {

    private static final SqlType[] INT = {SqlType.INT};

    /** Records what reaches the consumer, one line per event. */
    private static final class Recording implements RowSink {
        final List<String> events = new ArrayList<>();

        @Override
        public void row(Object[] values, int fixtureLine) {
            events.add("row " + values[0]);
        }

        @Override
        public void watermark(long watermark) {
            events.add("watermark " + (watermark == Long.MAX_VALUE ? "MAX" : watermark));
        }

        @Override
        public void possibleWatermark(long watermark) {
            events.add("possible " + watermark);
        }

        @Override
        public void interleavedWatermark(long watermark) {
            events.add("bound " + (watermark == Long.MIN_VALUE ? "none" : watermark));
        }

        @Override
        public void endOfInput() {
            events.add("end");
        }
    }

    @Test
    void theConsumerGetsTheMinimumWatermarkAndBeforeEachRowTheHighestItsOwnInputReached() {
        // StatusWatermarkValve#inputWatermark: the minimum over the channels, an ended channel at MAX_WATERMARK;
        // the bound is the row's own input's watermark, which reaches the consumer when the other inputs ended
        // first, and the lowest watermark before a row is none at all (the others did not start)
        Recording consumer = new Recording();
        UnionAll union = new UnionAll(new SqlType[][] {INT, INT}, INT, consumer);
        RowSink first = union.input(0);
        RowSink second = union.input(1);

        first.row(new Object[] {1}, 1);
        first.watermark(10);
        first.row(new Object[] {2}, 2);
        first.possibleWatermark(15); // held back by the assigner; a periodic emission may deliver it
        first.row(new Object[] {3}, 3);
        first.watermark(Long.MAX_VALUE);
        first.endOfInput();
        second.row(new Object[] {4}, 1);
        second.watermark(7);
        second.row(new Object[] {5}, 2);
        second.watermark(Long.MAX_VALUE);
        second.endOfInput();

        assertThat(consumer.events)
                .containsExactly(
                        "bound none",
                        "row 1",
                        "bound 10",
                        "row 2",
                        "bound 15",
                        "row 3",
                        "bound none",
                        "row 4",
                        "watermark 7", // the first input ended: the minimum is the second's
                        "bound 7",
                        "row 5",
                        "watermark MAX",
                        "end");
    }

    @Test
    void aNestedUnionsBoundIsPassedOnForItsRow() {
        // (a UNION ALL b) UNION ALL c: when b's row arrives after a ended, the inner consumer's watermark is b's
        // own, and so is the outer one's once c ended too
        Recording consumer = new Recording();
        UnionAll outer = new UnionAll(new SqlType[][] {INT, INT}, INT, consumer);
        UnionAll inner = new UnionAll(new SqlType[][] {INT, INT}, INT, outer.input(0));
        RowSink a = inner.input(0);
        RowSink b = inner.input(1);

        b.watermark(20);
        b.row(new Object[] {1}, 1);
        a.watermark(5);
        a.row(new Object[] {2}, 1);

        assertThat(consumer.events).containsExactly("bound 20", "row 1", "bound 5", "row 2");
    }
}
