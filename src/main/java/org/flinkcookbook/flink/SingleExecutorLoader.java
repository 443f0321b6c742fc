package org.flinkcookbook.flink;

import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;

/**
 * Hands an environment exactly one executor. Flink's default loader finds executors through the
 * thread's context class loader, which inside Maven is not reliably the plugin's.
 */
final class SingleExecutorLoader {

    private SingleExecutorLoader() {}

    static PipelineExecutorServiceLoader of(String name, PipelineExecutor executor) {
        PipelineExecutorFactory factory = new PipelineExecutorFactory() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public boolean isCompatibleWith(Configuration configuration) {
                return true;
            }

            @Override
            public PipelineExecutor getExecutor(Configuration configuration) {
                return executor;
            }
        };
        return new PipelineExecutorServiceLoader() {
            @Override
            public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
                return factory;
            }

            @Override
            public Stream<String> getExecutorNames() {
                return Stream.of(name);
            }
        };
    }
}
