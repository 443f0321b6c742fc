package org.flinkcookbook.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.junit.jupiter.api.Test;

class SqlParsingTest {

    private static Statement at(String text, int line, int column) {
        return new Statement(text, line, column, StatementKind.OTHER, List.of());
    }

    private static SqlNode parse(String sql) throws SqlSyntaxException {
        return SqlParsing.parse(at(sql, 1, 1), sql);
    }

    @Test
    void parsesFlinkStatementsIntoTheirNodes() throws Exception {
        assertThat(parse("SELECT a FROM t")).isInstanceOf(SqlSelect.class);
        assertThat(parse("SELECT a FROM t ORDER BY a")).isInstanceOf(SqlOrderBy.class);
        assertThat(parse("CREATE TABLE t (a INT, pt AS PROCTIME()) WITH ('connector' = 'datagen')"))
                .isInstanceOf(SqlCreateTable.class);
        assertThat(parse("CREATE TEMPORARY VIEW v AS SELECT 1")).isInstanceOf(SqlCreateView.class);
        assertThat(parse("INSERT INTO s SELECT a FROM t")).isInstanceOf(RichSqlInsert.class);
        assertThat(parse("SET 'table.exec.state.ttl' = '1 h'")).isInstanceOf(SqlSet.class);
        assertThat(parse("RESET")).isInstanceOf(SqlReset.class);
    }

    @Test
    void identifiersKeepTheirCaseAndBackQuotesQuoteThem() throws Exception {
        SqlSelect select = (SqlSelect) parse("SELECT `Order Id`, amountInCents FROM Orders");

        assertThat(select.getSelectList())
                .extracting(node -> ((SqlIdentifier) node).getSimple())
                .containsExactly("Order Id", "amountInCents");
        assertThat(((SqlIdentifier) select.getFrom()).getSimple()).isEqualTo("Orders");
    }

