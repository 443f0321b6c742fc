package org.flinkcookbook.simulator.types;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.utils.DateTimeUtils;

/**
 * Timestamp text and time-zone arithmetic. TIMESTAMP values are wall-clock milliseconds read as
 * UTC; TIMESTAMP_LTZ values are epoch milliseconds, shown in the session time zone. A value with
 * digits below the millisecond is Flink's own {@link TimestampData} (milliseconds and nanoseconds
 * of the millisecond), every other value a {@code Long}, so that each value has one form.
 */
public final class Timestamps {

    private static final TimeZone UTC = TimeZone.getTimeZone(ZoneOffset.UTC);

    private Timestamps() {}

    /** The value of these milliseconds and nanoseconds of the millisecond, in its one form. */
    public static Object of(long millis, int nanoOfMillisecond) {
        return nanoOfMillisecond == 0 ? (Object) millis : TimestampData.fromEpochMillis(millis, nanoOfMillisecond);
    }

    /** A value's milliseconds, the digits below them dropped (TimestampData#getMillisecond, as windows and watermarks read a rowtime). */
    public static long millis(Object value) {
        return value instanceof TimestampData precise ? precise.getMillisecond() : (Long) value;
    }

    /** The same nanoseconds of the millisecond on other milliseconds: a time-zone shift or an interval added. */
    public static Object withMillis(Object value, long millis) {
        return value instanceof TimestampData precise ? of(millis, precise.getNanoOfMillisecond()) : (Object) millis;
    }

    /** A value as Flink's own TimestampData, for the runtime methods that take one. */
    public static TimestampData data(Object value) {
        return value instanceof TimestampData precise ? precise : TimestampData.fromEpochMillis((Long) value);
    }

    /** Flink's TimestampData as the simulator holds it. */
    public static Object value(TimestampData data) {
        return of(data.getMillisecond(), data.getNanoOfMillisecond());
    }

    /** Fewer fractional digits, as Flink's casts between precisions cut them (DateTimeUtils#truncate). */
    public static Object truncate(Object value, int precision) {
        if (value instanceof Long millis && precision >= 3) {
            return millis;
        }
        return value(DateTimeUtils.truncate(data(value), precision));
    }

    /**
     * A wall-clock value as Flink prints it: the fraction cut or padded to {@code precision} digits
     * (DateTimeUtils#formatTimestamp, which the printed rows' TIMESTAMP to STRING cast calls).
     */
    public static String format(Object wallClock, int precision) {
        return wallClock instanceof TimestampData precise
                ? DateTimeUtils.formatTimestamp(precise, UTC, precision)
                : format((long) (Long) wallClock, precision);
    }

    /**
     * Parses a CSV timestamp the way Flink's CSV format does ({@code java.sql.Timestamp.valueOf}:
     * {@code yyyy-[m]m-[d]d hh:mm:ss[.f...]}), truncated to milliseconds.
     */
    public static long parseTimestamp(CharSequence text) {
        long fast = parseCanonical(text);
        if (fast != Long.MIN_VALUE) {
            return fast;
        }
        Timestamp timestamp = Timestamp.valueOf(text.toString());
        return wallClockMillis(timestamp.toLocalDateTime());
    }

    /**
     * A CSV timestamp with the digits below the millisecond that Flink's CSV format keeps
     * (CsvToRowDataConverters#convertToTimestamp parses nanoseconds whatever the column's precision).
     */
    public static Object parseTimestampValue(CharSequence text) {
        return of(parseTimestamp(text), nanosBelowMillis(text));
    }

    /** The fraction's digits after the third, as nanoseconds of the millisecond; found without allocating, as fixtures are read. */
    private static int nanosBelowMillis(CharSequence text) {
        int point = text.length() - 1;
        while (point >= 0 && text.charAt(point) != '.') {
            point--;
        }
        int nanos = 0;
        for (int i = point + 4, unit = 100_000; point >= 0 && i < text.length() && unit > 0; i++, unit /= 10) {
            int digit = digit(text.charAt(i));
            if (digit < 0) {
                break;
            }
            nanos += digit * unit;
        }
        return nanos;
    }

