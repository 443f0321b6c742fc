package org.flinkcookbook.simulator.types;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneId;
import java.util.TimeZone;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.binary.BinaryStringDataUtil;
import org.apache.flink.table.utils.DateTimeUtils;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.simulator.types.SqlType.Root;

/** Reading, casting, comparing and printing values of the modelled types, following Flink. */
public final class Values {

    /** A value derived from processing time or randomness: printed as {@link ResultRow#NONDETERMINISTIC}. */
    public static final Object NONDETERMINISTIC = new Object() {
        @Override
        public String toString() {
            return ResultRow.NONDETERMINISTIC;
        }
    };

    private Values() {}

    /**
     * A CSV field as Flink's CSV format reads it (CsvToRowDataConverters): numbers trimmed, strings
     * as is. The field may be a view of the fixture's bytes that is only valid during the call.
     */
    public static Object parseCsvField(CharSequence field, SqlType type) {
        switch (type.root()) {
            case STRING:
                return field.toString();
            case BOOLEAN:
                return Boolean.parseBoolean(trimmed(field));
            case TINYINT:
                return (int) Byte.parseByte(trimmed(field));
            case SMALLINT:
                return (int) Short.parseShort(trimmed(field));
            case INT:
                return (int) parseWholeNumber(field, false);
            case BIGINT:
                return parseWholeNumber(field, true);
            case FLOAT:
                return Float.parseFloat(trimmed(field));
            case DOUBLE:
                return Double.parseDouble(trimmed(field));
            case DECIMAL:
                return fitDecimal(new BigDecimal(field.toString()), type);
            case TIMESTAMP:
                return Timestamps.parseTimestampValue(field);
            case TIMESTAMP_LTZ:
                return Timestamps.parseUtcTimestamp(field);
            case DATE:
                return (int)
                        java.sql.Date.valueOf(field.toString()).toLocalDate().toEpochDay();
            case TIME:
                return csvTime(field.toString(), type.precision());
            default:
                throw new IllegalArgumentException("Flink's CSV format cannot read a " + type + " column");
        }
    }

    /** CsvToRowDataConverters#convertToTime: LocalTime#parse, milliseconds of the day cut to the precision (0 to 3). */
    private static int csvTime(String field, int precision) {
        if (precision > 3) {
            throw new IllegalArgumentException("Csv does not support TIME type with precision: " + precision
                    + ", it only supports precision 0 ~ 3.");
        }
        int millis = (int) (java.time.LocalTime.parse(field).toNanoOfDay() / 1_000_000L);
        int unit = precision == 0 ? 1000 : precision == 1 ? 100 : precision == 2 ? 10 : 1;
        return millis / unit * unit;
    }

    private static String trimmed(CharSequence field) {
        return field.toString().trim();
    }

    /**
     * An INT or BIGINT field, trimmed, parsed in place. A field that is not one is parsed again as a
     * string, so that the error reads as Flink's does ({@code For input string: "..."}).
     */
    private static long parseWholeNumber(CharSequence field, boolean bigint) {
        long plain = plainWholeNumber(field);
        if (plain != Long.MIN_VALUE && (bigint || plain == (int) plain)) {
            return plain;
        }
        int start = 0;
        int end = field.length();
        while (start < end && field.charAt(start) <= ' ') {
            start++; // as String#trim
        }
        while (end > start && field.charAt(end - 1) <= ' ') {
            end--;
        }
        try {
            long value = Long.parseLong(field, start, end, 10);
            if (bigint || value == (int) value) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // parsed again below for the message
        }
        return bigint ? Long.parseLong(trimmed(field)) : Integer.parseInt(trimmed(field));
    }

