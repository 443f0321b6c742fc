package org.flinkcookbook.simulator.expression;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TimeZone;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.apache.flink.table.utils.DateTimeUtils;
import org.apache.flink.table.utils.DateTimeUtils.TimeUnitRange;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Timestamps;

/**
 * Flink's functions of DATE, TIME and timestamps that its generated code computes with DateTimeUtils: FLOOR and CEIL
 * to a unit (FloorCeilCallGen), TO_DATE, UNIX_TIMESTAMP and FROM_UNIXTIME (StringCallGen, FunctionGenerator), DATE and
 * TIME plus or minus a day-time interval (ScalarOperatorGens#generateTemporalPlusMinus).
 */
final class TemporalFunctions {

    private TemporalFunctions() {}

    /** The units FloorCeilCallGen rounds with the calendar (DateTimeUtils#unixTimestampFloor ...), not by a multiple. */
    private static final Set<TimeUnitRange> CALENDAR_UNITS = EnumSet.of(
            TimeUnitRange.MILLENNIUM,
            TimeUnitRange.CENTURY,
            TimeUnitRange.DECADE,
            TimeUnitRange.YEAR,
            TimeUnitRange.QUARTER,
            TimeUnitRange.MONTH,
            TimeUnitRange.WEEK);

    /**
     * FLOOR(t TO unit) and CEIL(t TO unit) as FloorCeilCallGen generates them, the digits below the millisecond
     * dropped (TimestampData#fromEpochMillis): of a TIMESTAMP DateTimeUtils#unixTimestampFloor/#unixTimestampCeil for
     * the calendar units, else SqlFunctionUtils#floor/#ceil of the milliseconds to the unit's multiple; of a
     * TIMESTAMP_LTZ DateTimeUtils#timestampFloor/#timestampCeil in the session time zone from DAY up, the multiple
     * below; of a DATE DateTimeUtils#unixDateFloor/#unixDateCeil for the calendar units. Others are not modelled.
     */
    static Expression floorOrCeil(CallSite site, boolean floor, TimeUnitRange unit, SqlType type, Expression time) {
        Root root = time.type().root();
        boolean calendar = CALENDAR_UNITS.contains(unit);
        boolean zoned = calendar || unit == TimeUnitRange.DAY || unit == TimeUnitRange.HOUR;
        long multiple = unit.startUnit.multiplier.intValue();
        boolean modelled = switch (root) {
            case TIMESTAMP -> calendar || (unit.endUnit == null && multiple > 0);
            case TIMESTAMP_LTZ -> zoned || (unit.endUnit == null && multiple > 0);
            case DATE -> calendar;
            default -> false;
        };
        if (!modelled || type.root() != root) {
            throw site.unsupported((floor ? "FLOOR" : "CEIL") + " of " + time.type() + " to " + unit);
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(time), (values, context) -> {
            if (root == Root.DATE) {
                long date = (Integer) values[0];
                return (int) (floor ? DateTimeUtils.unixDateFloor(unit, date) : DateTimeUtils.unixDateCeil(unit, date));
            }
            long millis = Timestamps.millis(values[0]);
            if (root == Root.TIMESTAMP_LTZ && zoned) {
                TimeZone zone = TimeZone.getTimeZone(context.sessionZone());
                return floor
                        ? DateTimeUtils.timestampFloor(unit, millis, zone)
                        : DateTimeUtils.timestampCeil(unit, millis, zone);
            }
            if (calendar) {
                return floor
                        ? DateTimeUtils.unixTimestampFloor(unit, millis)
                        : DateTimeUtils.unixTimestampCeil(unit, millis);
            }
            return floor ? SqlFunctionUtils.floor(millis, multiple) : SqlFunctionUtils.ceil(millis, multiple);
        });
    }