    @Test
    void aSyntaxErrorOnTheFirstLineIsOffsetByTheStatementsColumn() {
        String sql = "SELECT FROM t";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 40, 3), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(40);
                    assertThat(e.column()).isEqualTo(10);
                    assertThat(e.getMessage())
                            .isEqualTo("Incorrect syntax near the keyword 'FROM' at line 40, column 10.");
                });
    }

    @Test
    void aReservedWordWhereANameBelongsIsNamedWithHowToQuoteIt() {
        String sql = "SELECT page,\n  COUNT(*) AS views FROM clicks GROUP BY page";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 22, 1), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(23);
                    assertThat(e.column()).isEqualTo(15);
                    assertThat(e.getMessage())
                            .isEqualTo("Encountered \"views\" at line 23, column 15. views is a reserved word in "
                                    + "Flink SQL: to use it as a name, quote it as `views`");
                });
        // a reserved word where keywords may stand too gets no such hint
        assertThatThrownBy(() -> parse("SELECT a FROM t WHERE"))
                .isInstanceOfSatisfying(
                        SqlSyntaxException.class,
                        e -> assertThat(e.getMessage()).doesNotContain("reserved"));
    }

    @Test
    void aMistypedFirstKeywordIsReportedAtItsColumn() {
        String sql = "SELEC a FROM t";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 30, 5), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(30);
                    assertThat(e.column()).isEqualTo(5);
                    assertThat(e.getMessage())
                            .isEqualTo("\"SELEC\" at line 30, column 5 starts no statement (a statement starts with "
                                    + "SELECT, INSERT INTO, CREATE, SET, ...): is it mistyped? (Flink: Non-query "
                                    + "expression encountered in illegal context)");
                });
    }

    @Test
    void aSyntaxErrorOnALaterLineKeepsItsColumn() {
        String sql = "SELECT a,\n       b\n  FROM t WHERE";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 40, 5), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(42);
                    assertThat(e.column()).isEqualTo(14);
                    assertThat(e.getMessage()).startsWith("Encountered \"<EOF>\" at line 42, column 14.");
                });
    }

    @Test
    void aTabCountsAsOneColumnInASyntaxError() {
        String sql = "SELECT\tFROM t";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 7, 2), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(7);
                    assertThat(e.column()).isEqualTo(9);
                });
    }

    @Test
    void aSyntaxErrorAfterAnExpandedFixturesPlaceholderHasTheColumnAsWritten() {
        String text = "CREATE TABLE t (a INT) WITH (\n  'path' = '${fixtures}/a.csv' 'format' = 'csv')";
        Statement statement = new Statement(text, 40, 3, StatementKind.CREATE_TABLE, List.of());
        String sql = statement.textWithFixtures("file:///home/me/projects/cookbook/src/test/fixtures");

        assertThatThrownBy(() -> SqlParsing.parse(statement, sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(41);
                    // adjacent string literals are one literal to Calcite: the error is the '=' after 'format'
                    assertThat(e.column())
                            .isEqualTo(text.lines().toList().get(1).indexOf("= 'csv'") + 1)
                            .isEqualTo(41);
                    assertThat(e.getMessage()).isEqualTo("Encountered \"=\" at line 41, column 41.");
                });
    }

    @Test
    void columnsOfTheExpandedTextAreMappedBackToTheTextAsWritten() {
        String text = "a ${fixtures} b ${fixtures} c";
        String sql = FixturePlaceholder.expand(text, "file:///f");

        assertThat(sql).isEqualTo("a file:///f b file:///f c");
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 1)).isEqualTo(1);
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 3)).isEqualTo(3);
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 8)).isEqualTo(3);
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 13)).isEqualTo(15);
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 15)).isEqualTo(17);
        assertThat(SqlParsing.writtenColumn(text, sql, 1, 25)).isEqualTo(29);
        assertThat(SqlParsing.writtenColumn("x\n${fixtures} y", "x\nfile:///f y", 2, 11))
                .isEqualTo(13);
        assertThat(SqlParsing.writtenColumn("x\n${fixtures} y", "x\nfile:///f y", 1, 1))
                .isEqualTo(1);
    }

    @Test
    void theSyntaxErrorMessageIsOneLine() {
        String sql = "SELECT a FROM t WHERE";

        assertThatThrownBy(() -> SqlParsing.parse(at(sql, 1, 1), sql))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.getMessage()).doesNotContain("\n").startsWith("Encountered \"<EOF>\"");
                    assertThat(e.getCause()).isNotNull();
                });
    }

    @Test
    void positionsNamedInAMessageAreRewrittenAsMarkdownPositions() {
        Statement statement = at("SELECT 1", 40, 5);

        assertThat(SqlParsing.inMarkdownPositions(
                        statement, "From line 1, column 8 to line 2, column 12: Column 'x' not found in any table"))
                .isEqualTo("From line 40, column 12 to line 41, column 12: Column 'x' not found in any table");
        assertThat(SqlParsing.inMarkdownPositions(statement, "Object 't' not found"))
                .isEqualTo("Object 't' not found");
        assertThat(SqlParsing.inMarkdownPositions(statement, "at baseline 1, column 2"))
                .isEqualTo("at baseline 1, column 2");
    }

    @Test
    void markdownLinesCountFromTheStatementsFirstLine() {
        Statement statement = at("SELECT 1", 40, 5);

        assertThat(SqlParsing.markdownLine(statement, 1)).isEqualTo(40);
        assertThat(SqlParsing.markdownLine(statement, 3)).isEqualTo(42);
        assertThat(SqlParsing.markdownLine(statement, 0)).isEqualTo(40);
    }

    @Test
    void markdownColumnsAreOffsetOnlyOnTheStatementsFirstLine() {
        Statement statement = at("SELECT 1", 40, 5);

        assertThat(SqlParsing.markdownColumn(statement, 1, 1)).isEqualTo(5);
        assertThat(SqlParsing.markdownColumn(statement, 1, 8)).isEqualTo(12);
        assertThat(SqlParsing.markdownColumn(statement, 2, 8)).isEqualTo(8);
    }
}
