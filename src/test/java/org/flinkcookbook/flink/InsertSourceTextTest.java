package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;
import org.junit.jupiter.api.Test;

/** The query of an INSERT, as the session hands it to Flink to capture the rows the sink would get. */
class InsertSourceTextTest {

    private static String sourceOf(String insert) throws Exception {
        Statement statement = new Statement(insert, 1, 1, StatementKind.INSERT, List.of());
        RichSqlInsert parsed = (RichSqlInsert) SqlParsing.parse(statement, insert);
        return InsertQueryText.of(insert, parsed.getSource());
    }

    @Test
    void theQueryKeepsItsLinesAndColumnsInTheStatement() throws Exception {
        assertThat(sourceOf("INSERT INTO sink\nSELECT id,\n  amount\nFROM orders"))
                .isEqualTo("                \nSELECT id,\n  amount\nFROM orders");
    }

    @Test
    void aQueryOnTheInsertsLineIsPrecededBySpaces() throws Exception {
        assertThat(sourceOf("INSERT INTO sink SELECT id FROM orders"))
                .isEqualTo(" ".repeat(17) + "SELECT id FROM orders");
    }

    @Test
    void aPositionInFlinksErrorAboutTheQueryIsAPositionInTheStatement() throws Exception {
        String source = sourceOf("INSERT INTO sink\r\nSELECT id,\r\n  x\r\nFROM orders");
        String[] lines = source.split("\r\n", -1);

        assertThat(lines).hasSize(4);
        assertThat(lines[2].indexOf('x') + 1).isEqualTo(3);
    }

    @Test
    void theParenthesesAroundAQueryAreLeftOut() throws Exception {
        assertThat(sourceOf("INSERT INTO sink (SELECT id FROM orders)").strip()).isEqualTo("SELECT id FROM orders");
        assertThat(sourceOf("INSERT INTO sink ((SELECT id FROM orders))").strip())
                .isEqualTo("SELECT id FROM orders");
    }

    @Test
    void parenthesesInStringsQuotedNamesAndCommentsDoNotCount() throws Exception {
        assertThat(sourceOf("INSERT INTO sink (SELECT '(' AS x FROM orders)").strip())
                .isEqualTo("SELECT '(' AS x FROM orders");
        assertThat(sourceOf("INSERT INTO sink SELECT ':)' AS x FROM `t)`").strip())
                .isEqualTo("SELECT ':)' AS x FROM `t)`");
        assertThat(sourceOf("INSERT INTO sink (SELECT id /* ( */ FROM orders)").strip())
                .isEqualTo("SELECT id /* ( */ FROM orders");
    }

    @Test
    void targetColumnsAndStaticPartitionsAreLeftOut() throws Exception {
        assertThat(sourceOf("INSERT INTO sink (a, b) SELECT id, amount FROM orders")
                        .strip())
                .isEqualTo("SELECT id, amount FROM orders");
        assertThat(sourceOf("INSERT INTO sink PARTITION (p = '2024-01-01') SELECT id FROM orders")
                        .strip())
                .isEqualTo("SELECT id FROM orders");
    }

    @Test
    void anOrderedQueryIsTakenWhole() throws Exception {
        assertThat(sourceOf("INSERT INTO sink SELECT id FROM orders ORDER BY id")
                        .strip())
                .isEqualTo("SELECT id FROM orders ORDER BY id");
    }

    @Test
    void valuesUnionsAndWithQueriesAreTakenWhole() throws Exception {
        assertThat(sourceOf("INSERT INTO sink VALUES (1), (2)").strip()).isEqualTo("VALUES (1), (2)");
        assertThat(sourceOf("INSERT INTO sink SELECT a FROM t UNION ALL SELECT b FROM u")
                        .strip())
                .isEqualTo("SELECT a FROM t UNION ALL SELECT b FROM u");
        assertThat(sourceOf("INSERT INTO sink WITH w AS (SELECT 1 AS a) SELECT a FROM w")
                        .strip())
                .isEqualTo("WITH w AS (SELECT 1 AS a) SELECT a FROM w");
    }
}
