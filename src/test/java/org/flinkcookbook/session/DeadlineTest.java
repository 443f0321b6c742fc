package org.flinkcookbook.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The statement deadline's heartbeat, which the engine process's hard timeout counts from, and how it stops a thread. */
class DeadlineTest {

    private static volatile boolean released;

    @Test
    void aRecipesHeartbeatHearsEachDeadlineStartAndEndAndEachStatementAtItsLine() {
        List<Integer> beats = new CopyOnWriteArrayList<>();

        String result = Deadline.withHeartbeat(beats::add, () -> {
            Deadline.Result<String> planned = Deadline.run("plan", Duration.ofSeconds(30), () -> {
                Deadline.statementStarts(3);
                Deadline.statementStarts(5);
                return "planned";
            });
            Deadline.Result<String> ran = Deadline.run("run", Duration.ofSeconds(30), () -> {
                Deadline.statementStarts(3);
                return "ran";
            });
            return planned.value() + " " + ran.value();
        });

        assertThat(result).isEqualTo("planned ran");
        assertThat(beats).containsExactly(1, 3, 5, 5, 1, 3, 3);
    }

    @Test
    void withoutAHeartbeatNothingIsHeardAndTheWorkStillRuns() {
        assertThat(Deadline.run("plan", Duration.ofSeconds(30), () -> {
                            Deadline.statementStarts(3);
                            return "planned";
                        })
                        .value())
                .isEqualTo("planned");
    }

    @Test
    void aRunningStatementGetsItsTimeoutAndAsMuchAgainFromOneToTenSecondsMore() {
        assertThat(Deadline.running(Duration.ofMillis(300))).isEqualTo(Duration.ofMillis(1300));
        assertThat(Deadline.running(Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(10));
        assertThat(Deadline.running(Duration.ofSeconds(300))).isEqualTo(Duration.ofSeconds(310));
    }

    /**
     * Code that catches Throwable (Flink's expression reducer does) swallows the first stop and goes
     * on into a class's static initializer; a stop that landed there would leave the class failing
     * ("Could not initialize class") for every later recipe of the JVM, as hostile-recipes' simulate
     * showed with Flink's shaded Jackson. The thread is stopped only outside one.
     */
    @Test
    void aStoppedThreadIsNeverStoppedInsideAClassInitializerSoTheClassStaysUsable() throws Exception {
        released = false;
        Thread swallowsTheFirstStop = new Thread(() -> {
            try {
                spinUntilReleased();
            } catch (Throwable swallowed) {
                SlowToInitialize.touch();
            }
            spinUntilReleased();
        });
        swallowsTheFirstStop.setDaemon(true);
        swallowsTheFirstStop.start();
        try {
            Thread.sleep(50);
            Deadline.stop(swallowsTheFirstStop);

            assertThat(swallowsTheFirstStop.isAlive()).isFalse();
            assertThat(SlowToInitialize.touch()).isEqualTo("initialized");
        } finally {
            released = true;
        }
    }

    private static void spinUntilReleased() {
        while (!released) {
            Thread.onSpinWait();
        }
    }

    /** A static initializer that takes longer than Deadline's pause between two stops. */
    private static final class SlowToInitialize {
        private static final String STATE;

        static {
            long until = System.nanoTime() + Duration.ofMillis(400).toNanos();
            while (System.nanoTime() < until && !released) {
                Thread.onSpinWait();
            }
            STATE = "initialized";
        }

        static String touch() {
            return STATE;
        }
    }
}
