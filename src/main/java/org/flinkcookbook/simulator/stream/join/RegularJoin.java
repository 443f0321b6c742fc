package org.flinkcookbook.simulator.stream.join;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.flinkcookbook.simulator.stream.RowSink;
import org.flinkcookbook.simulator.stream.join.JoinInput.Row;

/**
 * A regular streaming join of two insert-only inputs: Flink's StreamingJoinOperator (INNER, LEFT,
 * RIGHT, FULL) and StreamingSemiAntiJoinOperator (SEMI, ANTI), keyed by the join keys, without state
 * TTL or mini-batch. A row is stored and joined with the other side's rows that arrived before it
 * (those of its key for which the non-equi condition holds), so every matching pair is emitted once
 * as {@code +I}, whatever the order, and a SEMI join's left row once when it has a match. An outer
 * side's row without any match is emitted padded with NULLs, an ANTI join's left row alone. An
 * outer or ANTI row that has a match is emitted padded (or alone) and retracted with {@code -D} when
 * its first match arrives after it, and not at all when one arrived before: its changelog depends on
 * the interleaving, so such a row makes the statement unsupported.
 */
public final class RegularJoin extends TwoInputJoin {

    public RegularJoin(JoinSpec spec, String leftFixture, String rightFixture, RowSink downstream, ZoneId sessionZone) {
        super(spec, leftFixture, rightFixture, downstream, sessionZone);
    }

    @Override
    void join(List<Row> leftRows, List<Row> rightRows) {
        Map<List<Object>, List<Row>> rightByKey = new HashMap<>();
        for (Row row : rightRows) {
            List<Object> key = spec.key(row.values(), false);
            if (key != null) {
                rightByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
            }
        }
        JoinSpec.Type type = spec.type();
        Map<Row, Row> matchedRight = new IdentityHashMap<>();
        for (Row left : leftRows) {
            List<Object> key = spec.key(left.values(), true);
            Row firstMatch = null;
            for (Row right : key == null ? List.<Row>of() : rightByKey.getOrDefault(key, List.of())) {
                if (!spec.matches(left.values(), right.values(), context)) {
                    continue;
                }
                if (firstMatch == null) {
                    firstMatch = right;
                }
                matchedRight.putIfAbsent(right, left);
                if (!type.leftRowOnly()) {
                    emit(spec.joined(left.values(), right.values()), left.fixtureLine());
                }
            }
            if (firstMatch == null) {
                if (type.leftOuter() || type == JoinSpec.Type.ANTI) {
                    emitUnmatched(left, true);
                }
            } else if (type.leftOuter() || type == JoinSpec.Type.ANTI) {
                throw retracted(left, true, firstMatch);
            } else if (type == JoinSpec.Type.SEMI) {
                emit(left.values(), left.fixtureLine());
            }
        }
        if (type.rightOuter()) {
            for (Row right : rightRows) {
                Row match = matchedRight.get(right);
                if (match != null) {
                    throw retracted(right, false, match);
                }
                emitUnmatched(right, false);
            }
        }
    }

    private RuntimeException retracted(Row row, boolean fromLeft, Row match) {
        String padded = spec.type() == JoinSpec.Type.ANTI ? "emits it" : "emits it padded with NULLs";
        return interleavingDependent(
                (spec.type() == JoinSpec.Type.ANTI ? "an " : "a ") + spec.type() + " join",
                "the row of " + describe(row, fromLeft) + " has a match (" + describe(match, !fromLeft)
                        + "); when it arrives first Flink " + padded + " and retracts that (-D) when the match"
                        + " arrives, when it arrives second it does not");
    }
}
