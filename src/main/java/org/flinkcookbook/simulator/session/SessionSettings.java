package org.flinkcookbook.simulator.session;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.util.TimeUtils;
import org.flinkcookbook.session.Deadline;

/**
 * The session options a statement runs with, as the session SET them on Flink's planner (which
 * validated them and planned with them), read the way the simulator's operators need them:
 * streaming mode, {@code pipeline.auto-watermark-interval} 200 ms (Flink's default), time zone UTC
 * unless SET. Every other option either only shapes the plan, which the simulator executes as
 * planned, or changes what Flink's operators do at run time, which the simulator does not model:
 * {@link #notModelled()} names the first of those.
 */
public final class SessionSettings {

    public static final String RUNTIME_MODE = "execution.runtime-mode";
    public static final String WATERMARK_INTERVAL = "pipeline.auto-watermark-interval";
    public static final String LOCAL_TIME_ZONE = "table.local-time-zone";
    public static final String PARALLELISM = "parallelism.default";
    public static final String STATE_TTL = "table.exec.state.ttl";

    static final Duration DEFAULT_WATERMARK_INTERVAL = Duration.ofMillis(200);

    /** cookbook.timeout's default, for settings made without a timeout (tests). */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);

    private final Map<String, String> options;
    private final Duration statementTimeout;

    /**
     * @param options the options the session SET and did not RESET
     * @param statementTimeout cookbook.timeout: how long a statement's job may run on Flink
     */
    public SessionSettings(Map<String, String> options, Duration statementTimeout) {
        this.options = Map.copyOf(options);
        this.statementTimeout = statementTimeout;
    }

    /** The defaults: nothing SET, cookbook.timeout's default. */
    public SessionSettings() {
        this(Map.of(), DEFAULT_TIMEOUT);
    }

    /**
     * The longest a statement's job runs on Flink before it is cancelled ({@link Deadline#running}
     * of cookbook.timeout): processing time that passes within a run that gives rows is shorter.
     */
    public Duration longestRun() {
        return Deadline.running(statementTimeout);
    }

    public boolean streaming() {
        return !"batch"
                .equals(options.getOrDefault(RUNTIME_MODE, "streaming").trim().toLowerCase(Locale.ROOT));
    }

    public long watermarkIntervalMillis() {
        String value = options.get(WATERMARK_INTERVAL);
        return value == null
                ? DEFAULT_WATERMARK_INTERVAL.toMillis()
                : TimeUtils.parseDuration(value).toMillis();
    }

    /** The session time zone; 'default' means the JVM's in Flink, which the engines pin to UTC. */
    public ZoneId timeZone() {
        String value = options.get(LOCAL_TIME_ZONE);
        return value == null || value.equalsIgnoreCase("default") ? ZoneOffset.UTC : ZoneId.of(value);
    }

    /**
     * The first option SET whose effect on Flink's operators the simulator does not model, as
     * {@code 'key' = 'value'}: the emit options of group windows, mini-batch, idle sources, a
     * parallelism other than 1, and any option it does not know. State TTL is in the plan (each
     * stateful node's state metadata), where {@code graph.CompiledPlan} reads it. Options that only shape
     * the plan ({@code table.optimizer.*}) are in the plan it executes; presentation options change
     * nothing.
     */
    public Optional<String> notModelled() {
        return options.entrySet().stream()
                .filter(option -> !modelled(option.getKey(), option.getValue()))
                .map(option -> "'" + option.getKey() + "' = '" + option.getValue() + "'")
                .sorted()
                .findFirst();
    }

    private static boolean modelled(String key, String value) {
        return switch (key) {
            case RUNTIME_MODE, WATERMARK_INTERVAL, LOCAL_TIME_ZONE, STATE_TTL -> true;
            case PARALLELISM -> value.trim().equals("1");
            default ->
                key.startsWith("sql-client.")
                        || key.startsWith("table.display.")
                        || key.equals("pipeline.name")
                        || key.equals("table.dml-sync")
                        || key.startsWith("table.optimizer.");
        };
    }
}
