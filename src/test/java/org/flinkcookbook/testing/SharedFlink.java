package org.flinkcookbook.testing;

import java.nio.file.Path;
import java.time.Duration;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.session.ResultCache;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests one embedded Flink cluster for the whole test run, as the warm engine keeps one for
 * its builds: the first job in a JVM costs seconds, later ones well under one, and each cluster
 * started costs seconds of CPU. Use with {@code @ExtendWith(SharedFlink.class)} and a
 * {@link FlinkEngine} parameter (the engine over {@link #TEST_FIXTURES}) or a {@link KeptCluster}
 * parameter (for an engine of other settings, {@link #engine(KeptCluster, Path)}, or a table
 * environment of its own, {@code flink.SharedClusterEnvironment}). JUnit closes both when the run
 * ends.
 */
public final class SharedFlink implements ParameterResolver {

    public static final Path TEST_FIXTURES =
            Path.of("src/test/resources/fixtures").toAbsolutePath();

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == FlinkEngine.class || type == KeptCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == KeptCluster.class ? cluster(context) : engine(context);
    }

    /** The engine of the test run over {@link #TEST_FIXTURES}, started by the first test that asks for it. */
    public static FlinkEngine engine(ExtensionContext context) {
        KeptCluster cluster = cluster(context);
        return store(context)
                .getOrComputeIfAbsent(
                        ClosingEngine.class,
                        key -> new ClosingEngine(engine(cluster, TEST_FIXTURES)),
                        ClosingEngine.class)
                .engine;
    }

    /** The cluster of the test run, started by the first job of a test that asks for it. */
    public static KeptCluster cluster(ExtensionContext context) {
        return store(context)
                .getOrComputeIfAbsent(ClosingCluster.class, key -> new ClosingCluster(), ClosingCluster.class)
                .cluster;
    }

    /** An engine with its fixtures in {@code fixtures}, its jobs on the test run's cluster; closing it leaves the cluster. */
    public static FlinkEngine engine(KeptCluster cluster, Path fixtures) {
        return new FlinkEngine(
                new FlinkSettings(fixtures, Duration.ofSeconds(120), false), ResultCache.none(), cluster);
    }

    private static ExtensionContext.Store store(ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL);
    }

    private record ClosingEngine(FlinkEngine engine) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            engine.close();
        }
    }

    private static final class ClosingCluster implements ExtensionContext.Store.CloseableResource {
        final KeptCluster cluster = new KeptCluster();

        @Override
        public void close() {
            cluster.close();
        }
    }
}
