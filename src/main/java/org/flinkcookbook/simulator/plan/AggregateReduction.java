package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether Flink's planner rewrites a grouped aggregation's SUM and AVG calls. Its logical rules (Volcano,
 * chosen by cost) hold {@code AggregateReduceFunctionsRule} (Flink's copy of Calcite's, also as
 * {@code WindowAggregateReduceFunctionsRule} for group windows), which offers the same aggregation with
 * SUM(x) as $SUM0(x) (and, when the SUM's type is nullable, COUNT(x) for a CASE WHEN COUNT(x) = 0 THEN
 * NULL), AVG(x) as $SUM0(x) / COUNT(x), and AVG/MIN/MAX of a GROUP BY key as the key
 * ({@code canReduceAggCallByGrouping}); COUNT(x) of a NOT NULL x is COUNT(*) (RexBuilder#addAggCall) and
 * equal calls are one. {@code FlinkLogicalAggregate}'s cost grows with the number of calls, so the
 * rewrite wins when it leaves fewer calls than the query has, and loses a tie. Checked against the plans
 * of 125 generated window TVF, group window and batch aggregations ({@code FlinkRulesTest}).
 */
final class AggregateReduction {

    /** What the planner does with an aggregation's SUM and AVG calls. */
    enum Outcome {
        KEPT,
        REDUCED,
        /** The simulator cannot tell (an argument whose nullability it does not derive, DISTINCT in batch mode). */
        UNDECIDED
    }

    /**
     * One aggregate call as the rule sees it.
     *
     * @param function COUNT, SUM, MIN, MAX or AVG
     * @param argument the argument's SQL text, or null for COUNT(*)
     * @param filter the FILTER condition's SQL text, or null
     * @param nullable whether the argument's type is nullable, null where not derived
     * @param groupKey whether the argument is a GROUP BY key
     */
    record Call(
            String function, boolean distinct, String argument, String filter, Boolean nullable, boolean groupKey) {}

    private AggregateReduction() {}

    /**
     * @param grouped whether the aggregation has GROUP BY keys or a window (else a SUM is nullable)
     * @param batch batch mode, whose plans for DISTINCT aggregates were not measured to follow the rule
     */
    static Outcome of(List<Call> calls, boolean grouped, boolean batch) {
        if (calls.stream()
                .noneMatch(
                        call -> call.function().equals("SUM") || call.function().equals("AVG"))) {
            return Outcome.KEPT;
        }
        if (batch && calls.stream().anyMatch(Call::distinct)) {
            return Outcome.UNDECIDED;
        }
        boolean unknown = calls.stream().anyMatch(call -> call.argument() != null && call.nullable() == null);
        boolean reduced = reducedCallCount(calls, grouped, true) < originalCallCount(calls, true);
        if (unknown && reduced != reducedCallCount(calls, grouped, false) < originalCallCount(calls, false)) {
            return Outcome.UNDECIDED;
        }
        return reduced ? Outcome.REDUCED : Outcome.KEPT;
    }

    private static int originalCallCount(List<Call> calls, boolean unknownNullable) {
        Set<List<Object>> distinct = new HashSet<>();
        calls.forEach(call -> distinct.add(key(call, call.function(), unknownNullable)));
        return distinct.size();
    }

    private static int reducedCallCount(List<Call> calls, boolean grouped, boolean unknownNullable) {
        Set<List<Object>> reduced = new HashSet<>();
        for (Call call : calls) {
            boolean simple = !call.distinct() && call.filter() == null;
            switch (call.function()) {
                case "SUM" -> {
                    reduced.add(key(call, "$SUM0", unknownNullable));
                    if (!grouped || call.filter() != null || nullable(call, unknownNullable)) {
                        reduced.add(key(call, "COUNT", unknownNullable));
                    }
                }
                case "AVG" -> {
                    if (!(simple && call.groupKey())) {
                        reduced.add(key(call, "$SUM0", unknownNullable));
                        reduced.add(key(call, "COUNT", unknownNullable));
                    }
                }
                case "MIN", "MAX" -> {
                    if (!(simple && call.groupKey())) {
                        reduced.add(key(call, call.function(), unknownNullable));
                    }
                }
                default -> reduced.add(key(call, call.function(), unknownNullable));
            }
        }
        return reduced.size();
    }

    private static boolean nullable(Call call, boolean unknownNullable) {
        return call.nullable() == null ? unknownNullable : call.nullable();
    }

    /** The call as one of the aggregation's calls: COUNT of a NOT NULL argument is COUNT(*). */
    private static List<Object> key(Call call, String function, boolean unknownNullable) {
        String argument = call.argument();
        if (function.equals("COUNT") && !call.distinct() && argument != null && !nullable(call, unknownNullable)) {
            argument = null;
        }
        List<Object> key = new ArrayList<>();
        key.add(function);
        key.add(call.distinct());
        key.add(String.valueOf(argument));
        key.add(String.valueOf(call.filter()));
        return key;
    }
}
