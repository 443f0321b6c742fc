package org.flinkcookbook.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NondeterminismTest {

    private final Nondeterminism nondeterminism = new Nondeterminism();

    private static SqlNode parse(String sql) throws SqlSyntaxException {
        return SqlParsing.parse(new Statement(sql, 1, 1, StatementKind.OTHER, List.of()), sql);
    }

    private void learn(String sql) throws SqlSyntaxException {
        nondeterminism.learn(parse(sql));
    }

    private List<Boolean> selectColumns(String sql) throws SqlSyntaxException {
        return nondeterminism.selectColumns(parse(sql));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "PROCTIME()",
                "NOW()",
                "CURRENT_TIMESTAMP",
                "LOCALTIMESTAMP",
                "CURRENT_TIME",
                "LOCALTIME",
                "CURRENT_DATE",
                "CURRENT_ROW_TIMESTAMP()",
                "RAND()",
                "RAND(42)",
                "RAND_INTEGER(10)",
                "UUID()",
                "UNIX_TIMESTAMP()",
                "proctime()",
                "uuid()",
            })
    void aSelectItemCallingAClockOrRandomFunctionIsNondeterministic(String call) throws Exception {
        assertThat(selectColumns("SELECT id, " + call + " FROM t")).containsExactly(false, true);
    }

    @Test
    void aNondeterministicCallNestedInAnExpressionMakesTheItemNondeterministic() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT CAST(NOW() AS STRING),
                       DATE_FORMAT(CURRENT_TIMESTAMP, 'yyyy') AS y,
                       CASE WHEN RAND() > 0.5 THEN 'a' ELSE 'b' END,
                       CONCAT('id-', UUID()) AS id
                FROM t""");

        assertThat(columns).containsExactly(true, true, true, true);
    }

    @Test
    void deterministicExpressionsStayDeterministic() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT id, amount * 2 AS doubled, UPPER(name), COUNT(*) AS n,
                       TUMBLE_START(ts, INTERVAL '1' MINUTE), 'now' AS label, CAST(ts AS STRING)
                FROM t
                GROUP BY id, amount, name, ts, TUMBLE(ts, INTERVAL '1' MINUTE)""");

        assertThat(columns).containsExactly(false, false, false, false, false, false, false);
    }

    @Test
    void anAliasThatLooksLikeAFunctionNameDoesNotMakeAValueNondeterministic() throws Exception {
        assertThat(selectColumns("SELECT amount AS now, id AS `uuid`, ts AS `current_date` FROM t"))
                .containsExactly(false, false, false);
        assertThat(nondeterminism.isNondeterministicName("now")).isFalse();
    }

    @Test
    void anAliasThatReusesTheNameOfANondeterministicColumnDoesNotMakeAValueNondeterministic() throws Exception {
        learn("CREATE TABLE t (id INT, pt AS PROCTIME()) WITH ('connector' = 'datagen')");

        assertThat(selectColumns("SELECT id AS pt, pt AS seen FROM t")).containsExactly(false, true);
        assertThat(nondeterminism.isNondeterministicName("seen")).isTrue();
    }

    @Test
    void unixTimestampOfAnArgumentIsDeterministicButNotOfTheClock() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT UNIX_TIMESTAMP('2024-01-01 00:00:00'),
                       UNIX_TIMESTAMP(CAST(ts AS STRING), 'yyyy-MM-dd HH:mm:ss'),
                       UNIX_TIMESTAMP(),
                       UNIX_TIMESTAMP(CAST(NOW() AS STRING))
                FROM t""");

        assertThat(columns).containsExactly(false, false, true, true);
    }

    @Test
    void aScalarSubqueryIsAsNondeterministicAsItsValue() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT id,
                       (SELECT MAX(amount) FROM u WHERE u.id = t.id) AS most,
                       (SELECT NOW()) AS checked_at,
                       (SELECT r FROM (SELECT RAND() AS r FROM u)) AS sample
                FROM t""");

        assertThat(columns).containsExactly(false, false, true, true);
    }

    @Test
    void theOutermostSelectIsFoundThroughOrderBy() throws Exception {
        assertThat(selectColumns("SELECT id, NOW() AS n FROM t ORDER BY id LIMIT 3"))
                .containsExactly(false, true);
    }

    @Test
    void aSelectListWithAStarCannotBeReadPositionally() throws Exception {
        assertThat(selectColumns("SELECT * FROM t")).isEmpty();
        assertThat(selectColumns("SELECT t.*, id FROM t")).isEmpty();
        assertThat(selectColumns("SELECT id, * FROM t")).isEmpty();
    }

    @Test
    void aStarOverAViewLeavesItsNondeterministicColumnsToTheirNames() throws Exception {
        learn("CREATE VIEW v AS SELECT UUID() AS u FROM t");

        assertThat(selectColumns("SELECT * FROM v")).isEmpty();
        assertThat(selectColumns("SELECT *, 1 AS k FROM v")).isEmpty();
        assertThat(nondeterminism.isNondeterministicName("u")).isTrue();
    }

    @Test
    void aStarDoesNotHideTheAliasesOfTheOtherItems() throws Exception {
        assertThat(selectColumns("SELECT *, NOW() AS n FROM t")).isEmpty();
        assertThat(nondeterminism.isNondeterministicName("n")).isTrue();
    }

    @Test
    void countStarIsAnOrdinaryItem() throws Exception {
        assertThat(selectColumns("SELECT id, COUNT(*) FROM t GROUP BY id")).containsExactly(false, false);
    }

    @Test
    void statementsWithoutASelectListHaveNoColumns() throws Exception {
        assertThat(selectColumns("VALUES (1), (2)")).isEmpty();
        assertThat(selectColumns("SHOW TABLES")).isEmpty();
    }

    @Test
    void aComputedColumnOfAProcessingTimeFunctionIsNondeterministicWhereverItIsSelected() throws Exception {
        learn("""
                CREATE TABLE orders (
                  id BIGINT,
                  amount INT,
                  pt AS PROCTIME(),
                  doubled AS amount * 2,
                  arrived AS CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3))
                ) WITH ('connector' = 'datagen')""");

        assertThat(selectColumns("SELECT id, pt, doubled, orders.pt, arrived FROM orders"))
                .containsExactly(false, true, false, true, true);
        assertThat(nondeterminism.isNondeterministicName("PT")).isTrue();
        assertThat(nondeterminism.isNondeterministicName("arrived")).isTrue();
        assertThat(nondeterminism.isNondeterministicName("doubled")).isFalse();
        assertThat(nondeterminism.isNondeterministicName("amount")).isFalse();
    }

    @Test
    void anExpressionOverANondeterministicColumnIsNondeterministic() throws Exception {
        learn("CREATE TABLE t (id INT, pt AS PROCTIME()) WITH ('connector' = 'datagen')");

        assertThat(selectColumns("SELECT id + 1, HOUR(pt), CAST(pt AS STRING) AS s FROM t"))
                .containsExactly(false, true, true);
    }

    @Test
    void anOverWindowOrderedByProcessingTimeTakesTheRowsInArrivalOrderUnlessARangeReachesBackInTime() throws Exception {
        learn("CREATE TABLE s (name STRING, v DOUBLE, log_time AS PROCTIME()) WITH ('connector' = 'faker')");

        // upstream/aggregations-and-analytics/12_lag.md
        assertThat(selectColumns("""
                WITH current_and_previous AS (
                    SELECT name, log_time, v, LAG(v, 1) OVER (PARTITION BY name ORDER BY log_time) previous_value FROM s)
                SELECT *, CASE WHEN v > previous_value THEN 'up' ELSE '=' END AS trend FROM current_and_previous""")).isEmpty();
        assertThat(nondeterminism.isNondeterministicName("previous_value")).isFalse();
        assertThat(nondeterminism.isNondeterministicName("trend")).isFalse();
        assertThat(selectColumns("""
                SELECT SUM(v) OVER (PARTITION BY name ORDER BY log_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW),
                       SUM(v) OVER (PARTITION BY name ORDER BY log_time RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
                       SUM(v) OVER (PARTITION BY name ORDER BY log_time RANGE BETWEEN INTERVAL '1' MINUTE PRECEDING AND CURRENT ROW),
                       MAX(log_time) OVER (PARTITION BY name ORDER BY log_time)
                FROM s""")).containsExactly(false, false, true, true);
    }

    @Test
    void aViewsDeclaredColumnNamesCarryTheNondeterminismOfItsQuery() throws Exception {
        learn("CREATE VIEW v (a, b, c) AS SELECT id, NOW(), name FROM t");

        assertThat(nondeterminism.isNondeterministicName("a")).isFalse();
        assertThat(nondeterminism.isNondeterministicName("b")).isTrue();
        assertThat(nondeterminism.isNondeterministicName("c")).isFalse();
        assertThat(selectColumns("SELECT a, b, c FROM v")).containsExactly(false, true, false);
    }

    @Test
    void aViewsAliasesCarryTheNondeterminismOfItsQuery() throws Exception {
        learn("CREATE TEMPORARY VIEW v AS SELECT id, RAND() AS r, UUID() AS u FROM t");

        assertThat(selectColumns("SELECT r, id, u FROM v")).containsExactly(true, false, true);
    }

    @Test
    void nondeterminismFollowsAViewBuiltOnAComputedColumn() throws Exception {
        learn("CREATE TABLE t (id INT, pt AS PROCTIME()) WITH ('connector' = 'datagen')");
        learn("CREATE VIEW v (key, seen) AS SELECT id, pt FROM t");
        learn("CREATE VIEW w AS SELECT key, seen AS seen_at FROM v");

        assertThat(selectColumns("SELECT key, seen_at FROM w")).containsExactly(false, true);
    }

    @Test
    void aTableCreatedFromAQueryLearnsTheQuerysNondeterministicAliases() throws Exception {
        learn("CREATE TABLE copy WITH ('connector' = 'blackhole') AS SELECT id, NOW() AS copied_at FROM t");
        learn("CREATE OR REPLACE TABLE other WITH ('connector' = 'blackhole') AS SELECT id, UUID() AS tag FROM t");

        assertThat(selectColumns("SELECT id, copied_at, tag FROM copy, other")).containsExactly(false, true, true);
    }

    @Test
    void aViewsNewQueryIsLearnedOnAlterViewAs() throws Exception {
        learn("ALTER VIEW v AS SELECT id, RAND() AS r FROM t");

        assertThat(nondeterminism.isNondeterministicName("r")).isTrue();
    }

    @Test
    void aSubqueryInFromCarriesItsAliasesToTheOuterSelect() throws Exception {
        assertThat(selectColumns("SELECT r, id FROM (SELECT id, RAND() AS r FROM t) AS s"))
                .containsExactly(true, false);
    }

    @Test
    void aWithQueryCarriesItsAliasesToTheMainQuery() throws Exception {
        List<Boolean> columns = selectColumns("""
                WITH stamped AS (SELECT id, NOW() AS seen FROM t),
                     tagged AS (SELECT id, seen, UUID() AS tag FROM stamped)
                SELECT id, seen, tag FROM tagged""");

        assertThat(columns).containsExactly(false, true, true);
    }

    @Test
    void aWithQuerysDeclaredColumnNamesCarryTheNondeterminismOfItsQuery() throws Exception {
        assertThat(selectColumns("WITH w (k, r) AS (SELECT id, RAND() FROM t) SELECT r, k FROM w ORDER BY k"))
                .containsExactly(true, false);
    }

    @Test
    void aViewOverAWithQueryLearnsItsNondeterministicColumns() throws Exception {
        learn("CREATE VIEW v AS WITH w AS (SELECT id, PROCTIME() AS pt FROM t) SELECT id, pt FROM w");

        assertThat(nondeterminism.isNondeterministicName("pt")).isTrue();
        assertThat(selectColumns("SELECT pt, id FROM v")).containsExactly(true, false);
    }

    @Test
    void aColumnOfAUnionIsNondeterministicWhenItIsInAnyBranch() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT id, NOW() AS seen, name FROM a
                UNION ALL
                SELECT id, ts, name FROM b
                UNION ALL
                SELECT id, ts, UUID() FROM c""");

        assertThat(columns).containsExactly(false, true, true);
    }

    @Test
    void intersectAndExceptAreReadLikeUnion() throws Exception {
        assertThat(selectColumns("(SELECT id, RAND() FROM a INTERSECT SELECT id, x FROM b) ORDER BY id"))
                .containsExactly(false, true);
        assertThat(selectColumns("SELECT id, x FROM a EXCEPT SELECT id, RAND() FROM b"))
                .containsExactly(false, true);
    }

    @Test
    void aViewOverAUnionLearnsItsAliases() throws Exception {
        learn("CREATE VIEW v AS SELECT id, PROCTIME() AS pt FROM a UNION SELECT id, PROCTIME() FROM b");

        assertThat(selectColumns("SELECT id, pt FROM v")).containsExactly(false, true);
    }

    @Test
    void aUnionWithAStarBranchCannotBeReadPositionally() throws Exception {
        assertThat(selectColumns("SELECT * FROM a UNION ALL SELECT id, NOW() AS n FROM b"))
                .isEmpty();
        assertThat(nondeterminism.isNondeterministicName("n")).isTrue();
    }

    @Test
    void subqueriesInJoinsAreFollowed() throws Exception {
        List<Boolean> columns = selectColumns("""
                SELECT o.id, z.tag
                FROM orders AS o
                JOIN (SELECT id, UUID() AS tag FROM customers) AS z ON o.id = z.id""");

        assertThat(columns).containsExactly(false, true);
    }

    @Test
    void aDeterministicComputedColumnIsNotLearned() throws Exception {
        learn("CREATE TABLE t (id INT, twice AS id * 2, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen')");

        assertThat(nondeterminism.isNondeterministicName("twice")).isFalse();
        assertThat(selectColumns("SELECT twice FROM t")).containsExactly(false);
    }

    @Test
    void namesAreUnknownUntilLearnedAndAreComparedWithoutCase() throws Exception {
        assertThat(nondeterminism.isNondeterministicName("pt")).isFalse();

        learn("CREATE TABLE t (id INT, Pt AS PROCTIME()) WITH ('connector' = 'datagen')");

        assertThat(nondeterminism.isNondeterministicName("pt")).isTrue();
        assertThat(nondeterminism.isNondeterministicName("PT")).isTrue();
    }
}
