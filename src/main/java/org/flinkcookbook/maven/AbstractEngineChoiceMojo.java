package org.flinkcookbook.maven;

import org.apache.maven.plugins.annotations.Parameter;

/** The goals that run on the engine cookbook.engine names, Flink or the simulator. */
abstract class AbstractEngineChoiceMojo extends AbstractFlinkMojo {

    /** The engine that runs the recipes: flink (the default) or simulator. */
    @Parameter(property = "cookbook.engine", defaultValue = "flink")
    private String engine;

    @Override
    final String engineName() {
        return engine;
    }
}
