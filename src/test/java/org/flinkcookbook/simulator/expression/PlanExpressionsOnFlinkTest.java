package org.flinkcookbook.simulator.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.testing.FlinkPlans;
import org.flinkcookbook.testing.SharedFlink;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator executes the expressions of Flink's own plan: for each group of expressions over edge values, Flink
 * compiles {@code INSERT INTO blackhole_sink SELECT ... FROM t}, the simulator evaluates the plan's Calc with {@link
 * PlanExpressions}, and the rows must be the ones Flink returns for the same query. Constant expressions arrive folded
 * by Flink's planner (UPPER('ß') is the CHAR(1) 'S'), implicit casts explicit.
 */
@ExtendWith(SharedFlink.class)
class PlanExpressionsOnFlinkTest {

    @TempDir
    static Path directory;

    private static FlinkPlans flink;

    @BeforeAll
    static void table(KeptCluster cluster) {
        flink = new FlinkPlans(
                directory,
                List.of(
                        "i INT",
                        "b BIGINT",
                        "ti TINYINT",
                        "si SMALLINT",
                        "f FLOAT",
                        "d DOUBLE",
                        "de DECIMAL(10, 2)",
                        "s STRING",
                        "c CHAR(3)",
                        "v VARCHAR(4)",
                        "bo BOOLEAN",
                        "ts TIMESTAMP(3)",
                        "ms BIGINT",
                        "dt DATE",
                        "tm TIME(3)"),
                "ltz AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR ts AS ts",
                List.of(
                        "1,10,1,1,1.5,-0.0,1.25,abc,ab,xyz,true,2024-03-01 10:00:01.123,1709287201123,2024-03-01,"
                                + "10:11:12.345",
                        "-2147483648,-9223372036854775808,-128,-32768,NaN,NaN,-999.99,\u00df,x,\uD83D\uDE00,false,"
                                + "1969-12-31 23:59:59.999,-1,1969-12-31,00:00:00",
                        "2147483647,9223372036854775807,127,32767,-0.0,1e308,0.50, alpha ,\uD83D\uDE00,Ab,true,"
                                + "2024-10-27 02:30:00,1729989000000,2024-02-29,23:59:59.999",
                        "N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,2024-01-01 00:00:00,N/A,N/A,N/A",
                        "0,0,0,0,0.1,0.1,0.00,,   ,\u00ff,false,2024-02-29 23:59:59.5,0,1900-01-01,12:00:00.5"),
                ZoneId.of("Europe/Berlin"),
                cluster);
    }

    /** The SELECT's rows from Flink's plan under the simulator, then from Flink. */
    private static void sameAsFlink(String... expressions) {
        String query = "SELECT " + String.join(", ", expressions) + " FROM t";
        List<List<String>> expected = flink.onFlink(query);
        List<List<String>> actual = flink.onPlan(query);
        assertThat(actual).as(query).hasSameSizeAs(expected);
        List<String> differences = new ArrayList<>();
        for (int row = 0; row < expected.size(); row++) {
            for (int column = 0; column < expressions.length; column++) {
                String flinks = expected.get(row).get(column);
                String simulators = actual.get(row).get(column);
                if (!Objects.equals(flinks, simulators)) {
                    differences.add("row " + row + ", " + expressions[column] + ": Flink " + flinks + ", simulator "
                            + simulators);
                }
            }
        }
        assertThat(differences).as(query).isEmpty();
    }

    @Test
    void arithmeticIsComputedInThePlansResultTypes() {
        sameAsFlink(
                "i + 1",
                "i - 1",
                "i * 2",
                "i / 3",
                "b + 1",
                "b * b",
                "ti + ti",
                "ti * 2",
                "si + si",
                "i + ti",
                "b - i",
                "-i",
                "-ti",
                "-si",
                "-b",
                "f + 1",
                "f * d",
                "d * f",
                "d + 1e0",
                "d / 0e0",
                "f / 3",
                "f - i",
                "-d",
                "-f",
                "d + 0",
                "d * 1",
                "d - d",
                "f * f",
                "d + CAST(0.1 AS FLOAT)",
                "i % 7",
                "MOD(b, 5)",
                "MOD(ti, 3)",
                "ABS(i)",
                "ABS(d)",
                "ABS(ti)",
                "ABS(f)",
                "ROUND(CAST(i AS DOUBLE) / 7, 2)",
                "ROUND(i, -1)");
    }

