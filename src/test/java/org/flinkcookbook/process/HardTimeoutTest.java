package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine process's hard timeout, on a real process with a child of its own, against a clock
 * the test moves: a statement's limit counts from the recipe's latest heartbeat.
 */
class HardTimeoutTest {

    /** cookbook.timeout=5: a running statement gets 10 s, and the hard timeout a minute more. */
    private static final int TIMEOUT_SECONDS = 5;

    private static final Duration LIMIT = Duration.ofSeconds(70);

    private final AtomicLong now = new AtomicLong();
    private Process engine;
    private List<ProcessHandle> children;

    @BeforeEach
    void startEngineWithAChild() throws Exception {
        engine = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60").start();
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (engine.descendants().count() < 2 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        children = engine.descendants().toList();
        assertThat(children).isNotEmpty();
    }

    @AfterEach
    void killEngine() {
        HardTimeout.kill(engine.toHandle());
    }

    private HardTimeout hardTimeout() {
        HardTimeout hardTimeout = new HardTimeout(TIMEOUT_SECONDS, now::get);
        hardTimeout.watch(engine.toHandle());
        return hardTimeout;
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }

    private static WireLine line(WireLine.Kind kind, String text) {
        return new WireLine(kind, text);
    }

    @Test
    void theLimitIsOneRunningStatementsDeadlineFromCookbookTimeoutAndAMinute() {
        assertThat(HardTimeout.limit(TIMEOUT_SECONDS)).isEqualTo(LIMIT);
        assertThat(HardTimeout.limit(300)).isEqualTo(Duration.ofSeconds(300 + 10 + 60));
    }

    @Test
    void aRecipeOfManyStatementsThatEachEndInTimeIsNeverKilledHoweverLongItRuns() {
        try (HardTimeout hardTimeout = hardTimeout()) {
            assertThat(hardTimeout.consumed(line(WireLine.Kind.STARTED, "recipes/slow.md")))
                    .isTrue();
            for (int statement = 0; statement < 20; statement++) {
                advance(LIMIT.minusSeconds(1));
                assertThat(hardTimeout.consumed(line(WireLine.Kind.STATEMENT, (3 + statement) + " recipes/slow.md")))
                        .isTrue();
                hardTimeout.check();
            }
            // 20 statements of 69 s each: 23 minutes, far beyond three statement timeouts and a minute
            assertThat(hardTimeout.overran()).isEmpty();
            assertThat(engine.isAlive()).isTrue();
        }
    }

    @Test
    void aStatementBeyondItsLimitKillsTheProcessAndItsChildrenAndIsNamedAtItsLine() throws Exception {
        try (HardTimeout hardTimeout = hardTimeout()) {
            hardTimeout.consumed(line(WireLine.Kind.STARTED, "recipes/slow.md"));
            hardTimeout.consumed(line(WireLine.Kind.STATEMENT, "7 recipes/slow.md"));
            advance(LIMIT);
            hardTimeout.check();
            assertThat(hardTimeout.overran()).as("at its limit, not beyond").isEmpty();
            assertThat(engine.isAlive()).isTrue();

            advance(Duration.ofMillis(1));
            hardTimeout.check();

            engine.onExit().get(30, TimeUnit.SECONDS);
            assertThat(children)
                    .noneMatch(child -> child.onExit()
                            .completeOnTimeout(child, 10, TimeUnit.SECONDS)
                            .join()
                            .isAlive());
            assertThat(hardTimeout.overran())
                    .hasValueSatisfying(message -> assertThat(message)
                            .startsWith("recipes/slow.md:7: a statement ran longer than 70 s"
                                    + " (its deadline from cookbook.timeout=5 s, and a minute)")
                            .contains("process " + engine.pid())
                            .endsWith("run with -Dcookbook.timeout=SECONDS (a higher value)"));
        }
    }

    @Test
    void aRecipeThatEndedKillsNothingAndAnotherRecipesHeartbeatKeepsNoneAlive() throws Exception {
        try (HardTimeout hardTimeout = hardTimeout()) {
            hardTimeout.consumed(line(WireLine.Kind.STARTED, "recipes/quick.md"));
            hardTimeout.consumed(line(WireLine.Kind.DONE, "recipes/quick.md"));
            hardTimeout.consumed(line(WireLine.Kind.STARTED, "recipes/stuck.md"));
            hardTimeout.consumed(line(WireLine.Kind.STARTED, "recipes/busy.md"));
            advance(LIMIT.minusSeconds(1));
            hardTimeout.consumed(line(WireLine.Kind.STATEMENT, "4 recipes/busy.md"));
            hardTimeout.check();
            assertThat(hardTimeout.overran()).isEmpty();

            advance(Duration.ofSeconds(2));
            hardTimeout.check();

            assertThat(hardTimeout.overran())
                    .hasValueSatisfying(message -> assertThat(message).startsWith("recipes/stuck.md:1: "));
            engine.onExit().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void onlyTheClocksLinesAreConsumedAndAMalformedHeartbeatIsShownAsItIs() {
        try (HardTimeout hardTimeout = hardTimeout()) {
            assertThat(hardTimeout.consumed(line(WireLine.Kind.INFO, "PASSED recipes/other.md")))
                    .isFalse();
            assertThat(hardTimeout.consumed(line(WireLine.Kind.STATEMENT, "recipes/no-line.md")))
                    .isFalse();
        }
    }

    @Test
    void anEngineJvmThatGaveNoAnswerIsStoppedAndItsTemporaryFilesRemoved(@TempDir Path root) throws Exception {
        Path temporary = Files.createDirectories(root.resolve("cookbook-engine-tmp/flink-planner"));
        Files.writeString(temporary.resolve("flink-table-planner.jar"), "unpacked");

        EngineJvm.stopAndRemove(engine.toHandle(), root.resolve("cookbook-engine-tmp"));

        assertThat(engine.isAlive()).isFalse();
        assertThat(children).noneMatch(ProcessHandle::isAlive);
        assertThat(root.resolve("cookbook-engine-tmp")).doesNotExist();
    }
}
