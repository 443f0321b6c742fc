package org.flinkcookbook.testing;

import java.nio.file.Path;
import java.time.Duration;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests one Flink engine (one embedded cluster) for the whole test run: the first job in a
 * JVM costs seconds, later ones well under one. JUnit closes it when the run ends. Use with
 * {@code @ExtendWith(SharedFlink.class)} and a {@link FlinkEngine} parameter.
 */
public final class SharedFlink implements ParameterResolver {

    public static final Path TEST_FIXTURES =
            Path.of("src/test/resources/fixtures").toAbsolutePath();

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == FlinkEngine.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return engine(context);
    }

    /** The engine of the test run, started by the first test that asks for it. */
    public static FlinkEngine engine(ExtensionContext context) {
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedFlink.class, key -> new ClosingEngine(), ClosingEngine.class)
                .engine;
    }

    private static final class ClosingEngine implements ExtensionContext.Store.CloseableResource {
        final FlinkEngine engine = new FlinkEngine(new FlinkSettings(TEST_FIXTURES, Duration.ofSeconds(120), false));

        @Override
        public void close() {
            engine.close();
        }
    }
}