    @Test
    void decimalsRoundHalfUpAndOverflowToNull() {
        sameAsFlink(
                "de + 1",
                "de * de",
                "de / 3",
                "de * i",
                "de + d",
                "de - b",
                "-de",
                "de * 1000000000",
                "MOD(de, 3)",
                "ABS(de)",
                "ROUND(de, 1)",
                "ROUND(de, -1)",
                "CAST(de AS DECIMAL(3, 1))",
                "CAST(de AS DECIMAL(4, 0))",
                "CAST(de * 100000000 AS DECIMAL(10, 2))",
                "de / 0.3",
                "0.1 + 0.2",
                "CAST(1.005 AS DECIMAL(3, 2))");
    }

    @Test
    void comparisonsAndLogicFollowTheGeneratedCode() {
        sameAsFlink(
                "i = 1",
                "i <> 1",
                "i < ti",
                "d = 0e0",
                "d < 1e0",
                "d <> d",
                "f = d",
                "f > 0.5",
                "de > 1",
                "de = i",
                "s < 'b'",
                "s > c",
                "c = 'ab'",
                "v >= 'Ab'",
                "ts < TIMESTAMP '2024-01-01 00:00:00'",
                "i IS DISTINCT FROM 1",
                "i IS NOT DISTINCT FROM 1",
                "d IS DISTINCT FROM d",
                "bo",
                "NOT bo",
                "bo AND i > 0",
                "bo OR d > 0",
                "bo IS TRUE",
                "(i > 0) IS NOT FALSE",
                "(i > 0) IS FALSE",
                "bo IS NOT TRUE",
                "s IS NULL",
                "d IS NOT NULL",
                "NOT (d > 1e0)",
                "d = d",
                "bo = (i > 0)");
    }

    @Test
    void castsConvertAsFlinksCastRules() {
        sameAsFlink(
                "CAST(i AS TINYINT)",
                "CAST(b AS INT)",
                "CAST(d AS INT)",
                "CAST(d AS BIGINT)",
                "CAST(f AS DOUBLE)",
                "CAST(d AS FLOAT)",
                "CAST(de AS INT)",
                "CAST(i AS DECIMAL(5, 1))",
                "CAST(de AS DECIMAL(10, 1))",
                "CAST(bo AS INT)",
                "CAST(i AS BOOLEAN)",
                "CAST(ti AS DECIMAL(2, 0))",
                "CAST(b AS DOUBLE)",
                "CAST(b AS FLOAT)",
                "CAST(i AS STRING)",
                "CAST(d AS STRING)",
                "CAST(f AS STRING)",
                "CAST(de AS STRING)",
                "CAST(ts AS STRING)",
                "CAST(bo AS STRING)",
                "CAST(s AS CHAR(2))",
                "CAST(s AS VARCHAR(1))",
                "CAST(c AS STRING)",
                "CAST(CAST(i AS STRING) AS BIGINT)",
                "CAST(CAST(d AS STRING) AS DOUBLE)",
                "CAST(CAST(de AS STRING) AS DECIMAL(4, 1))",
                "CAST(v AS CHAR(5))",
                "CAST(CAST(bo AS STRING) AS BOOLEAN)",
                "CAST(ts AS TIMESTAMP(0))",
                "CAST(ts AS TIMESTAMP(6))",
                "CAST(ts AS TIMESTAMP_LTZ(3))",
                "CAST(ltz AS TIMESTAMP(3))",
                "CAST(ltz AS STRING)",
                "CAST(CAST(ts AS STRING) AS TIMESTAMP(3))");
    }

