package org.flinkcookbook.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.flinkcookbook.simulator.window.WindowSpec;
import org.flinkcookbook.simulator.window.WindowSpec.Window;
import org.junit.jupiter.api.Test;

/** Window assignment as TimeWindow#getWindowStartWithOffset and Flink's assigners compute it. */
class WindowSpecTest {

    @Test
    void aRowOnABoundaryStartsTheNextTumblingWindow() {
        WindowSpec tumble = WindowSpec.tumble(5_000, 0);

        assertThat(tumble.windowsOf(5_000)).containsExactly(new Window(5_000, 10_000));
        assertThat(tumble.windowsOf(4_999)).containsExactly(new Window(0, 5_000));
        assertThat(tumble.windowsOf(-1)).containsExactly(new Window(-5_000, 0));
    }

    @Test
    void anOffsetShiftsTheWindows() {
        assertThat(WindowSpec.tumble(5_000, 1_000).windowsOf(5_500)).containsExactly(new Window(1_000, 6_000));
    }

    @Test
    void aHoppingRowBelongsToSizeDividedBySlideWindowsInOrderOfTheirEnd() {
        assertThat(WindowSpec.hop(10_000, 5_000, 0).windowsOf(7_000))
                .containsExactly(new Window(0, 10_000), new Window(5_000, 15_000));
        // the older group-window HOP allows a size that is no multiple of the slide
        assertThat(WindowSpec.hop(5_000, 2_000, 0).windowsOf(4_000))
                .containsExactly(new Window(0, 5_000), new Window(2_000, 7_000), new Window(4_000, 9_000));
    }

    @Test
    void aCumulativeRowBelongsToEveryStepOfItsCycleFromItsOwnOn() {
        assertThat(WindowSpec.cumulate(6_000, 2_000, 0).windowsOf(2_500))
                .containsExactly(new Window(0, 4_000), new Window(0, 6_000));
        assertThat(WindowSpec.cumulate(6_000, 2_000, 0).windowsOf(6_000))
                .containsExactly(new Window(6_000, 8_000), new Window(6_000, 10_000), new Window(6_000, 12_000));
    }
}
