package org.flinkcookbook.simulator.session;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeSet;
import org.apache.flink.util.TimeUtils;
import org.flinkcookbook.simulator.SimulationException;

/**
 * The session options that change results, with the values the Flink engine starts from:
 * streaming mode, {@code pipeline.auto-watermark-interval} 200 ms (Flink's default), time zone UTC.
 */
public final class SessionSettings {

    public static final String RUNTIME_MODE = "execution.runtime-mode";
    public static final String WATERMARK_INTERVAL = "pipeline.auto-watermark-interval";
    public static final String LOCAL_TIME_ZONE = "table.local-time-zone";
    public static final String PARALLELISM = "parallelism.default";

    static final Duration DEFAULT_WATERMARK_INTERVAL = Duration.ofMillis(200);

    private boolean streaming = true;
    private Duration watermarkInterval = DEFAULT_WATERMARK_INTERVAL;
    private ZoneId timeZone = ZoneOffset.UTC;
    /** A time zone Flink refuses once a query reads it, or null. */
    private String invalidZone;
    /** Keys SET to a value the simulator does not model (it assumes their defaults), until RESET. */
    private final Set<String> notModelled = new TreeSet<>();

    /** What a SET did: applied, or ignored because it does not change results, or not modelled. */
    public enum Outcome {
        APPLIED,
        IGNORED,
        NOT_MODELLED
    }

    public Outcome set(String key, String value) {
        Outcome outcome = apply(key, value);
        if (outcome == Outcome.NOT_MODELLED) {
            notModelled.add(key);
        } else {
            notModelled.remove(key);
        }
        return outcome;
    }

    private Outcome apply(String key, String value) {
        switch (key) {
            case RUNTIME_MODE:
                String mode = value.trim().toLowerCase(Locale.ROOT);
                if (!mode.equals("batch") && !mode.equals("streaming")) {
                    throw new IllegalArgumentException(
                            "'" + RUNTIME_MODE + "' must be 'streaming' or 'batch', not '" + value + "'");
                }
                streaming = mode.equals("streaming");
                return Outcome.APPLIED;
            case WATERMARK_INTERVAL:
                watermarkInterval = TimeUtils.parseDuration(value);
                return Outcome.APPLIED;
            case LOCAL_TIME_ZONE:
                // 'default' means the JVM zone in Flink; the engine pins the session to UTC instead
                timeZone = value.equalsIgnoreCase("default") ? ZoneOffset.UTC : ZoneId.of(value);
                invalidZone = value.equalsIgnoreCase("default")
                                || TimeZone.getTimeZone(value).toZoneId().equals(timeZone)
                        ? null
                        : value;
                return Outcome.APPLIED;
            case PARALLELISM:
                return value.trim().equals("1") ? Outcome.IGNORED : Outcome.NOT_MODELLED;
            default:
                // one- or two-phase aggregation changes Flink's plan, not its rows; the rest is presentation
                return key.startsWith("sql-client.")
                                || key.equals("pipeline.name")
                                || key.startsWith("table.display.")
                                || key.equals("table.optimizer.agg-phase-strategy")
                        ? Outcome.IGNORED
                        : Outcome.NOT_MODELLED;
        }
    }

    public void reset(String key) {
        notModelled.remove(key);
        SessionSettings defaults = new SessionSettings();
        switch (key) {
            case RUNTIME_MODE -> streaming = defaults.streaming;
            case WATERMARK_INTERVAL -> watermarkInterval = defaults.watermarkInterval;
            case LOCAL_TIME_ZONE -> {
                timeZone = defaults.timeZone;
                invalidZone = null;
            }
            default -> {}
        }
    }

    public void resetAll() {
        notModelled.clear();
        streaming = true;
        watermarkInterval = DEFAULT_WATERMARK_INTERVAL;
        timeZone = ZoneOffset.UTC;
        invalidZone = null;
    }

    /**
     * The keys SET to values the simulator does not model, such as {@code table.exec.state.ttl} or
     * {@code table.exec.mini-batch.enabled}, which change the changelog of a regular aggregation.
     */
    public Set<String> notModelled() {
        return Set.copyOf(notModelled);
    }

    public boolean streaming() {
        return streaming;
    }

    public long watermarkIntervalMillis() {
        return watermarkInterval.toMillis();
    }

    /** Whether the session's time zone is one Flink refuses when a query is planned. */
    public boolean refusesTimeZone() {
        return invalidZone != null;
    }

    /**
     * The session time zone; one java.util.TimeZone reads otherwise (such as 'UTC+8') is refused,
     * as TableConfigUtils#validateTimeZone refuses it when a query is planned, not at the SET.
     */
    public ZoneId timeZone() {
        if (invalidZone != null) {
            throw new SimulationException(
                    null,
                    "Invalid time zone '" + invalidZone + "'. The value should be a Time Zone Database (TZDB) ID"
                            + " such as 'America/Los_Angeles' to include daylight saving time. Fixed offsets are supported using 'GMT-03:00'");
        }
        return timeZone;
    }
}