    @Test
    void stringFunctionsCallFlinksRuntimeMethods() {
        sameAsFlink(
                "UPPER(s)",
                "LOWER(v)",
                "UPPER(c)",
                "CHAR_LENGTH(s)",
                "CHAR_LENGTH(c)",
                "SUBSTRING(s FROM 2)",
                "SUBSTRING(s, 2, 1)",
                "SUBSTR(v, -1)",
                "TRIM(s)",
                "TRIM(LEADING 'a' FROM s)",
                "TRIM(TRAILING ' ' FROM c)",
                "POSITION('b' IN s)",
                "s || c",
                "c || c",
                "CONCAT(s, v, c)",
                "s LIKE 'a%'",
                "s LIKE '_lp%'",
                "s NOT LIKE '%c'",
                "s SIMILAR TO '[a-c]+'",
                "REGEXP_EXTRACT(s, '(b)(c)', 2)",
                "v || CAST(i AS STRING)");
    }

    @Test
    void constantsArriveFoldedByTheFlinkPlanner() {
        sameAsFlink(
                "UPPER('\u00df')",
                "1e0 / 3",
                "CAST(0.1 AS FLOAT)",
                "CAST(NULL AS INT)",
                "TIMESTAMP '2024-03-01 10:00:00.5'",
                "'x' || 'y'",
                "CAST(-0.0 AS DOUBLE)",
                "TRUE AND CAST(NULL AS BOOLEAN)",
                "CAST(0.1 AS FLOAT) * 3",
                "CHAR_LENGTH('\uD83D\uDE00')",
                "TO_TIMESTAMP('2024-03-01 10:00:00')",
                "CAST(123456789 AS FLOAT)",
                "CAST(1 AS FLOAT) / 3");
    }

    @Test
    void caseCoalesceAndIfCastTheirBranchesToTheCallsType() {
        sameAsFlink(
                "CASE WHEN i > 0 THEN 'pos' WHEN i < 0 THEN 'neg' END",
                "CASE WHEN bo THEN d ELSE f END",
                "COALESCE(s, v)",
                "COALESCE(i, b)",
                "COALESCE(d, 0e0)",
                "IF(bo, i, ti)",
                "IF(i > 0, 'yes', s)",
                "NULLIF(i, 1)",
                "CASE i WHEN 1 THEN 'one' ELSE 'other' END",
                "CASE WHEN bo THEN de ELSE i END",
                "COALESCE(ts, TIMESTAMP '2000-01-01 00:00:00')");
    }

    @Test
    void searchArgumentsAreHashSetsOfPointsOrRanges() {
        sameAsFlink(
                "i IN (1, 2, 3)",
                "i NOT IN (1, 0)",
                "d IN (0e0, 1e308)",
                "d NOT IN (0e0)",
                "f IN (1.5, 0.1)",
                "s IN ('abc', '\u00df')",
                "c IN ('ab', 'x')",
                "de IN (1.25, 0.5)",
                "b IN (10, 0)",
                "i BETWEEN -5 AND 5",
                "i NOT BETWEEN 0 AND 10",
                "d BETWEEN -1e0 AND 1e0",
                "s BETWEEN 'a' AND 'b'",
                "ts BETWEEN TIMESTAMP '2024-01-01 00:00:00' AND TIMESTAMP '2024-12-31 00:00:00'",
                "i > 5 OR i < -5",
                "d IN (0e0) IS TRUE",
                "de BETWEEN 0.5 AND 1",
                "i IN (1, 2) OR i IS NULL",
                "d > 0 OR d < 0",
                "v IN ('xyz', 'Ab', 'q')");
    }

