package org.flinkcookbook.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecipeGuardTest {

    @TempDir
    Path root;

    private Path project;
    private Path fixtures;
    private RecipeGuard guard;

    @BeforeEach
    void project() throws Exception {
        project = Files.createDirectories(root.resolve("project"));
        fixtures = Files.createDirectories(project.resolve("fixtures"));
        Files.writeString(fixtures.resolve("events.csv"), "1\n");
        guard = new RecipeGuard(project, fixtures, Set.of("com.example.AllowedUpper"));
    }

    private List<Refusal> check(String sql) {
        return guard.check(Recipes.sql(project, sql));
    }

    private List<Refusal> checkMarkdown(String markdown) {
        return guard.check(Recipes.write(project, "recipe.md", markdown));
    }

    @Test
    void anOrdinaryRecipeOverItsFixturesMayRun() {
        assertThat(check("""
                SET 'execution.runtime-mode' = 'batch';
                SET 'table.exec.source.idle-timeout' = '1 s';
                CREATE TABLE events (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');
                CREATE TABLE sink (id BIGINT) WITH ('connector' = 'kafka', 'properties.bootstrap.servers' = 'evil:9092');
                CREATE VIEW v AS SELECT * FROM events;
                INSERT INTO sink SELECT id FROM v;
                """)).isEmpty();
    }

    @Test
    void jarsAreRefused() {
        assertThat(check("ADD JAR '/tmp/evil.jar';\nREMOVE JAR '/tmp/evil.jar';"))
                .extracting(Refusal::line)
                .containsExactly(3, 4);
    }

    @Test
    void functionsFromJarsOtherLanguagesOrUnlistedClassesAreRefused() {
        List<Refusal> refusals = check("""
                CREATE FUNCTION a AS 'com.example.Evil' USING JAR '/tmp/evil.jar';
                CREATE FUNCTION b AS 'udfs.to_fahr' LANGUAGE PYTHON;
                CREATE FUNCTION c AS 'com.example.Evil';
                CREATE TEMPORARY FUNCTION d AS 'com.example.AllowedUpper';
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 4, 5);
        assertThat(refusals)
                .extracting(Refusal::kind)
                .containsExactly(Refusal.Kind.REFUSED, Refusal.Kind.NOT_RUNNABLE, Refusal.Kind.REFUSED);
        assertThat(refusals.get(0).message()).contains("USING JAR");
        assertThat(refusals.get(1).message()).contains("PYTHON");
        assertThat(refusals.get(2).message()).contains("com.example.Evil").contains("cookbook.allowedFunctions");
    }

    @Test
    void modulesAndCatalogsBeyondTheInMemoryOnesAreRefused() {
        List<Refusal> refusals = check("""
                LOAD MODULE hive WITH ('hive-version' = '3.1.3');
                LOAD MODULE core;
                CREATE CATALOG pg WITH ('type' = 'jdbc', 'base-url' = 'jdbc:postgresql://db:5432');
                CREATE CATALOG mem WITH ('type' = 'generic_in_memory');
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 5);
    }

    @Test
    void settingsThatChangeWhereOrWhatRunsAreRefused() {
        List<Refusal> refusals = check("""
                SET 'pipeline.jars' = 'file:///tmp/evil.jar';
                SET 'execution.target' = 'remote';
                SET 'state.checkpoints.dir' = 'file:///etc';
                SET 'table.local-time-zone' = 'Europe/Berlin';
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 4, 5);
        assertThat(refusals.get(0).message()).contains("'pipeline.jars'");
    }

    @Test
    void readingAFileOutsideTheProjectIsRefusedAfterDotsAndLinks() throws Exception {
        Path outside = Files.writeString(root.resolve("secret.csv"), "1\n");
        Files.createSymbolicLink(fixtures.resolve("link.csv"), outside);

        List<Refusal> refusals = check("""
                CREATE TABLE a (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '/etc/passwd', 'format' = 'csv');
                CREATE TABLE b (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/../../secret.csv', 'format' = 'csv');
                CREATE TABLE c (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/link.csv', 'format' = 'csv');
                CREATE TABLE d (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 's3://bucket/x.csv', 'format' = 'csv');
                SELECT * FROM a;
                SELECT * FROM b;
                SELECT * FROM c;
                SELECT * FROM d;
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(7, 8, 9, 10);
        assertThat(refusals.get(0).message())
                .contains("/etc/passwd")
                .contains("outside the project and fixtures directories");
    }

    @Test
    void secretsAndTheBuildsFilesInsideTheProjectAreRefusedAtTheirLineBeforeAnythingRuns() throws Exception {
        Recipes.fixture(project, ".git/config", "extraheader = AUTHORIZATION: basic FAKE-TOKEN\n");
        Recipes.fixture(project, "target/cookbook/report.json", "{}\n");
        Files.createSymbolicLink(fixtures.resolve("config.csv"), project.resolve(".git/config"));

        List<Refusal> refusals;
        try (FileAccess.Allowance run = FileAccess.allow(project, fixtures, List.of())) {
            refusals = check("""
                    CREATE TABLE a (line STRING) WITH ('connector' = 'filesystem', 'path' = '.git/config', 'format' = 'raw');
                    CREATE TABLE b (line STRING) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/config.csv', 'format' = 'raw');
                    CREATE TABLE c (line STRING) WITH ('connector' = 'filesystem', 'path' = 'target/cookbook/report.json', 'format' = 'raw');
                    CREATE TABLE e (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');
                    SELECT * FROM e /*+ OPTIONS('path' = '.git/config') */;
                    """);
        }

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 4, 5, 7);
        assertThat(refusals).extracting(Refusal::kind).containsOnly(Refusal.Kind.REFUSED);
        assertThat(refusals.get(0).message())
                .startsWith("CREATE TABLE a (line STRING)")
                .endsWith(": 'path' = '.git/config' may not be read: it lies in a Git directory (.git),"
                        + " which holds the repository's credentials and history; recipes may not read it;"
                        + " keep the data in a file of the fixtures directory");
        assertThat(refusals.get(2).message()).contains("which the build writes");
        assertThat(refusals).allSatisfy(refusal -> assertThat(refusal.message()).doesNotContain("FAKE-TOKEN"));
    }

    @Test
    void aFixtureDirectiveThatBindsAGitFileOfTheFixturesIsRefusedAtItsLine() throws Exception {
        Recipes.fixture(fixtures, "vendored/.git/config", "url = https://FAKE-TOKEN@example.com/x.git\n");

        List<Refusal> refusals;
        try (FileAccess.Allowance run = FileAccess.allow(project, fixtures, List.of())) {
            refusals = checkMarkdown("""
                    <!-- cookbook:fixture t = vendored/.git/config -->
                    ```sql
                    CREATE TABLE t (line STRING) WITH ('connector' = 'filesystem', 'path' = 'x.csv', 'format' = 'csv');
                    SELECT * FROM t;
                    ```
                    """);
        }

        assertThat(refusals).singleElement().satisfies(refusal -> {
            assertThat(refusal.line()).isEqualTo(1);
            assertThat(refusal.message())
                    .isEqualTo("the fixture vendored/.git/config may not be read: it lies in a Git directory"
                            + " (.git), which holds the repository's credentials and history; recipes may not"
                            + " read it; keep the data in a file of the fixtures directory");
        });
    }

    @Test
    void aFixturesDirectoryBesideTheProjectIsTrusted() throws Exception {
        Path cookbook = Files.createDirectories(root.resolve("cookbook"));
        RecipeGuard besides = new RecipeGuard(cookbook, fixtures, Set.of());

        assertThat(besides.check(Recipes.sql(cookbook, """
                CREATE TABLE events (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/events.csv', 'format' = 'csv');
                SELECT * FROM events;
                """))).isEmpty();
    }

    @Test
    void aFixtureThatEscapesTheFixturesDirectoryIsRefusedAtItsDirective() throws Exception {
        Files.writeString(root.resolve("secret.csv"), "1\n");

        List<Refusal> refusals = checkMarkdown("""
                <!-- cookbook:fixture t = ../../secret.csv -->
                ```sql
                CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen');
                ```
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(1);
    }

    @Test
    void readingANetworkSourceWithoutAFixtureIsRefusedEvenThroughAView() {
        List<Refusal> refusals = check("""
                CREATE TABLE orders (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'orders');
                CREATE TABLE lookup (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 'x', 'hostname' = 'db');
                CREATE VIEW recent AS SELECT id FROM orders;
                SELECT COUNT(*) FROM recent;
                SELECT * FROM TABLE(TUMBLE(TABLE lookup, DESCRIPTOR(id), INTERVAL '1' MINUTE));
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(6, 7);
        assertThat(refusals.get(0).message())
                .contains("reads orders")
                .contains("network connection"); // what gives it data, the runner's remedy says
    }

    @Test
    void anEndlessSourceIsRecognisedBeforeItStartsUnlessBoundOrBounded() {
        assertThat(check("""
                CREATE TABLE endless (id BIGINT) WITH ('connector' = 'datagen');
                CREATE TABLE bounded (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '5');
                SELECT b.id FROM bounded b JOIN endless e ON b.id = e.id;
                SELECT * FROM bounded;
                """)).singleElement().satisfies(refusal -> {
            assertThat(refusal.line()).isEqualTo(5);
            assertThat(refusal.message()).contains("unbounded source (connector 'datagen')");
        });

        assertThat(checkMarkdown("""
                <!-- cookbook:fixture endless = events.csv -->
                ```sql
                CREATE TABLE endless (id BIGINT) WITH ('connector' = 'faker');
                SELECT * FROM endless;
                ```
                """)).isEmpty();
    }

    @Test
    void aColumnNamedLikeAnEndlessTableIsNotARead() {
        assertThat(check("""
                CREATE TABLE endless (id BIGINT) WITH ('connector' = 'datagen');
                CREATE TABLE t (endless BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
                SELECT endless FROM t WHERE endless > 0;
                """)).isEmpty();
    }

    @Test
    void optionsHintsFollowTheSameRules() {
        assertThat(check("""
                CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
                SELECT * FROM t /*+ OPTIONS('path' = '/etc/passwd') */;
                SELECT * FROM t /*+ OPTIONS('connector' = 'kafka') */;
                """)).extracting(Refusal::line).containsExactly(4, 5);
    }

    @Test
    void createTableAsSelectIsRefusedBecauseItWrites() {
        assertThat(check("""
                CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
                CREATE TABLE copy WITH ('connector' = 'filesystem', 'path' = '/tmp/out', 'format' = 'csv') AS SELECT * FROM t;
                """)).extracting(Refusal::line).containsExactly(4);
    }

    @Test
    void aQueryThatKeepsRowsByRandomValuesIsOnlyPlannedButTheClockAgainstPastFixtureRowsIsRepeatable() {
        // the upstream cookbook's interval join: which orders meet which shipments depends on RAND()
        List<Refusal> refusals = check("""
                CREATE TABLE orders (id INT, order_time AS TIMESTAMPADD(DAY, CAST(FLOOR(RAND() * 5) AS INT), CURRENT_TIMESTAMP)) WITH ('connector' = 'filesystem', 'path' = 'fixtures/orders.csv', 'format' = 'csv');
                CREATE TABLE shipments (id INT, shipment_time TIMESTAMP(3)) WITH ('connector' = 'filesystem', 'path' = 'fixtures/shipments.csv', 'format' = 'csv');
                SELECT o.id, o.order_time FROM orders o;
                SELECT o.id FROM orders o, shipments s WHERE o.id = s.id AND o.order_time BETWEEN s.shipment_time - INTERVAL '3' DAY AND s.shipment_time;
                SELECT o.id FROM orders o JOIN shipments s ON o.order_time < s.shipment_time;
                SELECT id FROM (SELECT id, RAND() AS r FROM shipments) WHERE r < 0.5;
                SELECT id FROM shipments WHERE shipment_time < CURRENT_TIMESTAMP;
                """);

        assertThat(refusals)
                .allSatisfy(refusal -> assertThat(refusal.kind()).isEqualTo(Refusal.Kind.RANDOM_ROWS))
                .extracting(Refusal::line)
                .containsExactly(6, 7, 8);
        assertThat(refusals.get(0).message()).contains("so its rows differ from run to run");
    }

    @Test
    void aTableReadWithHintsIsStillARead() {
        List<Refusal> refusals = check("""
                CREATE TABLE orders (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'orders');
                SELECT id FROM orders /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */;
                """);

        assertThat(refusals).singleElement().satisfies(refusal -> {
            assertThat(refusal.line()).isEqualTo(4);
            assertThat(refusal.kind()).isEqualTo(Refusal.Kind.NEEDS_DATA);
            assertThat(refusal.message())
                    .contains("reads orders, which would open a network connection (connector 'kafka')");
        });
    }

    @Test
    void onlyStatementKindsOnTheListRunEvenInsideExplainOrExecute() {
        List<Refusal> refusals = check("""
                COMPILE PLAN '/tmp/plan.json' FOR INSERT INTO sink SELECT 1;
                EXECUTE PLAN '/tmp/plan.json';
                CREATE OR REPLACE TABLE t WITH ('connector' = 'blackhole') AS SELECT 1 AS x;
                REPLACE TABLE t WITH ('connector' = 'blackhole') AS SELECT 1 AS x;
                CALL `cat`.`sys`.`proc`(1);
                ANALYZE TABLE t COMPUTE STATISTICS;
                TRUNCATE TABLE t;
                UNLOAD MODULE core;
                SHOW JOBS;
                CREATE MODEL m WITH ('provider' = 'openai');
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        assertThat(refusals.get(0).message()).contains("COMPILE PLAN writes a plan file");
        assertThat(refusals.get(2).message()).contains("REPLACE TABLE ... AS SELECT writes");
        assertThat(refusals.get(4).message()).contains("may not run this kind of statement");
        assertThat(check("""
                EXPLAIN SELECT 1;
                EXECUTE INSERT INTO sink SELECT 1;
                WITH t AS (SELECT 1 AS x) SELECT * FROM t;
                VALUES (1), (2);
                SELECT 1 UNION ALL SELECT 2;
                CREATE TABLE sink (x INT) WITH ('connector' = 'blackhole');
                ALTER TABLE sink RENAME TO sink2;
                ALTER VIEW v RENAME TO w;
                CREATE TABLE copy WITH ('connector' = 'blackhole') LIKE sink2;
                SHOW TABLES;
                DESCRIBE sink2;
                USE CATALOG default_catalog;
                RESET;
                """)).isEmpty();
    }

    @Test
    void theClassOfEveryFunctionDefinitionIsCheckedAlterAndTemporarySystemToo() {
        List<Refusal> refusals = check("""
                CREATE FUNCTION f AS 'com.example.AllowedUpper';
                ALTER FUNCTION f AS 'java.lang.Runtime';
                ALTER TEMPORARY SYSTEM FUNCTION g AS 'java.lang.ProcessBuilder';
                CREATE TEMPORARY SYSTEM FUNCTION h AS 'java.lang.Runtime';
                CREATE TEMPORARY FUNCTION IF NOT EXISTS i AS 'java.lang.Runtime';
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(4, 5, 6, 7);
        assertThat(refusals).allMatch(refusal -> refusal.message().contains("cookbook.allowedFunctions"));
    }

    @Test
    void optionsThatNameClassesOrImpossibleRowCountsAreRefusedWhereverTheyAppear() {
        List<Refusal> refusals = check("""
                CREATE TABLE a (x INT) WITH ('connector' = 'filesystem', 'path' = 'out', 'format' = 'csv',
                  'sink.partition-commit.policy.class' = 'java.lang.Runtime');
                CREATE TABLE b (x INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000000000000');
                ALTER TABLE b SET ('number-of-rows' = '-1');
                SELECT * FROM b /*+ OPTIONS('number-of-rows' = 'many') */;
                CREATE TABLE c (x INT) WITH ('connector' = 'datagen', 'number-of-rows' = '10');
                """);

        assertThat(refusals).extracting(Refusal::line).containsExactly(3, 5, 6, 7);
        assertThat(refusals.get(1).message()).contains("is not a row count from 0 to 1000000");
    }

    @Test
    void theDefaultSqlDialectOnly() {
        assertThat(check("SET 'table.sql-dialect' = 'hive';"))
                .extracting(Refusal::line)
                .containsExactly(3);
        assertThat(check("SET 'table.sql-dialect' = 'default';")).isEmpty();
    }
}
