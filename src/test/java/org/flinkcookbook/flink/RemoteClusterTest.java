package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.testing.Recipes;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Flink engine against a session cluster reached only through its REST address (here a
 * second cluster in this JVM; the remote-cluster IT uses one in another JVM).
 */
class RemoteClusterTest {

    private static MiniCluster sessionCluster;
    private static String address;

    @TempDir
    Path directory;

    @BeforeAll
    static void startSessionCluster() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        sessionCluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumSlotsPerTaskManager(2)
                .withRandomPorts()
                .build());
        sessionCluster.start();
        URI rest = sessionCluster.getRestAddress().get();
        address = rest.getHost() + ":" + rest.getPort();
    }

    @AfterAll
    static void stopSessionCluster() throws Exception {
        sessionCluster.close();
    }

    private static FlinkEngine engineAt(String clusterAddress) {
        return new FlinkEngine(
                new FlinkSettings(SharedFlink.TEST_FIXTURES, Duration.ofSeconds(60), false, clusterAddress));
    }

    @Test
    void runsTheJobsOnTheClusterAtTheAddressAndLeavesLateRowsUncounted() throws Exception {
        try (FlinkEngine engine = engineAt(address)) {
            RecipeRun run = engine.run(Recipes.sql(directory, """
                    CREATE TABLE events (id BIGINT, sensor STRING, reading INT, ts TIMESTAMP(3),
                      WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
                    ) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');
                    SELECT window_start, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
                    GROUP BY window_start, window_end;
                    """));

            assertThat(run.problem()).isNull();
            StatementResult result = run.results().get(0);
            assertThat(result.rows())
                    .containsExactlyInAnyOrder(
                            ResultRow.insert("2024-03-01 10:00:00.000", "2"),
                            ResultRow.insert("2024-03-01 10:01:00.000", "2"),
                            ResultRow.insert("2024-03-01 10:02:00.000", "1"));
            assertThat(result.lateRowsDropped()).isNull();
            assertThat(engine.lateRowsNotCounted())
                    .hasValueSatisfying(reason -> assertThat(reason).contains(address));
            assertThat(engine.flinkVersion()).isEqualTo("2.3.0");
        }
        assertThat(sessionCluster.listJobs().get()).hasSize(1);
    }

    @Test
    void anAddressWithoutAPortIsRefused() {
        try (FlinkEngine engine = engineAt("localhost")) {
            assertThatThrownBy(engine::lateRowsNotCounted).hasMessageContaining("must be host:port");
        }
    }

    @Test
    void anAddressWhereNoClusterAnswersFailsWithTheAddress() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (FlinkEngine engine = engineAt("127.0.0.1:" + closedPort)) {
            assertThatThrownBy(engine::lateRowsNotCounted)
                    .hasMessageContaining("cannot reach the Flink cluster at 127.0.0.1:" + closedPort
                            + " (cookbook.flink.address): nothing listens there (connection refused); start the"
                            + " session cluster, or set -Dcookbook.flink.address to its REST endpoint");
        }
    }
}