    @Test
    void timestampsIntervalsAndTimeZones() {
        sameAsFlink(
                "ts + INTERVAL '1' HOUR",
                "ts - INTERVAL '1' DAY",
                "ltz + INTERVAL '30' MINUTE",
                "EXTRACT(HOUR FROM ts)",
                "YEAR(ts)",
                "MONTH(ltz)",
                "HOUR(ltz)",
                "SECOND(ts)",
                "DAYOFWEEK(ts)",
                "DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm')",
                "DATE_FORMAT(ltz, 'HH:mm')",
                "TIMESTAMPDIFF(SECOND, ts, TIMESTAMP '2024-03-01 00:00:00')",
                "TIMESTAMPDIFF(MINUTE, TIMESTAMP '2024-03-01 00:00:00', ts)",
                "TO_TIMESTAMP_LTZ(ms, 3)",
                "TO_TIMESTAMP_LTZ(i, 0)",
                "TO_TIMESTAMP(s)",
                "ltz",
                "CURRENT_WATERMARK(ts)",
                "CURRENT_WATERMARK(ts) IS NULL",
                "ts",
                "ts + INTERVAL '0.5' SECOND");
    }

    @Test
    void datesAndTimesAreDaysAndMillisecondsOfTheDay() {
        sameAsFlink(
                "dt",
                "tm",
                "CAST(ts AS DATE)",
                "CAST(ltz AS DATE)",
                "CAST(ts AS TIME)",
                "CAST(ltz AS TIME(3))",
                "CAST(tm AS TIME(0))",
                "CAST(dt AS STRING)",
                "CAST(tm AS STRING)",
                "CAST(dt AS TIMESTAMP(3))",
                "CAST(dt AS TIMESTAMP_LTZ(3))",
                "CAST(tm AS TIMESTAMP(3))",
                "CAST(CAST(dt AS STRING) AS DATE)",
                "TRY_CAST(s AS DATE)",
                "dt + INTERVAL '1' DAY",
                "dt - INTERVAL '36' HOUR",
                "tm + INTERVAL '1' HOUR",
                "tm - INTERVAL '90' MINUTE",
                "DATE '2024-01-31' + INTERVAL '1' MONTH",
                "TO_DATE('2024-03-01')",
                "TO_DATE(s)",
                "TO_DATE(v, 'yyyyMMdd')",
                "DAYOFWEEK(dt)",
                "QUARTER(dt)",
                "WEEK(dt)",
                "YEAR(dt)",
                "DAYOFYEAR(dt)",
                "EXTRACT(DAY FROM dt)",
                "HOUR(tm)",
                "MINUTE(tm)",
                "SECOND(tm)",
                "dt < DATE '2024-03-01'",
                "dt = CAST(ts AS DATE)",
                "dt IN (DATE '2024-03-01', DATE '1900-01-01')",
                "FLOOR(dt TO MONTH)",
                "CEIL(dt TO YEAR)",
                "TIMESTAMPADD(DAY, ti, dt)",
                "COALESCE(dt, DATE '2000-01-01')",
                "CASE WHEN bo THEN tm END");
    }

    @Test
    void numericFunctionsCallFlinksMethods() {
        sameAsFlink(
                "FLOOR(d)",
                "CEIL(f)",
                "FLOOR(i)",
                "POWER(d, 2)",
                "POWER(i, 0.5)",
                "POWER(de, de)",
                "SQRT(d)",
                "SQRT(de)",
                "EXP(d)",
                "LN(d)",
                "LOG10(i)",
                "LOG2(b)",
                "LOG(2, d)",
                "SIN(d)",
                "COS(de)",
                "TAN(f)",
                "ATAN2(d, 1e0)",
                "DEGREES(d)",
                "RADIANS(i)",
                "COSH(d)",
                "TRUNCATE(de, 1)",
                "TRUNCATE(CAST(i AS DOUBLE) / 7, 3)",
                "TRUNCATE(i, -1)",
                "TRUNCATE(b)",
                "SIGN(d)",
                "SIGN(i)",
                "SIGN(b)",
                "GREATEST(i, ti)",
                "LEAST(d, f)",
                "GREATEST(s, v)",
                "GREATEST(i, 2.5)",
                "GREATEST(d, 0e0)",
                "LEAST(d, 0e0)",
                "IFNULL(s, 'z')",
                "IFNULL(i, b)",
                "TRY_CAST(s AS INT)",
                "TRY_CAST(v AS DECIMAL(5, 2))",
                "TRY_CAST(i AS SMALLINT)",
                "TRY_CAST(s AS DOUBLE)");
    }

