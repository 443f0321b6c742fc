package org.flinkcookbook.simulator.types;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneId;
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
            case STRING: return field.toString();
            case BOOLEAN: return Boolean.parseBoolean(trimmed(field));
            case TINYINT: return (int) Byte.parseByte(trimmed(field));
            case SMALLINT: return (int) Short.parseShort(trimmed(field));
            case INT: return (int) parseWholeNumber(field, false);
            case BIGINT: return parseWholeNumber(field, true);
            case FLOAT: return Float.parseFloat(trimmed(field));
            case DOUBLE: return Double.parseDouble(trimmed(field));
            case DECIMAL: return fitDecimal(new BigDecimal(field.toString()), type);
            case TIMESTAMP: return Timestamps.parseTimestamp(field);
            case TIMESTAMP_LTZ: return Timestamps.parseUtcTimestamp(field);
            default: throw new IllegalArgumentException("Flink's CSV format cannot read a " + type + " column");
        }
    }

    private static String trimmed(CharSequence field) {
        return field.toString().trim();
    }

    /**
     * An INT or BIGINT field, trimmed, parsed in place. A field that is not one is parsed again as a
     * string, so that the error reads as Flink's does ({@code For input string: "..."}).
     */
    private static long parseWholeNumber(CharSequence field, boolean bigint) {
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

    /** How the Flink SQL client prints a value; SQL NULL stays Java null. */
    public static String render(Object value, SqlType type, ZoneId sessionZone) {
        if (value == null) {
            return null;
        }
        if (value == NONDETERMINISTIC) {
            return ResultRow.NONDETERMINISTIC;
        }
        switch (type.root()) {
            case BOOLEAN: return ((Boolean) value) ? "TRUE" : "FALSE";
            case DECIMAL: return ((BigDecimal) value).toPlainString();
            case TIMESTAMP: return Timestamps.format((Long) value, type.precision());
            case TIMESTAMP_LTZ: return Timestamps.format(Timestamps.toWallClock((Long) value, sessionZone), type.precision());
            default: return value.toString();
        }
    }

    /** CAST semantics for the modelled conversions (also applied when an INSERT writes a sink column). */
    public static Object cast(Object value, SqlType from, SqlType to, ZoneId sessionZone) {
        if (value == null || value == NONDETERMINISTIC || from.equals(to)) {
            return value;
        }
        if (to.root() == Root.STRING) {
            return render(value, from, sessionZone);
        }
        if (from.root() == Root.STRING) {
            String text = ((String) value).trim();
            if (to.isTimestamp()) {
                long wallClock = Timestamps.parseLiteral(text);
                return to.root() == Root.TIMESTAMP_LTZ ? Timestamps.toEpoch(wallClock, sessionZone) : wallClock;
            }
            return switch (to.root()) {
                case BOOLEAN -> Boolean.parseBoolean(text);
                case DECIMAL -> fitDecimal(new BigDecimal(text), to);
                default -> number(new BigDecimal(text), to);
            };
        }
        if (from.isTimestamp() && to.isTimestamp()) {
            long millis = (Long) value;
            if (from.root() == to.root()) {
                return millis;
            }
            return to.root() == Root.TIMESTAMP ? Timestamps.toWallClock(millis, sessionZone) : Timestamps.toEpoch(millis, sessionZone);
        }
        if (from.isNumeric() && to.isNumeric()) {
            return number(value, from, to);
        }
        if (from.root() == Root.BOOLEAN && to.isNumeric()) {
            return number(((Boolean) value) ? 1 : 0, SqlType.INT, to);
        }
        throw new IllegalArgumentException("CAST from " + from + " to " + to);
    }

    private static Object number(Object value, SqlType from, SqlType to) {
        if (to.root() == Root.DECIMAL) {
            return fitDecimal(decimal(value), to);
        }
        if (from.isApproximate() || from.root() == Root.DECIMAL) {
            return number(decimal(value), to);
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

    /** Approximate and exact numbers to integers truncate toward zero, as Java casts do. */
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
     * Compares two non-null values of comparable types (numbers by value, the rest naturally).
     *
     * @throws NondeterministicOperandException when either is {@link #NONDETERMINISTIC}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object left, Object right) {
        if (left == NONDETERMINISTIC || right == NONDETERMINISTIC) {
            throw new NondeterministicOperandException();
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
}
