package org.flinkcookbook.run;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The engines a goal can run recipes on, by the names cookbook.engine takes. */
public enum EngineKind {
    /** Flink's own table environment, its jobs on an embedded or a session cluster. */
    FLINK,
    /** The event-time simulator: no Flink job. */
    SIMULATOR;

    /** The engine a cookbook.engine value names. */
    public static EngineKind named(String name) throws CookbookException {
        return Arrays.stream(values())
                .filter(kind -> kind.toString().equals(name))
                .findFirst()
                .orElseThrow(() -> new CookbookException(
                        "cookbook.engine is '" + name + "', which names no engine: run with "
                                + Arrays.stream(values())
                                        .map(kind -> "-Dcookbook.engine=" + kind)
                                        .collect(Collectors.joining(" or ")),
                        null));
    }

    /** The name cookbook.engine takes, and the one messages and reports use. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