    @Test
    void moreStringFunctionsCallFlinksMethods() {
        sameAsFlink(
                "SPLIT_INDEX(s, 'b', 0)",
                "SPLIT_INDEX(v, 'y', 1)",
                "REGEXP_REPLACE(s, '[a-b]', '#')",
                "REGEXP(s, 'a.')",
                "LEFT(s, 2)",
                "RIGHT(c, 2)",
                "LEFT(s, -1)",
                "RIGHT(v, 10)",
                "REPEAT(v, 2)",
                "INSTR(s, 'l')",
                "LOCATE('b', s)",
                "LOCATE('a', s, 2)",
                "CONCAT_WS('-', s, v, c)",
                "CONCAT_WS(s, v, v)",
                "MD5(s)",
                "SHA256(v)",
                "SHA1(c)",
                "TO_BASE64(s)",
                "ASCII(s)",
                "CHR(ti)",
                "HEX(i)",
                "HEX(s)",
                "BIN(b)",
                "REVERSE(s)",
                "REPLACE(s, 'a', 'xy')",
                "LPAD(v, 6, '*')",
                "RPAD(s, 2, '-')",
                "INITCAP(s)",
                "IS_ALPHA(s)",
                "IS_DIGIT(v)",
                "OVERLAY(s PLACING 'XX' FROM 2)");
    }

    @Test
    void timestampsRoundToUnitsAndEpochSeconds() {
        sameAsFlink(
                "FLOOR(ts TO MINUTE)",
                "CEIL(ts TO HOUR)",
                "FLOOR(ts TO DAY)",
                "FLOOR(ts TO MONTH)",
                "CEIL(ts TO WEEK)",
                "FLOOR(ts TO SECOND)",
                "FLOOR(ltz TO DAY)",
                "CEIL(ltz TO HOUR)",
                "FLOOR(ltz TO MINUTE)",
                "TIMESTAMPADD(MINUTE, ti, ts)",
                "TIMESTAMPADD(HOUR, si, ltz)",
                "UNIX_TIMESTAMP(CAST(ts AS STRING))",
                "UNIX_TIMESTAMP('2024-03-31 02:30:00')",
                "UNIX_TIMESTAMP(v, 'yyyy')",
                "FROM_UNIXTIME(i)",
                "FROM_UNIXTIME(ti, 'yyyy-MM-dd HH:mm')");
    }

    @Test
    void filtersKeepTheRowsFlinkKeeps() {
        String query = "SELECT i, s FROM t WHERE d = 0e0 OR s LIKE 'a%' OR i IN (0, 1)";
        assertThat(flink.onPlan(query)).isEqualTo(flink.onFlink(query)).hasSize(2);
    }

    @Test
    void aCallTheSimulatorDoesNotModelIsUnsupportedByName() {
        FlinkPlans.PlanNode calc = flink.node("SELECT ELT(1, s, v) FROM t", "stream-exec-calc");
        assertThatThrownBy(() ->
                        PlanExpressions.compile(calc.node().path("projection").get(0), calc.input()))
                .isInstanceOf(UnsupportedConstructException.class)
                .hasMessage("the function ELT");
    }

    @Test
    void currentWatermarkIsTheEvaluatingOperatorsLastWatermarkInTheCallsType() {
        FlinkPlans.PlanNode calc = flink.node("SELECT CURRENT_WATERMARK(ts) FROM t", "stream-exec-calc");
        Expression watermark =
                PlanExpressions.compile(calc.node().path("projection").get(0), calc.input());
        EvaluationContext context = EvaluationContext.at(1_709_287_201_000L, ZoneId.of("Europe/Berlin"));
        assertThat(watermark.readsWatermark()).isTrue();
        assertThat(watermark.type()).isEqualTo(SqlType.timestamp(3));
        assertThat(watermark.evaluate(new Object[calc.input().size()], context)).isEqualTo(1_709_287_201_000L);
        assertThat(watermark.evaluate(new Object[calc.input().size()], flink.context()))
                .isNull();
    }
}
