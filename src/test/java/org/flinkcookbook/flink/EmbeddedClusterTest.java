package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ConfigurationUtils;
import org.apache.flink.configuration.ResourceManagerOptions;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.SerializedThrowable;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded cluster's slots: a job submitted while every slot is taken (recipes running at once,
 * or a finished job's slot not yet released on a busy machine) must wait for one, however long the
 * cluster has been up. Flink's standalone resource manager fails it at once after its start-up
 * period, which is how the long fuzzing sweep of seed 9 lost one statement of case 2582.
 */
class EmbeddedClusterTest {

    /** Long enough for the extra job to be submitted while the others hold every slot. */
    private static final long HOLD_MILLIS = 3_000;

    @Test
    void aJobThatFindsEverySlotTakenWaitsForOneHoweverLongTheClusterHasBeenUp() throws Exception {
        Configuration configuration = EmbeddedCluster.configuration();

        List<JobResult> results = moreJobsThanSlots(configuration);

        assertThat(results).hasSize(EmbeddedCluster.SLOTS + 1).allMatch(JobResult::isSuccess);
        // a start-up period of 0 never ends (StandaloneResourceManager#startStartupPeriod schedules no end),
        // where Flink's default ends after 5 minutes, as the next test's 1 ms does at once
        assertThat(ConfigurationUtils.getStandaloneClusterStartupPeriodTime(configuration))
                .isZero();
    }

    @Test
    void flinksStandaloneResourceManagerFailsSuchAJobOnceItsStartUpPeriodIsOver() throws Exception {
        Configuration afterStartUp = EmbeddedCluster.configuration();
        // Flink's default period is slot.request.timeout, 5 minutes of the cluster's life; here it is over at once
        afterStartUp.set(ResourceManagerOptions.STANDALONE_CLUSTER_STARTUP_PERIOD_TIME, Duration.ofMillis(1));

        List<JobResult> results = moreJobsThanSlots(afterStartUp);

        // one job finds no slot: the last one, or one of the others when the last was given a slot first
        assertThat(results.stream().filter(result -> !result.isSuccess()))
                .singleElement()
                .satisfies(failed -> assertThat(failed.getSerializedThrowable())
                        .map(SerializedThrowable::getFullStringifiedStackTrace)
                        .hasValueSatisfying(failure ->
                                assertThat(failure).contains("Could not acquire the minimum required resources")));
    }

    /**
     * The mini cluster ends its task manager on a fatal error and starts no other: the engine gives
     * such a cluster up, and the next recipe runs on a new one instead of waiting for a slot until
     * its timeout (as a fork of the test run once did, every job after waiting).
     */
    @Test
    void anEngineWhoseClusterLostItsTaskManagerRunsTheNextRecipeOnANewOne(@TempDir Path directory) throws Exception {
        List<EmbeddedCluster> started = new ArrayList<>();
        Supplier<FlinkCluster> clusters = () -> {
            EmbeddedCluster cluster = EmbeddedCluster.start();
            started.add(cluster);
            return cluster;
        };
        try (FlinkEngine engine =
                new FlinkEngine(new FlinkSettings(directory, Duration.ofSeconds(30), false), clusters)) {
            assertThat(two(engine.run(Recipes.sql(directory, "SELECT 1 + 1 AS two;"))))
                    .isEqualTo("2");
            assertThat(started.get(0).lostItsTaskManager()).isFalse();

            started.get(0).terminateTaskManager();

            assertThat(started.get(0).lostItsTaskManager()).isTrue();
            assertThat(two(engine.run(Recipes.sql(directory, "SELECT 1 + 1 AS two;"))))
                    .isEqualTo("2");
            assertThat(started).hasSize(2);
        }
    }

    private static String two(RecipeRun run) {
        assertThat(run.problem()).isNull();
        return run.results().get(0).rows().get(0).values().get(0);
    }

    /** Runs one job per slot, and once all of them run, one more; the results in submission order. */
    private static List<JobResult> moreJobsThanSlots(Configuration configuration) throws Exception {
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(EmbeddedCluster.SLOTS)
                .withRandomPorts()
                .build());
        cluster.start();
        try {
            List<JobID> jobs = new ArrayList<>();
            for (int i = 0; i < EmbeddedCluster.SLOTS; i++) {
                jobs.add(submitSlotHolder(cluster));
            }
            for (JobID job : jobs) {
                while (cluster.getJobStatus(job).get() != JobStatus.RUNNING) {
                    Thread.sleep(20);
                }
            }
            jobs.add(submitSlotHolder(cluster));
            List<JobResult> results = new ArrayList<>();
            for (JobID job : jobs) {
                results.add(cluster.requestJobResult(job).get());
            }
            return results;
        } finally {
            cluster.close();
        }
    }

    private static JobID submitSlotHolder(MiniCluster cluster) throws Exception {
        StreamExecutionEnvironment environment = StreamExecutionEnvironment.getExecutionEnvironment();
        environment.setParallelism(1);
        environment.fromSequence(1, 1).map(new Hold()).sinkTo(new DiscardingSink<>());
        return cluster.submitJob(environment.getStreamGraph().getJobGraph())
                .get()
                .getJobID();
    }

    /** Keeps its slot busy for a while. */
    private static final class Hold implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) throws InterruptedException {
            Thread.sleep(HOLD_MILLIS);
            return value;
        }
    }
}
