package org.flinkcookbook.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * A streaming table environment whose jobs run on a {@link KeptCluster}, as the engine's
 * {@link JobBackEnd} submits them: for tests that drive Flink's table API themselves. A plain
 * {@code TableEnvironment.create} starts a new local cluster for every job (seconds of CPU each);
 * the test JVM's shared cluster takes them all.
 */
public final class SharedClusterEnvironment {

    private SharedClusterEnvironment() {}

    /** A streaming environment with {@code configuration}, its jobs submitted to {@code cluster}. */
    public static TableEnvironment streaming(KeptCluster cluster, Configuration configuration) {
        FlinkCluster lease = cluster.lease();
        lease.configure(configuration);
        configuration.set(DeploymentOptions.ATTACHED, true);
        ClassLoader classLoader = SharedClusterEnvironment.class.getClassLoader();
        return StreamTableEnvironment.create(
                new StreamExecutionEnvironment(lease.executors(), configuration, classLoader),
                EnvironmentSettings.newInstance()
                        .inStreamingMode()
                        .withConfiguration(configuration)
                        .withClassLoader(classLoader)
                        .build());
    }
}
