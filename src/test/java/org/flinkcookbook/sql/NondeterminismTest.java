package org.flinkcookbook.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NondeterminismTest {

    private final Nondeterminism randomValues = Nondeterminism.ofRandomValues();

    private static SqlNode parse(String sql) throws SqlSyntaxException {
        return SqlParsing.parse(new Statement(sql, 1, 1, StatementKind.OTHER, List.of()), sql);
    }

    private void learn(String sql) throws SqlSyntaxException {
        randomValues.learn(parse(sql));
    }

    private boolean filtersByRandomValues(String sql) throws SqlSyntaxException {
        return randomValues.filtersByNondeterministicValues(parse(sql));
    }

    @ParameterizedTest
    @ValueSource(strings = {"RAND()", "RAND(42)", "RAND_INTEGER(10)", "CHAR_LENGTH(UUID())", "rand()"})
    void aConditionOnARandomValueFiltersByIt(String call) throws Exception {
        assertThat(filtersByRandomValues("SELECT id FROM t WHERE " + call + " > 5"))
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"NOW()", "CURRENT_TIMESTAMP", "PROCTIME()", "UNIX_TIMESTAMP()", "ts"})
    void aConditionOnTheClockKeepsGivingTheSameFixtureRows(String value) throws Exception {
        assertThat(filtersByRandomValues("SELECT id FROM t WHERE " + value + " > TIMESTAMP '2000-01-01 00:00:00'"))
                .isFalse();
    }

    @Test
    void aRandomValueOnlySelectedFiltersNothing() throws Exception {
        assertThat(filtersByRandomValues("SELECT id, RAND() AS r FROM t WHERE id > 1"))
                .isFalse();
    }

    @Test
    void aRandomComputedColumnIsFollowedIntoTheConditionsOfLaterStatements() throws Exception {
        learn("CREATE TABLE t (id INT, r AS RAND(), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen')");

        assertThat(filtersByRandomValues("SELECT id FROM t WHERE r < 0.5")).isTrue();
        assertThat(filtersByRandomValues("SELECT id FROM t WHERE id < 5")).isFalse();
    }

    @Test
    void aViewsRandomColumnsAreFollowedByAliasAndDeclaredName() throws Exception {
        learn("CREATE VIEW v AS SELECT id, UUID() AS u FROM t");
        learn("CREATE VIEW w (k, sample) AS SELECT id, RAND_INTEGER(3) FROM t");

        assertThat(filtersByRandomValues("SELECT id FROM v WHERE u LIKE 'a%'")).isTrue();
        assertThat(filtersByRandomValues("SELECT k FROM w WHERE sample = 1")).isTrue();
        assertThat(filtersByRandomValues("SELECT k FROM w WHERE k = 1")).isFalse();
    }

    @Test
    void subqueriesWithQueriesJoinsAndHavingAreSearched() throws Exception {
        assertThat(filtersByRandomValues("SELECT id FROM (SELECT id, RAND() AS r FROM t) WHERE r < 0.5"))
                .isTrue();
        assertThat(filtersByRandomValues("WITH s AS (SELECT id, RAND() AS r FROM t) SELECT id FROM s WHERE r < 0.5"))
                .isTrue();
        assertThat(filtersByRandomValues("SELECT a.id FROM a JOIN b ON a.id = b.id AND RAND() < 0.5"))
                .isTrue();
        assertThat(filtersByRandomValues("SELECT id FROM t GROUP BY id HAVING SUM(RAND()) > 1"))
                .isTrue();
    }

    @Test
    void anAliasNamedLikeARandomFunctionIsNoRandomValue() throws Exception {
        assertThat(filtersByRandomValues("SELECT id FROM (SELECT id, amount AS `uuid` FROM t) WHERE `uuid` > 1"))
                .isFalse();
    }
}