    /**
     * TO_DATE(text[, format]): DateTimeUtils#parseDate of the text, NULL where it is no {@code yyyy-MM-dd} date; with a
     * format #parseDate(text, format).
     */
    static Expression toDate(CallSite site, SqlType type, List<Expression> operands) {
        requireStrings(site, "TO_DATE", operands);
        return BuiltInFunctions.callIfArgsNotNull(
                site,
                type,
                operands,
                (values, context) -> values.length == 1
                        ? DateTimeUtils.parseDate((String) values[0])
                        : (Object) DateTimeUtils.parseDate((String) values[0], (String) values[1]));
    }

    /**
     * UNIX_TIMESTAMP(text[, format]): DateTimeUtils#unixTimestamp of the text read in the session time zone (a BIGINT
     * of seconds); of a timestamp, or without arguments (the wall clock), not modelled here.
     */
    static Expression unixTimestamp(CallSite site, SqlType type, List<Expression> operands) {
        if (operands.isEmpty()) {
            throw site.unsupported("UNIX_TIMESTAMP()");
        }
        requireStrings(site, "UNIX_TIMESTAMP", operands);
        return BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
            TimeZone zone = TimeZone.getTimeZone(context.sessionZone());
            return values.length == 1
                    ? DateTimeUtils.unixTimestamp((String) values[0], zone)
                    : DateTimeUtils.unixTimestamp((String) values[0], (String) values[1], zone);
        });
    }

    /** FROM_UNIXTIME(seconds[, format]): DateTimeUtils#formatUnixTimestamp in the session time zone, a STRING. */
    static Expression fromUnixtime(CallSite site, SqlType type, List<Expression> operands) {
        SqlType seconds = operands.get(0).type();
        if (!(seconds.isIntLike() || seconds.root() == Root.BIGINT)
                || (operands.size() > 1 && operands.get(1).type().root() != Root.STRING)) {
            throw site.unsupported("FROM_UNIXTIME of " + seconds);
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
            TimeZone zone = TimeZone.getTimeZone(context.sessionZone());
            long epochSeconds = ((Number) values[0]).longValue();
            return values.length == 1
                    ? DateTimeUtils.formatUnixTimestamp(epochSeconds, zone)
                    : DateTimeUtils.formatUnixTimestamp(epochSeconds, (String) values[1], zone);
        });
    }

    /**
     * A DATE or TIME plus or minus a day-time interval (ScalarOperatorGens#generateTemporalPlusMinus): a DATE moves by
     * {@code Math.toIntExact(interval / 86400000)} whole days (toward zero), or becomes the TIMESTAMP {@code date *
     * 86400000 ± interval} where the call is one; a TIME moves by the interval modulo a day and wraps around midnight.
     */
    static Expression plusMinus(CallSite site, char operator, SqlType type, Expression time, Expression interval) {
        long sign = operator == '+' ? 1 : -1;
        Root root = time.type().root();
        if (root == Root.DATE && type.root() == Root.DATE) {
            return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(time, interval), (values, context) -> (int)
                    ((Integer) values[0] + sign * Math.toIntExact((Long) values[1] / DateTimeUtils.MILLIS_PER_DAY)));
        }
        if (root == Root.DATE && type.root() == Root.TIMESTAMP) {
            return BuiltInFunctions.callIfArgsNotNull(
                    site,
                    type,
                    List.of(time, interval),
                    (values, context) ->
                            (long) (Integer) values[0] * DateTimeUtils.MILLIS_PER_DAY + sign * (Long) values[1]);
        }
        if (root == Root.TIME && type.root() == Root.TIME) {
            return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(time, interval), (values, context) -> {
                long shift = Math.toIntExact((Long) values[1] % DateTimeUtils.MILLIS_PER_DAY);
                return Math.toIntExact(((Integer) values[0] + DateTimeUtils.MILLIS_PER_DAY + sign * shift)
                        % DateTimeUtils.MILLIS_PER_DAY);
            });
        }
        throw site.unsupported(time.type() + " " + operator + " an interval as " + type);
    }

    private static void requireStrings(CallSite site, String name, List<Expression> operands) {
        for (Expression operand : operands) {
            if (operand.type().root() != Root.STRING) {
                throw site.unsupported(name + " of " + operand.type());
            }
        }
    }
}
