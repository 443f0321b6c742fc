package org.flinkcookbook.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The statement deadline's heartbeat, which the engine process's hard timeout counts from. */
class DeadlineTest {

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
}
