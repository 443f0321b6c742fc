package org.flinkcookbook.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementSplitterTest {

    /** Markdown line of the block's first SQL line in most tests. */
    private static final int FIRST_LINE = 20;

    private static List<Statement> split(String sql) throws SqlSyntaxException {
        return StatementSplitter.split(sql, FIRST_LINE);
    }

    @Test
    void splitsStatementsAtSemicolonsAndDropsTheSemicolon() throws Exception {
        List<Statement> statements = split("SELECT 1; SELECT 2;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column, Statement::kind)
                .containsExactly(
                        tuple("SELECT 1", 20, 1, StatementKind.QUERY), tuple("SELECT 2", 20, 11, StatementKind.QUERY));
    }

    @Test
    void aSemicolonInsideAStringLiteralDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT 'a;b', 'it''s;' FROM t;\nSELECT 2;");

        assertThat(statements).extracting(Statement::text).containsExactly("SELECT 'a;b', 'it''s;' FROM t", "SELECT 2");
    }

    @Test
    void aSemicolonInsidePrefixedStringLiteralsDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT U&'a;b', N'c;d', _UTF8'e;f' FROM t; SELECT 2");

        assertThat(statements)
                .extracting(Statement::text)
                .containsExactly("SELECT U&'a;b', N'c;d', _UTF8'e;f' FROM t", "SELECT 2");
    }

    @Test
    void aStringLiteralMaySpanLinesAndKeepsItsSemicolons() throws Exception {
        List<Statement> statements = split("INSERT INTO t VALUES ('first;\nsecond');\nSELECT 2;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("INSERT INTO t VALUES ('first;\nsecond')", 20), tuple("SELECT 2", 22));
    }

    @Test
    void aSemicolonInsideALineCommentDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT a -- the first; column\nFROM t;\nSELECT 2;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("SELECT a -- the first; column\nFROM t", 20), tuple("SELECT 2", 22));
    }

    @Test
    void aSemicolonInsideABlockCommentDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT a /* one; two\n three; */ FROM t;\nSELECT 2;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("SELECT a /* one; two\n three; */ FROM t", 20), tuple("SELECT 2", 22));
    }

    @Test
    void aSemicolonInsideAHintDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT /*+ OPTIONS('a' = ';') */ 1 FROM t; SELECT 2");

        assertThat(statements)
                .extracting(Statement::text)
                .containsExactly("SELECT /*+ OPTIONS('a' = ';') */ 1 FROM t", "SELECT 2");
    }

    @Test
    void commentsBeforeAStatementAreNotPartOfItAndItsPositionIsItsFirstKeyword() throws Exception {
        List<Statement> statements = split("-- leading comment; with a semicolon\n/* block;\n   comment */  SELECT 1;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column)
                .containsExactly(tuple("SELECT 1", 22, 16));
    }

    @Test
    void aSemicolonInsideABackQuotedIdentifierDoesNotEndTheStatement() throws Exception {
        List<Statement> statements = split("SELECT `a;b` FROM `my;table`; SELECT 2;");

        assertThat(statements).extracting(Statement::text).containsExactly("SELECT `a;b` FROM `my;table`", "SELECT 2");
    }

    @Test
    void backQuotedIdentifiersAreStillRecognisedAfterABlockComment() throws Exception {
        List<Statement> statements = split("/* c */ SELECT 1; /* d */ SELECT `x;y` FROM t;");

        assertThat(statements).extracting(Statement::text).containsExactly("SELECT 1", "SELECT `x;y` FROM t");
    }

    @Test
    void aMultiLineStatementKeepsItsLinesAndStartsAtTheMarkdownLineOfItsFirstKeyword() throws Exception {
        String sql = """
                CREATE TABLE orders (
                  id BIGINT,
                  amount INT
                ) WITH ('connector' = 'datagen');

                SELECT id,
                       amount
                FROM orders;
                """;

        List<Statement> statements = StatementSplitter.split(sql, 7);

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column, Statement::kind)
                .containsExactly(
                        tuple(
                                "CREATE TABLE orders (\n  id BIGINT,\n  amount INT\n) WITH ('connector' = 'datagen')",
                                7,
                                1,
                                StatementKind.CREATE_TABLE),
                        tuple("SELECT id,\n       amount\nFROM orders", 12, 1, StatementKind.QUERY));
    }

    @Test
    void theBlocksFirstLineShiftsEveryStatementLine() throws Exception {
        String sql = "\n\nSELECT 1;\n  SELECT 2;";

        assertThat(StatementSplitter.split(sql, 1))
                .extracting(Statement::line, Statement::column)
                .containsExactly(tuple(3, 1), tuple(4, 3));
        assertThat(StatementSplitter.split(sql, 100))
                .extracting(Statement::line, Statement::column)
                .containsExactly(tuple(102, 1), tuple(103, 3));
    }

    @Test
    void theLastStatementNeedsNoSemicolon() throws Exception {
        List<Statement> statements = split("SELECT 1;\nSELECT 2\n");

        assertThat(statements)
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("SELECT 1", 20), tuple("SELECT 2", 21));
    }

    @Test
    void aTrailingCommentAfterTheLastSemicolonIsNotAStatement() throws Exception {
        List<Statement> statements = split("SELECT 1; -- done\n/* really */\n");

        assertThat(statements).extracting(Statement::text).containsExactly("SELECT 1");
    }

    @Test
    void emptyStatementsAreSkipped() throws Exception {
        List<Statement> statements = split(";;SELECT 1;;\n ; ;\nSELECT 2;;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column)
                .containsExactly(tuple("SELECT 1", 20, 3), tuple("SELECT 2", 22, 1));
    }

    @Test
    void aBlockWithoutStatementsYieldsNone() throws Exception {
        assertThat(split("")).isEmpty();
        assertThat(split("  \n-- only a comment\n;\n")).isEmpty();
    }

    @Test
    void aTabCountsAsOneColumn() throws Exception {
        List<Statement> statements = split("\tSELECT 1;\n\t\tSELECT 2;\n \t SELECT\t3;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column)
                .containsExactly(tuple("SELECT 1", 20, 2), tuple("SELECT 2", 21, 3), tuple("SELECT\t3", 22, 4));
    }

    @Test
    void tabsInsideAStatementDoNotShiftTheTextThatIsCut() throws Exception {
        List<Statement> statements = split("SELECT\ta,\t\tb\tFROM t;\tSELECT 2;");

        assertThat(statements)
                .extracting(Statement::text, Statement::column)
                .containsExactly(tuple("SELECT\ta,\t\tb\tFROM t", 1), tuple("SELECT 2", 22));
    }

    @Test
    void windowsLineEndingsCountAsOneLineBreak() throws Exception {
        List<Statement> statements = split("SELECT 1;\r\nSELECT\r\n  2;\r\nSELECT 3;");

        assertThat(statements)
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("SELECT 1", 20), tuple("SELECT\r\n  2", 21), tuple("SELECT 3", 23));
    }

    @Test
    void keywordsAreClassifiedWhateverTheirCase() throws Exception {
        List<Statement> statements = split("select 1; Insert Into t select 2; create view v as select 3;");

        assertThat(statements)
                .extracting(Statement::kind)
                .containsExactly(StatementKind.QUERY, StatementKind.INSERT, StatementKind.CREATE_VIEW);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            SET 'table.exec.state.ttl' = '1 h'                                  | SET
            SET                                                                 | SET
            RESET 'table.exec.state.ttl'                                        | RESET
            RESET                                                               | RESET
            CREATE TABLE t (a INT) WITH ('connector' = 'datagen')               | CREATE_TABLE
            CREATE TEMPORARY TABLE t (a INT)                                    | CREATE_TABLE
            CREATE TABLE IF NOT EXISTS t (a INT)                                | CREATE_TABLE
            CREATE VIEW v AS SELECT 1                                           | CREATE_VIEW
            CREATE TEMPORARY VIEW v AS SELECT 1                                 | CREATE_VIEW
            CREATE OR REPLACE TEMPORARY VIEW v AS SELECT 1                      | CREATE_VIEW
            CREATE FUNCTION f AS 'com.example.F'                                | CREATE_FUNCTION
            CREATE TEMPORARY SYSTEM FUNCTION f AS 'com.example.F'               | CREATE_FUNCTION
            CREATE CATALOG c WITH ('type' = 'generic_in_memory')                | CREATE_OTHER
            CREATE DATABASE d                                                   | CREATE_OTHER
            ALTER TABLE t RENAME TO u                                           | ALTER
            DROP TABLE t                                                        | DROP
            SELECT 1                                                            | QUERY
            WITH w AS (SELECT 1 AS a) SELECT a FROM w                           | QUERY
            VALUES (1), (2)                                                     | QUERY
            (SELECT 1)                                                          | QUERY
            TABLE t                                                             | QUERY
            INSERT INTO t SELECT 1                                              | INSERT
            INSERT OVERWRITE t SELECT 1                                         | INSERT
            EXECUTE INSERT INTO t SELECT 1                                      | INSERT
            EXECUTE SELECT 1                                                    | QUERY
            BEGIN STATEMENT SET                                                 | BEGIN_STATEMENT_SET
            END                                                                 | END_STATEMENT_SET
            DESCRIBE t                                                          | DESCRIBE
            DESC t                                                              | DESCRIBE
            SHOW TABLES                                                         | SHOW
            SHOW CREATE TABLE t                                                 | SHOW
            EXPLAIN SELECT 1                                                    | EXPLAIN
            USE CATALOG c                                                       | USE
            LOAD MODULE hive                                                    | LOAD_MODULE
            UNLOAD MODULE hive                                                  | UNLOAD_MODULE
            ADD JAR '/tmp/a.jar'                                                | ADD_JAR
            REMOVE JAR '/tmp/a.jar'                                             | REMOVE_JAR
            ANALYZE TABLE t COMPUTE STATISTICS                                  | OTHER
            """)
    void aStatementIsClassifiedByItsLeadingKeywords(String sql, StatementKind kind) throws Exception {
        List<Statement> statements = split(sql + ";");

        assertThat(statements).singleElement().satisfies(statement -> {
            assertThat(statement.kind()).isEqualTo(kind);
            assertThat(statement.text()).isEqualTo(sql);
            assertThat(statement.members()).isEmpty();
        });
    }

    @Test
    void onlyQueriesInsertsStatementSetsDescribeAndShowProduceRows() {
        assertThat(StatementKind.values())
                .filteredOn(StatementKind::producesRows)
                .containsExactlyInAnyOrder(
                        StatementKind.QUERY,
                        StatementKind.INSERT,
                        StatementKind.STATEMENT_SET,
                        StatementKind.DESCRIBE,
                        StatementKind.SHOW);
    }

    @Test
    void beginStatementSetSplitsIntoItsOwnStatements() throws Exception {
        String sql = """
                BEGIN STATEMENT SET;
                INSERT INTO a SELECT 1;
                  INSERT INTO b SELECT 2;
                END;
                """;

        List<Statement> statements = StatementSplitter.split(sql, 5);

        assertThat(statements)
                .extracting(Statement::text, Statement::line, Statement::column, Statement::kind)
                .containsExactly(
                        tuple("BEGIN STATEMENT SET", 5, 1, StatementKind.BEGIN_STATEMENT_SET),
                        tuple("INSERT INTO a SELECT 1", 6, 1, StatementKind.INSERT),
                        tuple("INSERT INTO b SELECT 2", 7, 3, StatementKind.INSERT),
                        tuple("END", 8, 1, StatementKind.END_STATEMENT_SET));
        assertThat(statements)
                .allSatisfy(statement -> assertThat(statement.members()).isEmpty());
    }

    @Test
    void executeStatementSetIsOneStatementWhoseInsertsAreItsMembers() throws Exception {
        String sql = """
                SELECT 0;
                EXECUTE STATEMENT SET
                BEGIN
                  INSERT INTO a SELECT 1;
                  INSERT INTO b
                    SELECT CASE WHEN x THEN 1 ELSE 2 END FROM t;
                END;
                SELECT 3;
                """;

        List<Statement> statements = StatementSplitter.split(sql, 30);

        assertThat(statements)
                .extracting(Statement::line, Statement::column, Statement::kind)
                .containsExactly(
                        tuple(30, 1, StatementKind.QUERY),
                        tuple(31, 1, StatementKind.STATEMENT_SET),
                        tuple(37, 1, StatementKind.QUERY));
        Statement set = statements.get(1);
        assertThat(set.text()).isEqualTo("""
                EXECUTE STATEMENT SET
                BEGIN
                  INSERT INTO a SELECT 1;
                  INSERT INTO b
                    SELECT CASE WHEN x THEN 1 ELSE 2 END FROM t;
                END""");
        assertThat(set.members())
                .extracting(Statement::text, Statement::line, Statement::column, Statement::kind)
                .containsExactly(
                        tuple("INSERT INTO a SELECT 1", 33, 3, StatementKind.INSERT),
                        tuple(
                                "INSERT INTO b\n    SELECT CASE WHEN x THEN 1 ELSE 2 END FROM t",
                                34,
                                3,
                                StatementKind.INSERT));
        assertThat(set.members())
                .allSatisfy(member -> assertThat(member.members()).isEmpty());
    }

    @Test
    void executeStatementSetOnOneLineWithEmptyMembersAndNoFinalSemicolon() throws Exception {
        List<Statement> statements =
                split("execute statement set begin ; insert into a select 1;; insert into b select 2; end");

        assertThat(statements).singleElement().satisfies(set -> {
            assertThat(set.kind()).isEqualTo(StatementKind.STATEMENT_SET);
            assertThat(set.text())
                    .isEqualTo("execute statement set begin ; insert into a select 1;; insert into b select 2; end");
            assertThat(set.members())
                    .extracting(Statement::text, Statement::column)
                    .containsExactly(tuple("insert into a select 1", 31), tuple("insert into b select 2", 56));
        });
    }

    @Test
    void anExecuteStatementSetThatIsNeverClosedIsASyntaxErrorAtItsFirstKeyword() {
        String sql = "SELECT 1;\n  EXECUTE STATEMENT SET BEGIN\n    INSERT INTO a SELECT 1;\n";

        assertThatThrownBy(() -> StatementSplitter.split(sql, 10))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(11);
                    assertThat(e.column()).isEqualTo(3);
                    assertThat(e.getMessage()).contains("EXECUTE STATEMENT SET BEGIN is never closed by END;");
                });
    }

    @Test
    void anExecuteStatementSetWhoseLastMemberHasNoSemicolonIsNeverClosed() {
        assertThatThrownBy(() -> split("EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1"))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(20);
                    assertThat(e.column()).isEqualTo(1);
                });
    }

    @Test
    void anUnterminatedStringIsASyntaxErrorAtItsOpeningQuote() {
        String sql = "SELECT 1;\nSELECT a,\n   'never closed\nFROM t;\n";

        assertThatThrownBy(() -> StatementSplitter.split(sql, 50))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(52);
                    assertThat(e.column()).isEqualTo(4);
                    assertThat(e.getMessage()).isEqualTo("SQL cannot be read: a quoted string is never closed");
                });
    }

    @Test
    void anUnterminatedStringAfterTabsIsReportedAtTheExactColumn() {
        assertThatThrownBy(() -> split("\t\tSELECT 'x")).isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
            assertThat(e.line()).isEqualTo(20);
            assertThat(e.column()).isEqualTo(10);
        });
    }

    @Test
    void anUnclosedBlockCommentIsASyntaxErrorWhereTheCommentOpens() {
        String sql = "SELECT 1; /* closed; */\n  SELECT 2 -- fine\n  /* never\nclosed;\n\n";

        assertThatThrownBy(() -> StatementSplitter.split(sql, 7))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(9);
                    assertThat(e.column()).isEqualTo(3);
                    assertThat(e.getMessage()).isEqualTo("SQL cannot be read: a comment is never closed");
                });
    }

    @Test
    void anUnclosedBackQuotedIdentifierIsASyntaxErrorWhereTheIdentifierOpens() {
        String sql = "SELECT 1;\nSELECT `unclosed\nFROM t;";

        assertThatThrownBy(() -> StatementSplitter.split(sql, 3))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.column()).isEqualTo(8);
                    assertThat(e.getMessage())
                            .isEqualTo("SQL cannot be read: a back-quoted identifier is never closed");
                });
    }

    @Test
    void aCharacterSqlDoesNotKnowIsASyntaxErrorAtItsMarkdownPosition() {
        assertThatThrownBy(() -> StatementSplitter.split("SELECT 1;\n  SELECT # FROM t;", 10))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(11);
                    assertThat(e.column()).isEqualTo(10);
                    assertThat(e.getMessage()).isEqualTo("SQL cannot be read: unexpected character \"#\"");
                });
    }

    @Test
    void firstWordsAreTheWholeStatementOnOneLineWhenShort() {
        Statement statement = statement("SELECT a,\n       b\n\tFROM   t");

        assertThat(statement.firstWords()).isEqualTo("SELECT a, b FROM t");
    }

    @Test
    void firstWordsLeaveOutLineComments() {
        Statement statement = statement("SELECT a, -- the key\n  b -- the value\nFROM t");

        assertThat(statement.firstWords()).isEqualTo("SELECT a, b FROM t");
    }

    @Test
    void firstWordsLeaveOutBlockCommentsOnOneLine() {
        Statement statement = statement("SELECT /* all */ * FROM t");

        assertThat(statement.firstWords()).isEqualTo("SELECT * FROM t");
    }

    @Test
    void firstWordsLeaveOutBlockCommentsThatSpanLines() {
        Statement statement = statement("SELECT a /* the key,\n   not b */, c\nFROM t");

        assertThat(statement.firstWords()).isEqualTo("SELECT a , c FROM t");
    }

    @Test
    void firstWordsLeaveOutABlockCommentThatContainsDashes() {
        Statement statement = statement("/* a -- b */ SELECT 1 /* x -- y */ FROM t");

        assertThat(statement.firstWords()).isEqualTo("SELECT 1 FROM t");
    }

    @Test
    void firstWordsKeepDashesAndSlashStarsInsideStringsAndIdentifiers() {
        Statement statement = statement("SELECT 'a--b', '/*x*/', `c--d`, 'it''s -- fine' FROM t -- gone");

        assertThat(statement.firstWords()).isEqualTo("SELECT 'a--b', '/*x*/', `c--d`, 'it''s -- fine' FROM t");
    }

    @Test
    void firstWordsAreCutAtAWordBoundaryWithinSixtyCharacters() {
        Statement statement =
                statement("SELECT customer_id, order_id, amount, currency, created_at, shipped_at FROM orders");

        assertThat(statement.firstWords()).isEqualTo("SELECT customer_id, order_id, amount, currency, created_at, ...");
        assertThat(statement.firstWords().length() - " ...".length()).isLessThanOrEqualTo(60);
    }

    @Test
    void firstWordsOfExactlySixtyCharactersAreNotCut() {
        String sixty = "SELECT " + "a".repeat(46) + " FROM t";
        assertThat(sixty).hasSize(60);

        assertThat(statement(sixty).firstWords()).isEqualTo(sixty);
        assertThat(statement(sixty + "x").firstWords()).isEqualTo("SELECT " + "a".repeat(46) + " FROM ...");
    }

    @Test
    void firstWordsCutALongWordAtSixtyCharactersWhenThereIsNoLateWordBoundary() {
        String longName = "x".repeat(80);
        Statement statement = statement("SELECT " + longName);

        assertThat(statement.firstWords()).isEqualTo(("SELECT " + longName).substring(0, 60) + " ...");
    }

    @Test
    void theStatementKeepsItsMembersImmutable() {
        Statement member = statement("INSERT INTO a SELECT 1");
        List<Statement> members = new java.util.ArrayList<>(List.of(member));
        Statement set = new Statement("EXECUTE ...", 1, 1, StatementKind.STATEMENT_SET, members);
        members.clear();

        assertThat(set.members()).containsExactly(member);
        assertThatThrownBy(() -> set.members().add(member)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void fixturesPlaceholderIsReplacedByTheFixturesUri() {
        Statement statement =
                statement("CREATE TABLE t (a INT) WITH ('path' = '${fixtures}/a.csv', 'x' = '${fixtures}')");

        assertThat(statement.textWithFixtures("file:///data/fixtures"))
                .isEqualTo(
                        "CREATE TABLE t (a INT) WITH ('path' = 'file:///data/fixtures/a.csv', 'x' = 'file:///data/fixtures')");
    }

    static Statement statement(String text) {
        return new Statement(text, 1, 1, StatementKind.OTHER, List.of());
    }
}
