package org.flinkcookbook.simulator.types;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Timestamp text and time-zone arithmetic. TIMESTAMP values are wall-clock milliseconds read as
 * UTC; TIMESTAMP_LTZ values are epoch milliseconds, shown in the session time zone.
 */
public final class Timestamps {

    private Timestamps() {}

    /**
     * Parses a CSV timestamp the way Flink's CSV format does ({@code java.sql.Timestamp.valueOf}:
     * {@code yyyy-[m]m-[d]d hh:mm:ss[.f...]}), truncated to milliseconds.
     */
    public static long parseTimestamp(String text) {
        java.sql.Timestamp timestamp = java.sql.Timestamp.valueOf(text);
        return wallClockMillis(timestamp.toLocalDateTime());
    }

    /** A TIMESTAMP literal or string cast: {@code yyyy-MM-dd HH:mm:ss[.fff]} or with a 'T'. */
    public static long parseLiteral(String text) {
        String trimmed = text.trim();
        if (trimmed.length() == 10) {
            return wallClockMillis(java.time.LocalDate.parse(trimmed).atStartOfDay());
        }
        return wallClockMillis(LocalDateTime.parse(trimmed.replace(' ', 'T')));
    }

    public static long wallClockMillis(LocalDateTime dateTime) {
        return dateTime.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    public static LocalDateTime wallClock(long millis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }

    /** An instant's wall-clock time in a zone, as wall-clock milliseconds (TimeWindowUtil#toUtcTimestampMills). */
    public static long toWallClock(long epochMillis, ZoneId zone) {
        if (ZoneOffset.UTC.equals(zone)) {
            return epochMillis;
        }
        return wallClockMillis(LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), zone));
    }

    /**
     * The instant of a wall-clock time in a zone (TimeWindowUtil#toEpochMills); in a daylight-saving
     * overlap the earlier offset is taken, as LocalDateTime#atZone does.
     */
    public static long toEpoch(long wallClockMillis, ZoneId zone) {
        if (ZoneOffset.UTC.equals(zone)) {
            return wallClockMillis;
        }
        return wallClock(wallClockMillis).atZone(zone).toInstant().toEpochMilli();
    }

    /** {@code 2024-03-01 10:00:00.000}: the wall clock with {@code precision} fractional digits, as Flink prints it. */
    public static String format(long wallClockMillis, int precision) {
        LocalDateTime t = wallClock(wallClockMillis);
        StringBuilder text = new StringBuilder(23 + Math.max(0, precision - 3));
        pad(text, t.getYear(), 4).append('-');
        pad(text, t.getMonthValue(), 2).append('-');
        pad(text, t.getDayOfMonth(), 2).append(' ');
        pad(text, t.getHour(), 2).append(':');
        pad(text, t.getMinute(), 2).append(':');
        pad(text, t.getSecond(), 2);
        if (precision > 0) {
            String fraction = String.format("%03d", t.getNano() / 1_000_000);
            text.append('.');
            for (int i = 0; i < precision; i++) {
                text.append(i < 3 ? fraction.charAt(i) : '0');
            }
        }
        return text.toString();
    }

    private static StringBuilder pad(StringBuilder text, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            text.append('0');
        }
        return text.append(digits);
    }
}
