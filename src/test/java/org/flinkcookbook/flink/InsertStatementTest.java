package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementSplitter;
import org.junit.jupiter.api.Test;

/** Which parsed statements the session runs as an INSERT. */
class InsertStatementTest {

    private static RichSqlInsert insertOf(String sql) throws Exception {
        Statement statement = StatementSplitter.split(sql, 12).get(0);
        return RecipeSession.insertOf(statement, SqlParsing.parse(statement, statement.text()));
    }

    @Test
    void anInsertIsRunAsAnInsert() throws Exception {
        assertThat(((SqlIdentifier) insertOf("INSERT INTO sink SELECT 1").getTargetTableID()).getSimple()).isEqualTo("sink");
    }

    @Test
    void executeInsertIsRunAsTheInsertItWraps() throws Exception {
        RichSqlInsert insert = insertOf("EXECUTE INSERT INTO sink SELECT 1");

        assertThat(((SqlIdentifier) insert.getTargetTableID()).getSimple()).isEqualTo("sink");
        assertThat(InsertQueryText.of("EXECUTE INSERT INTO sink SELECT 1", insert.getSource()).strip()).isEqualTo("SELECT 1");
    }

    @Test
    void aStatementSetMemberThatIsNotAnInsertIsAFailureAtItsLine() throws Exception {
        Statement set = StatementSplitter.split("EXECUTE STATEMENT SET BEGIN\n  SELECT 1;\nEND;", 12).get(0);
        Statement member = set.members().get(0);

        assertThatThrownBy(() -> RecipeSession.insertOf(member, SqlParsing.parse(member, member.text())))
                .isInstanceOfSatisfying(RecipeSession.StatementFailure.class, failure -> {
                    assertThat(failure.line).isEqualTo(13);
                    assertThat(failure.getMessage()).isEqualTo("SELECT 1: only INSERT statements can be run here");
                });
    }
}
