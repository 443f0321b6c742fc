package org.flinkcookbook.simulator.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.testing.FlinkPlans;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregate calls of Flink's plan, executed by the simulator: a group aggregation without keys over edge values,
 * whose final row must be the last row Flink emits for the same query. The planner's choice ($SUM or $SUM0, AVG kept)
 * is read from the plan.
 */
@ExtendWith(SharedFlink.class)
class PlanAggregatesOnFlinkTest {

    @TempDir
    static Path directory;

    private static FlinkPlans flink;

    @BeforeAll
    static void table(KeptCluster cluster) {
        flink = new FlinkPlans(
                directory,
                List.of("k STRING", "i INT", "ti TINYINT", "b BIGINT", "f FLOAT", "d DOUBLE", "de DECIMAL(10, 2)"),
                "pt AS PROCTIME()",
                List.of(
                        "a,2147483647,127,9223372036854775807,-0.0,-0.0,99999999.99",
                        "a,1,1,1,0.1,0.1,0.01",
                        "b,N/A,N/A,N/A,N/A,N/A,N/A",
                        "b,-7,-128,-3,1.5,NaN,-0.50",
                        "c,7,5,2,0.2,1e308,1.25"),
                ZoneId.of("UTC"),
                cluster);
    }

    /** The final row of a query without GROUP BY keys: from Flink's plan under the simulator, and Flink's last. */
    private static void sameAsFlink(String... aggregates) {
        String query = "SELECT " + String.join(", ", aggregates) + " FROM t";
        List<List<String>> emitted = flink.onFlink(query);
        assertThat(flink.onPlan(query)).as(query).containsExactly(emitted.get(emitted.size() - 1));
    }

    @Test
    void countSumAverageMinAndMaxAreFlinksAggregateFunctions() {
        sameAsFlink(
                "COUNT(*)",
                "COUNT(i)",
                "COUNT(DISTINCT k)",
                "SUM(i)",
                "SUM(ti)",
                "SUM(b)",
                "SUM(f)",
                "SUM(d)",
                "SUM(de)",
                "AVG(i)",
                "AVG(ti)",
                "AVG(f)",
                "AVG(de)",
                "MIN(i)",
                "MAX(k)",
                "MIN(de)",
                "MAX(ti)");
    }

    @Test
    void filtersAndDistinctComeFromThePlan() {
        sameAsFlink(
                "COUNT(*) FILTER (WHERE i > 0)",
                "SUM(DISTINCT ti)",
                "SUM(de) FILTER (WHERE k = 'a')",
                "MIN(d) FILTER (WHERE d > 0)",
                "COUNT(DISTINCT i) FILTER (WHERE k <> 'c')");
    }

    @Test
    void sumsOfNegativeZeroKeepTheSignTheFlinkFunctionGives() {
        // SumAggFunction starts from NULL, so the sum of -0.0 alone is -0.0; AVG divides a sum started from 0
        sameAsFlink("SUM(d) FILTER (WHERE k = 'a' AND i > 1)", "AVG(d) FILTER (WHERE k = 'a' AND i > 1)");
    }

    @Test
    void varianceIsFlinksWelfordM2AndListaggFirstAndLastValueKeepTheRowsOrder() {
        // STDDEV/VAR: the planner's $WELFORD_M2 and COUNT, finished by a Calc (NaN and 1e308 included)
        sameAsFlink(
                "STDDEV_POP(d)",
                "STDDEV_SAMP(i)",
                "VAR_POP(de)",
                "VAR_SAMP(f)",
                "STDDEV_SAMP(ti) FILTER (WHERE k <> 'c')",
                "LISTAGG(k)",
                "LISTAGG(k, '; ')",
                "LISTAGG(DISTINCT k)",
                "FIRST_VALUE(d)",
                "LAST_VALUE(de)",
                "FIRST_VALUE(k) FILTER (WHERE i < 0)");
    }

    @Test
    void anAggregateFunctionTheSimulatorDoesNotModelIsUnsupportedByName() {
        FlinkPlans.PlanNode aggregate = flink.node("SELECT ARRAY_AGG(k) FROM t", "stream-exec-group-aggregate");
        JsonNode call = aggregate.node().path("aggCalls").get(0);
        assertThatThrownBy(() -> PlanAggregates.compile(call, aggregate.input()))
                .isInstanceOf(UnsupportedConstructException.class)
                .hasMessageContaining("the aggregate function ARRAY_AGG");
    }

    @Test
    void aSumInAnOverWindowIsThePlannersSum0() {
        // SqlToRelConverter#convertOver makes SUM there CASE WHEN COUNT(x) > 0 THEN $SUM0(x) ELSE NULL END
        FlinkPlans.PlanNode over = flink.node(
                "SELECT SUM(d) OVER (PARTITION BY k ORDER BY pt ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
                "stream-exec-over-aggregate");
        List<AggregateCall.Function> functions = new ArrayList<>();
        for (JsonNode calls : over.node().findValues("aggCalls")) {
            calls.forEach(call ->
                    functions.add(PlanAggregates.compile(call, over.input()).function()));
        }
        assertThat(functions).contains(AggregateCall.Function.SUM0);
    }
}