    /**
     * A field of 1 to 18 ASCII digits after an optional minus, which Long#parseLong reads as this value and which
     * cannot overflow, read here, where the field's charAt inlines (in Long#parseLong it is a call per character);
     * Long.MIN_VALUE for any other field.
     */
    private static long plainWholeNumber(CharSequence field) {
        int length = field.length();
        boolean negative = length > 1 && field.charAt(0) == '-';
        int first = negative ? 1 : 0;
        if (length == first || length - first > 18) {
            return Long.MIN_VALUE;
        }
        long value = 0;
        for (int i = first; i < length; i++) {
            int digit = field.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return Long.MIN_VALUE;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /** How the Flink SQL client prints a value; SQL NULL stays Java null. */
    public static String render(Object value, SqlType type, ZoneId sessionZone) {
        if (value == null) {
            return null;
        }
        if (value == NONDETERMINISTIC) {
            return ResultRow.NONDETERMINISTIC;
        }
        switch (type.root()) {
            case BOOLEAN:
                return ((Boolean) value) ? "TRUE" : "FALSE";
            case DECIMAL:
                return ((BigDecimal) value).toPlainString();
            case TIMESTAMP:
                return Timestamps.format(value, type.precision());
            case TIMESTAMP_LTZ:
                return Timestamps.format(
                        Timestamps.withMillis(value, Timestamps.toWallClock(Timestamps.millis(value), sessionZone)),
                        type.precision());
            case DATE: // DateToStringCastRule, TimeToStringCastRule
                return DateTimeUtils.formatDate((Integer) value);
            case TIME:
                return DateTimeUtils.formatTimestampMillis((Integer) value, type.precision());
            case INTERVAL: // IntervalToStringCastRule of a day-time interval: +1 00:00:00.000
                return DateTimeUtils.formatIntervalDayTime((Long) value);
            default:
                return value.toString();
        }
    }

    /**
     * Whether {@link #cast} models this conversion: to a string (but not of an INTERVAL, which Flink prints as {@code +0
     * 01:00:00.000}), from a string to a BOOLEAN, number, timestamp, DATE or TIME, between numbers, between timestamps,
     * a timestamp to a DATE or TIME, a DATE to a timestamp, a TIME to a TIME or TIMESTAMP, BOOLEAN to and from numbers, a
     * NULL to anything, a type to itself.
     */
    public static boolean castModelled(SqlType from, SqlType to) {
        if (from.equals(to) || from.root() == Root.NULL) {
            return true;
        }
        if (from.root() == Root.INTERVAL || to.root() == Root.INTERVAL) {
            return from.root() == to.root();
        }
        if (to.root() == Root.STRING) {
            return true;
        }
        if (from.root() == Root.STRING) {
            return to.root() == Root.BOOLEAN || to.isNumeric() || to.isTemporal();
        }
        if (from.isTemporal() && to.isTemporal() && !(from.isTimestamp() && to.isTimestamp())) {
            return switch (from.root()) {
                case DATE -> to.isTimestamp();
                case TIME -> to.root() == Root.TIME || to.root() == Root.TIMESTAMP;
                default -> true; // a timestamp to a DATE or TIME
            };
        }
        return (from.isTimestamp() && to.isTimestamp())
                || ((from.isNumeric() || from.root() == Root.BOOLEAN) && (to.isNumeric() || to.root() == Root.BOOLEAN));
    }

    /** CAST semantics for the modelled conversions (also applied when an INSERT writes a sink column). */
    public static Object cast(Object value, SqlType from, SqlType to, ZoneId sessionZone) {
        if (value == null || value == NONDETERMINISTIC || from.equals(to)) {
            return value;
        }
        if (to.root() == Root.STRING) {
            return fitLength(from.root() == Root.STRING ? (String) value : render(value, from, sessionZone), to);
        }
        if (from.root() == Root.STRING) {
            return parse((String) value, to, sessionZone);
        }
        if (from.root() == Root.DATE || from.root() == Root.TIME || to.root() == Root.DATE || to.root() == Root.TIME) {
            return dateOrTime(value, from, to, sessionZone);
        }
        if (from.isTimestamp() && to.isTimestamp()) {
            Object shifted = value;
            if (from.root() != to.root()) {
                long millis = Timestamps.millis(value);
                shifted = Timestamps.withMillis(
                        value,
                        to.root() == Root.TIMESTAMP
                                ? Timestamps.toWallClock(millis, sessionZone)
                                : Timestamps.toEpoch(millis, sessionZone));
            }
            return Timestamps.truncate(shifted, to.precision());
        }
        if (from.isNumeric() && to.isNumeric()) {
            return number(value, from, to);
        }
        if (from.root() == Root.BOOLEAN && to.isNumeric()) {
            return number(((Boolean) value) ? 1 : 0, SqlType.INT, to);
        }
        if (from.isNumeric() && to.root() == Root.BOOLEAN) {
            return decimal(value).signum() != 0;
        }
        throw new IllegalArgumentException("CAST from " + from + " to " + to);
    }

    /**
     * The cast rules of DATE and TIME as their generated code computes them: TimestampToDateCastRule divides the
     * milliseconds by a day with Java's {@code /} (toward zero), TimestampToTimeCastRule, DateToTimestampCastRule,
     * TimeToTimestampCastRule, TimeToTimeCastRule and the TIMESTAMP_LTZ ones through DateTimeUtils in the session zone.
     */
    private static Object dateOrTime(Object value, SqlType from, SqlType to, ZoneId sessionZone) {
        TimeZone zone = TimeZone.getTimeZone(sessionZone);
        return switch (from.root()) {
            case DATE ->
                to.root() == Root.TIMESTAMP
                        ? Timestamps.of((long) (Integer) value * DateTimeUtils.MILLIS_PER_DAY, 0)
                        : Timestamps.value(DateTimeUtils.dateToTimestampWithLocalZone((Integer) value, zone));
            case TIME ->
                to.root() == Root.TIME
                        ? (to.precision() < from.precision()
                                ? DateTimeUtils.truncate((Integer) value, to.precision())
                                : value)
                        : Timestamps.of((Integer) value, 0);
            case TIMESTAMP ->
                to.root() == Root.DATE
                        ? (Object) (int) (Timestamps.millis(value) / DateTimeUtils.MILLIS_PER_DAY)
                        : DateTimeUtils.timestampWithoutLocalZoneToTime(Timestamps.data(value), to.precision());
            case TIMESTAMP_LTZ ->
                to.root() == Root.DATE
                        ? DateTimeUtils.timestampWithLocalZoneToDate(Timestamps.data(value), zone)
                        : DateTimeUtils.timestampWithLocalZoneToTime(Timestamps.data(value), zone, to.precision());
            default -> throw new IllegalArgumentException("CAST from " + from + " to " + to);
        };
    }

    /**
     * CharVarCharTrimPadCastRule: CHAR(n) pads with spaces to n code points, CHAR(n) and VARCHAR(n)
     * cut what is longer (BinaryStringData counts code points).
     */
    private static String fitLength(String text, SqlType to) {
        if (to.precision() < 0) {
            return text;
        }
        int length = text.codePointCount(0, text.length());
        if (length > to.precision()) {
            return text.substring(0, text.offsetByCodePoints(0, to.precision()));
        }
        return to.isFixedLength() && length < to.precision() ? text + " ".repeat(to.precision() - length) : text;
    }

    /** A string as Flink's string casts read it (BinaryStringDataUtil#toBoolean, #toInt, ...); only BOOLEAN is not trimmed. */
    private static Object parse(String untrimmed, SqlType to, ZoneId sessionZone) {
        if (to.root() == Root.BOOLEAN) {
            return BinaryStringDataUtil.toBoolean(BinaryStringData.fromString(untrimmed));
        }
        if (to.root() == Root.DATE) { // StringToDateCastRule, StringToTimeCastRule
            return BinaryStringDataUtil.toDate(BinaryStringData.fromString(untrimmed));
        }
        if (to.root() == Root.TIME) {
            return BinaryStringDataUtil.toTime(BinaryStringData.fromString(untrimmed), to.precision());
        }
        String text = untrimmed.trim();
        if (to.isTimestamp()) {
            Object wallClock = Timestamps.parseLiteral(text, to.precision());
            return to.root() == Root.TIMESTAMP_LTZ
                    ? Timestamps.withMillis(wallClock, Timestamps.toEpoch(Timestamps.millis(wallClock), sessionZone))
                    : wallClock;
        }
        BinaryStringData string = BinaryStringData.fromString(text);
        return switch (to.root()) {
            case TINYINT -> (int) BinaryStringDataUtil.toByte(string);
            case SMALLINT -> (int) BinaryStringDataUtil.toShort(string);
            case INT -> BinaryStringDataUtil.toInt(string);
            case BIGINT -> BinaryStringDataUtil.toLong(string);
            case FLOAT -> BinaryStringDataUtil.toFloat(string);
            case DOUBLE -> BinaryStringDataUtil.toDouble(string);
            case DECIMAL -> {
                DecimalData decimal = BinaryStringDataUtil.toDecimal(string, to.precision(), to.scale());
                yield decimal == null ? null : decimal.toBigDecimal();
            }
            default -> throw new IllegalArgumentException("CAST from STRING to " + to);
        };
    }

    private static Object number(Object value, SqlType from, SqlType to) {
        if (to.root() == Root.DECIMAL) {
            return fitDecimal(decimal(value), to);
        }
        if (from.root() == Root.DECIMAL) {
            return number((BigDecimal) value, to);
        }
        if (from.isApproximate()) {
            // Java's narrowing, as Flink's generated casts: saturates to int or long, NaN is 0, then wraps to byte or
            // short
            double approximate = ((Number) value).doubleValue();
            return switch (to.root()) {
                case TINYINT -> (int) (byte) (int) approximate;
                case SMALLINT -> (int) (short) (int) approximate;
                case INT -> (int) approximate;
                case BIGINT -> (long) approximate;
                case FLOAT -> (float) approximate;
                default -> approximate;
            };
        }
        long whole = ((Number) value).longValue();
        return switch (to.root()) {
            case TINYINT -> (int) (byte) whole;
            case SMALLINT -> (int) (short) whole;
            case INT -> (int) whole;
            case BIGINT -> whole;
            case FLOAT -> (float) whole;
            default -> (double) whole;
        };
    }

    /** Exact numbers to integers truncate toward zero and keep the low-order bits (DecimalDataUtils#castToIntegral). */
    private static Object number(BigDecimal value, SqlType to) {
        return switch (to.root()) {
            case TINYINT -> (int) (byte) value.longValue();
            case SMALLINT -> (int) (short) value.longValue();
            case INT -> value.intValue();
            case BIGINT -> value.longValue();
            case FLOAT -> value.floatValue();
            case DOUBLE -> value.doubleValue();
            default -> fitDecimal(value, to);
        };
    }

    public static BigDecimal decimal(Object number) {
        if (number instanceof BigDecimal big) {
            return big;
        }
        if (number instanceof Double || number instanceof Float) {
            return BigDecimal.valueOf(((Number) number).doubleValue());
        }
        return BigDecimal.valueOf(((Number) number).longValue());
    }

    /** Flink rounds half-up to the scale and gives NULL when the precision overflows (DecimalData#fromBigDecimal). */
    public static BigDecimal fitDecimal(BigDecimal value, SqlType type) {
        BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
        return scaled.precision() > type.precision() ? null : scaled;
    }

    /** An expression met a {@link #NONDETERMINISTIC} operand: its value depends on processing time too. */
    public static final class NondeterministicOperandException extends RuntimeException {
        NondeterministicOperandException() {
            super("a value computed from processing time", null, false, false);
        }
    }

    /**
     * Compares two non-null values of comparable types: numbers by value, strings by code point (as
     * BinaryStringData#compareTo compares UTF-8 bytes), the rest naturally.
     *
     * @throws NondeterministicOperandException when either is {@link #NONDETERMINISTIC}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object left, Object right) {
        if (left == NONDETERMINISTIC || right == NONDETERMINISTIC) {
            throw new NondeterministicOperandException();
        }
        if (left instanceof String a && right instanceof String b) {
            return compareCodePoints(a, b);
        }
        if (left instanceof TimestampData || right instanceof TimestampData) {
            return Timestamps.data(left).compareTo(Timestamps.data(right));
        }
        if (left instanceof Number a && right instanceof Number b && left.getClass() != right.getClass()) {
            if (a instanceof BigDecimal || b instanceof BigDecimal) {
                return decimal(a).compareTo(decimal(b));
            }
            if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) {
                return Double.compare(a.doubleValue(), b.doubleValue());
            }
            return Long.compare(a.longValue(), b.longValue());
        }
        return ((Comparable) left).compareTo(right);
    }

    /**
     * The order of two non-null sort keys as Flink's generated record comparators give it
     * ({@code GenerateUtils#generateCompare}): FLOAT and DOUBLE by the primitive operators, so NaN
     * equals every value and -0.0 equals 0.0; everything else as {@link #compare}.
     */
    public static int sortKeyCompare(Object left, Object right) {
        if ((left instanceof Double || left instanceof Float) && (right instanceof Double || right instanceof Float)) {
            double x = ((Number) left).doubleValue();
            double y = ((Number) right).doubleValue();
            return x > y ? 1 : x < y ? -1 : 0;
        }
        return compare(left, right);
    }

    /**
     * A SQL comparison's order of two non-null values: as {@link #compare}, but FLOAT and DOUBLE
     * compare as Java's primitive operators in Flink's generated code do: -0.0 equals 0.0, and NaN
     * is unordered (null), so only {@code <>} holds for it.
     */
    public static Integer sqlCompare(Object left, Object right) {
        if ((left instanceof Double || left instanceof Float || right instanceof Double || right instanceof Float)
                && left != NONDETERMINISTIC
                && right != NONDETERMINISTIC) {
            // a DECIMAL meets a DOUBLE as a DOUBLE
            double a = ((Number) left).doubleValue();
            double b = ((Number) right).doubleValue();
            return a < b ? Integer.valueOf(-1) : a > b ? Integer.valueOf(1) : a == b ? Integer.valueOf(0) : null;
        }
        return compare(left, right);
    }

    private static int compareCodePoints(String a, String b) {
        int length = Math.min(a.length(), b.length());
        for (int i = 0; i < length; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // a surrogate (a code point above U+FFFF) sorts after every char of the BMP
                boolean xHigh = Character.isSurrogate(x);
                boolean yHigh = Character.isSurrogate(y);
                return xHigh == yHigh ? Character.compare(x, y) : xHigh ? 1 : -1;
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
