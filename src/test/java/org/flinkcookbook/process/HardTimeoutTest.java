package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The engine process's hard timeout, on a real process with a child of its own. */
class HardTimeoutTest {

    private Process engine;

    @AfterEach
    void killEngine() {
        if (engine != null) {
            HardTimeout.kill(engine.toHandle());
        }
    }

    @Test
    void aRecipeBeyondItsLimitKillsTheProcessAndItsChildrenAndIsNamed() throws Exception {
        List<ProcessHandle> children = startEngineWithAChild();
        try (HardTimeout hardTimeout = new HardTimeout(Duration.ofMillis(300), "0.3 s")) {
            hardTimeout.watch(engine.toHandle());

            assertThat(hardTimeout.consumed(new WireLine(WireLine.Kind.STARTED, "recipes/slow.md")))
                    .isTrue();
            assertThat(hardTimeout.consumed(new WireLine(WireLine.Kind.INFO, "PASSED recipes/other.md")))
                    .isFalse();
            engine.onExit().get(30, TimeUnit.SECONDS);

            assertThat(children)
                    .noneMatch(child -> child.onExit()
                            .completeOnTimeout(child, 10, TimeUnit.SECONDS)
                            .join()
                            .isAlive());
            assertThat(hardTimeout.overran())
                    .hasValueSatisfying(message -> assertThat(message)
                            .startsWith("recipes/slow.md:1: ran longer than 0.3 s")
                            .contains("process " + engine.pid())
                            .endsWith("run with -Dcookbook.timeout=SECONDS (a higher value)"));
        }
    }

    @Test
    void aRecipeThatEndsInTimeKillsNothing() throws Exception {
        startEngineWithAChild();
        try (HardTimeout hardTimeout = new HardTimeout(Duration.ofMillis(300), "0.3 s")) {
            hardTimeout.watch(engine.toHandle());

            hardTimeout.consumed(new WireLine(WireLine.Kind.STARTED, "recipes/quick.md"));
            hardTimeout.consumed(new WireLine(WireLine.Kind.DONE, "recipes/quick.md"));
            Thread.sleep(1000);

            assertThat(engine.isAlive()).isTrue();
            assertThat(hardTimeout.overran()).isEmpty();
        }
    }

    @Test
    void theLimitIsThreeStatementTimeoutsAndAMinute() {
        try (HardTimeout hardTimeout = HardTimeout.forRecipes(300)) {
            hardTimeout.watch(ProcessHandle.current());
            assertThat(hardTimeout.consumed(new WireLine(WireLine.Kind.STARTED, "recipes/slow.md")))
                    .isTrue();
            assertThat(hardTimeout.overran()).isEmpty();
        }
        assertThat(HardTimeout.limitText(300)).isEqualTo("960 s (three times cookbook.timeout=300 s, and a minute)");
    }

    private List<ProcessHandle> startEngineWithAChild() throws Exception {
        engine = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60").start();
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (engine.descendants().count() < 2 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        List<ProcessHandle> children = engine.descendants().toList();
        assertThat(children).isNotEmpty();
        return children;
    }
}
