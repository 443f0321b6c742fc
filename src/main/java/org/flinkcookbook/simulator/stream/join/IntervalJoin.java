package org.flinkcookbook.simulator.stream.join;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.stream.RowSink;
import org.flinkcookbook.simulator.stream.join.JoinInput.Row;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * An event-time interval join: Flink's RowTimeIntervalJoin (TimeIntervalJoin) in a
 * KeyedCoProcessOperatorWithWatermarkDelay, keyed by the join keys, allowed lateness 0 and no
 * minimum clean-up interval. A left row {@code l} and a right row {@code r} of one key are a pair
 * when {@code r.t} lies in {@code [l.t - rightRelativeSize, l.t + leftRelativeSize]} and the non-equi
 * condition holds; the later of the two to arrive finds the other in its side's cache, unless the
 * operator's watermark (the lower of the two inputs' watermarks, 0 while it is not positive) had
 * already passed it: a left row is cached only while that watermark is below
 * {@code l.t + leftRelativeSize} and removed once it reaches {@code l.t + leftRelativeSize + 1}
 * (by its clean-up timer or a right row's pass over the cache), a right row likewise with
 * {@code rightRelativeSize}. Outer rows never joined are emitted padded with NULLs when they leave
 * the cache (or at once when they are not cached); nothing is retracted and no row is counted as late.
 *
 * <p>Which of the two arrives first, and which watermark the operator has then, depends on how Flink
 * interleaves the inputs: before a row arrives, the operator's watermark lies anywhere up to the
 * watermark the row's own input delivered before it (reached when the other input ended first). A
 * pair is emitted in every interleaving exactly when, in either order, the first row is still cached
 * under the highest such watermark before the second; then the result is every pair, and the outer
 * rows of no pair padded. Otherwise the statement is unsupported, naming the pair.
 */
public final class IntervalJoin extends TwoInputJoin {

    private final long leftLowerBound;
    private final long leftUpperBound;
    private final int leftTime;
    private final int rightTime;
    private final SqlType leftTimeType;
    private final SqlType rightTimeType;
    private final ZoneId sessionZone;

    /**
     * @param leftLowerBound the least {@code l.t - r.t} of a pair, in milliseconds (IntervalJoinSpec.WindowBounds)
     * @param leftUpperBound the greatest {@code l.t - r.t} of a pair
     * @param leftTime the left input's rowtime column
     * @param rightTime the right input's rowtime column
     */
    public IntervalJoin(
            JoinSpec spec,
            long leftLowerBound,
            long leftUpperBound,
            int leftTime,
            SqlType leftTimeType,
            int rightTime,
            SqlType rightTimeType,
            String leftFixture,
            String rightFixture,
            RowSink downstream,
            ZoneId sessionZone) {
        super(spec, leftFixture, rightFixture, downstream, sessionZone);
        this.leftLowerBound = leftLowerBound;
        this.leftUpperBound = leftUpperBound;
        this.leftTime = leftTime;
        this.rightTime = rightTime;
        this.leftTimeType = leftTimeType;
        this.rightTimeType = rightTimeType;
        this.sessionZone = sessionZone;
    }

    @Override
    void join(List<Row> leftRows, List<Row> rightRows) {
        long leftRelativeSize = -leftLowerBound;
        long rightRelativeSize = leftUpperBound;
        // a negative relative size: StreamExecIntervalJoin#createNegativeWindowSizeJoin filters all rows out (and pads
        // the outer ones) without a join operator
        boolean joining = leftUpperBound >= leftLowerBound;
        Map<List<Object>, List<Row>> rightByKey = new HashMap<>();
        for (Row right : rightRows) {
            long time = time(right, false, joining ? rightRelativeSize : Long.MAX_VALUE);
            List<Object> key = spec.key(right.values(), false);
            if (key != null && joining) {
                rightByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(right);
            }
        }
        Comparator<Row> byTime = Comparator.comparingLong(row -> Timestamps.millis(row.values()[rightTime]));
        rightByKey.values().forEach(rows -> rows.sort(byTime));
        Map<Row, Boolean> joinedRight = new IdentityHashMap<>();
        for (Row left : leftRows) {
            long leftTimestamp = time(left, true, joining ? leftRelativeSize : Long.MAX_VALUE);
            List<Object> key = spec.key(left.values(), true);
            boolean joined = false;
            for (Row right : key == null ? List.<Row>of() : rightByKey.getOrDefault(key, List.of())) {
                long rightTimestamp = Timestamps.millis(right.values()[rightTime]);
                if (rightTimestamp < leftTimestamp - rightRelativeSize) {
                    continue;
                }
                if (rightTimestamp > leftTimestamp + leftRelativeSize) {
                    break;
                }
                if (!spec.matches(left.values(), right.values(), context)) {
                    continue;
                }
                requireCachedInEveryOrder(left, leftTimestamp, right, rightTimestamp);
                joined = true;
                joinedRight.put(right, true);
                emit(spec.joined(left.values(), right.values()), left.fixtureLine());
            }
            if (!joined && spec.type().leftOuter()) {
                emitUnmatched(left, true);
            }
        }
        if (spec.type().rightOuter()) {
            for (Row right : rightRows) {
                if (!joinedRight.containsKey(right)) {
                    emitUnmatched(right, false);
                }
            }
        }
    }

    /**
     * A row's rowtime (RowData#getLong of the compact timestamp: its epoch milliseconds); a row that would
     * join a cached row only after the epoch is refused: the operator's times and expirations start at 0.
     */
    private long time(Row row, boolean fromLeft, long relativeSize) {
        Object value = row.values()[fromLeft ? leftTime : rightTime];
        if (value == null) {
            throw new UnsupportedConstructException(
                    null, "an interval join of a row with a NULL rowtime (" + describe(row, fromLeft) + ")");
        }
        long time = Timestamps.millis(value);
        if (relativeSize != Long.MAX_VALUE && time + relativeSize <= 0) {
            throw new UnsupportedConstructException(
                    null,
                    "an interval join of a row whose interval ends before 1970 (" + describe(row, fromLeft)
                            + ": RowTimeIntervalJoin's operator time and cache expirations start at 0)");
        }
        return time;
    }

    /**
     * In either order, the first row is cached when it arrives and still cached when the second does,
     * under the highest watermarks the operator can have then: the lower of both rows' own inputs'
     * watermarks before them when the first arrives, the second's own input's before it when it does.
     */
    private void requireCachedInEveryOrder(Row left, long leftTimestamp, Row right, long rightTimestamp) {
        long leftExpires = leftTimestamp - leftLowerBound; // l.t + leftRelativeSize
        long rightExpires = rightTimestamp + leftUpperBound; // r.t + rightRelativeSize
        long leftBefore = operatorTime(left.watermarkBefore());
        long rightBefore = operatorTime(right.watermarkBefore());
        if (Math.min(leftBefore, rightBefore) >= leftExpires || rightBefore > leftExpires) {
            throw lostPair(left, right, true, right.watermarkBefore(), rightTimeType);
        }
        if (Math.min(leftBefore, rightBefore) >= rightExpires || leftBefore > rightExpires) {
            throw lostPair(left, right, false, left.watermarkBefore(), leftTimeType);
        }
    }

    /** RowTimeIntervalJoin#updateOperatorTime: the current watermark, or 0 while it is not positive. */
    private static long operatorTime(long watermark) {
        return Math.max(watermark, 0);
    }

    private RuntimeException lostPair(Row left, Row right, boolean leftFirst, long watermark, SqlType type) {
        Row first = leftFirst ? left : right;
        Row second = leftFirst ? right : left;
        return interleavingDependent(
                "an interval join",
                "the rows of " + describe(left, true) + " and " + describe(right, false) + " join in some"
                        + " interleavings only: when " + describe(first, leftFirst) + " arrives first, the watermark "
                        + Values.render(watermark, type, sessionZone) + " that " + describe(second, !leftFirst)
                        + " follows in its own input can reach the join before it and expire the first from"
                        + " Flink's cache");
    }
}