    /**
     * Parses a CSV TIMESTAMP_LTZ as Flink's CSV format does: {@code yyyy-MM-dd HH:mm:ss[.f...]Z},
     * an instant in UTC.
     */
    public static Object parseUtcTimestamp(CharSequence text) {
        if (text.length() == 0 || text.charAt(text.length() - 1) != 'Z') {
            throw new IllegalArgumentException("a TIMESTAMP_LTZ is written as yyyy-MM-dd HH:mm:ss[.SSS]Z, in UTC");
        }
        return parseTimestampValue(text.subSequence(0, text.length() - 1));
    }

    /**
     * The common {@code yyyy-MM-dd HH:mm:ss[.f...]} shape without allocating, since fixtures are
     * read at millions of rows a second; Long.MIN_VALUE when the text has another shape.
     */
    private static long parseCanonical(CharSequence text) {
        int length = text.length();
        if (length < 19
                || text.charAt(4) != '-'
                || text.charAt(7) != '-'
                || text.charAt(10) != ' '
                || text.charAt(13) != ':'
                || text.charAt(16) != ':'
                || (length > 19 && (text.charAt(19) != '.' || length == 20 || length > 29))) {
            return Long.MIN_VALUE;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int millis = length > 20 ? digits(text, 20, Math.min(length, 23)) : 0;
        for (int i = length; i < 23 && i > 20; i++) {
            millis *= 10; // ".5" is 500 ms
        }
        if (length > 23 && digits(text, 23, length) < 0) {
            return Long.MIN_VALUE; // finer digits must be digits, though below millisecond precision
        }
        if ((year | month | day | hour | minute | second | millis) < 0 || hour > 23 || minute > 59 || second > 59) {
            return Long.MIN_VALUE;
        }
        Day cached = lastDay;
        if (cached.year != year || cached.month != month || cached.day != day) {
            if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
                return Long.MIN_VALUE;
            }
            cached = new Day(year, month, day, epochDay(year, month, day));
            lastDay = cached;
        }
        return ((cached.epochDay * 24 + hour) * 60 + minute) * 60_000L + second * 1000L + millis;
    }

    /**
     * The last valid date parsed and its epoch day: fixture rows come in time order, so most share
     * it and skip the calendar arithmetic and its divisions. A record's final fields make the
     * unsynchronized cache safe across threads.
     */
    private record Day(int year, int month, int day, long epochDay) {}

    private static Day lastDay = new Day(1970, 1, 1, 0);

    private static int daysInMonth(int year, int month) {
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (the algorithm LocalDate#toEpochDay uses). */
    private static long epochDay(long year, int month, int day) {
        long total = 365 * year;
        total += year >= 0
                ? (year + 3) / 4 - (year + 99) / 100 + (year + 399) / 400
                : -(year / -4 - year / -100 + year / -400);
        total += (367 * month - 362) / 12 + day - 1;
        if (month > 2) {
            total -= daysInMonth((int) year, 2) == 29 ? 1 : 2;
        }
        return total - 719_528; // days from year 0 to 1970
    }

    private static int digits(CharSequence text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            int digit = digit(text.charAt(i));
            if (digit < 0) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static int digit(char c) {
        return c >= '0' && c <= '9' ? c - '0' : -1;
    }

    /** A TIMESTAMP literal or string cast: {@code yyyy-MM-dd HH:mm:ss[.fff]} or with a 'T'. */
    public static long parseLiteral(String text) {
        String trimmed = text.trim();
        if (trimmed.length() == 10) {
            return wallClockMillis(LocalDate.parse(trimmed).atStartOfDay());
        }
        return wallClockMillis(LocalDateTime.parse(trimmed.replace(' ', 'T')));
    }

    /** A TIMESTAMP literal or string cast ({@link #parseLiteral}) with its digits below the millisecond, cut to a precision. */
    public static Object parseLiteral(String text, int precision) {
        return truncate(of(parseLiteral(text), nanosBelowMillis(text.trim())), precision);
    }

    public static long wallClockMillis(LocalDateTime dateTime) {
        return dateTime.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    public static LocalDateTime wallClock(long millis) {
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
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
