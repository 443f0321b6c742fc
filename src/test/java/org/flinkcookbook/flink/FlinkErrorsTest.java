package org.flinkcookbook.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;
import org.junit.jupiter.api.Test;

class FlinkErrorsTest {

    private static final String COLUMN_NOT_FOUND =
            "From line 2, column 8 to line 2, column 12: Column 'x' not found in any table";

    private static final Statement STATEMENT =
            new Statement("SELECT a,\n       x\nFROM t", 40, 3, StatementKind.QUERY, List.of());

    private static Throwable columnNotFound() {
        return new ValidationException(
                "SQL validation failed. " + COLUMN_NOT_FOUND,
                new CalciteContextException(
                        "From line 2, column 8 to line 2, column 12",
                        new SqlValidatorException("Column 'x' not found in any table", null)));
    }

    @Test
    void calcitesContextExceptionJoinsThePositionAndTheReason() {
        assertThat(columnNotFound().getCause().getMessage()).isEqualTo(COLUMN_NOT_FOUND);
    }

    @Test
    void aValidationErrorPointsAtTheMarkdownLineFlinkNames() {
        assertThat(FlinkErrors.line(STATEMENT, columnNotFound())).isEqualTo(41);
    }

    @Test
    void aValidationErrorLosesFlinksGenericPrefix() {
        assertThat(FlinkErrors.message(columnNotFound())).isEqualTo(COLUMN_NOT_FOUND);
    }

    @Test
    void theMessageForAStatementNamesMarkdownPositions() {
        assertThat(FlinkErrors.message(STATEMENT, columnNotFound()))
                .isEqualTo("From line 41, column 8 to line 41, column 12: Column 'x' not found in any table");
        assertThat(FlinkErrors.message(
                        STATEMENT,
                        new SqlParserException("SQL parse failed. Encountered \"FORM\" at line 1, column 10.")))
                .isEqualTo("Encountered \"FORM\" at line 40, column 12.");
        assertThat(FlinkErrors.message(STATEMENT, new ValidationException("Object 'orders' not found")))
                .isEqualTo("Object 'orders' not found");
    }

    @Test
    void theMessageForAStatementWithExpandedFixturesNamesColumnsAsWritten() {
        Statement statement = new Statement(
                "SELECT * FROM t\n  WHERE p = '${fixtures}/a.csv' AND y > 0", 10, 1, StatementKind.QUERY, List.of());
        String sql = statement.textWithFixtures("file:///f");
        Throwable error = new ValidationException(
                "SQL validation failed. From line 2, column 35 to line 2, column 35: Column 'y' not found in any table");

        assertThat(sql.lines().toList().get(1).indexOf('y') + 1).isEqualTo(35);
        assertThat(statement.text().lines().toList().get(1).indexOf('y') + 1).isEqualTo(37);
        assertThat(FlinkErrors.message(statement, sql, error))
                .isEqualTo("From line 11, column 37 to line 11, column 37: Column 'y' not found in any table");
    }

    @Test
    void aPositionOnTheStatementsFirstLineIsTheStatementsLine() {
        Throwable error = new SqlParserException(
                "SQL parse failed. Encountered \"FORM\" at line 1, column 10.\nWas expecting one of:\n    <EOF>");

        assertThat(FlinkErrors.line(STATEMENT, error)).isEqualTo(40);
        assertThat(FlinkErrors.message(error)).isEqualTo("Encountered \"FORM\" at line 1, column 10.");
    }

    @Test
    void anErrorWithoutAPositionIsReportedAtTheStatementsFirstLine() {
        Throwable error = new ValidationException("Object 'orders' not found");

        assertThat(FlinkErrors.line(STATEMENT, error)).isEqualTo(40);
        assertThat(FlinkErrors.message(error)).isEqualTo("Object 'orders' not found");
    }

    @Test
    void aPositionDeepInTheCauseChainIsFound() {
        Throwable error = new TableException(
                "Could not execute SQL statement.",
                new RuntimeException(
                        "Unexpected problem",
                        new CalciteContextException(
                                "From line 3, column 1 to line 3, column 6",
                                new SqlValidatorException("Object 'orders' not found", null))));

        assertThat(FlinkErrors.line(STATEMENT, error)).isEqualTo(42);
        assertThat(FlinkErrors.message(error))
                .isEqualTo("From line 3, column 1 to line 3, column 6: Object 'orders' not found");
    }

    @Test
    void aFailedJobIsExplainedByItsRootCauseNotByFlinksWrappers() {
        Throwable error = new RuntimeException(
                "Failed to fetch next result",
                new RuntimeException(
                        "Failed to fetch job execution result",
                        new JobExecutionException(
                                new JobID(),
                                "Job execution failed.",
                                new RuntimeException(
                                        "Recovery is suppressed by NoRestartBackoffTimeStrategy",
                                        new NumberFormatException("For input string: \"abc\"")))));

        assertThat(FlinkErrors.message(error)).isEqualTo("For input string: \"abc\"");
        assertThat(FlinkErrors.line(STATEMENT, error)).isEqualTo(40);
    }

    @Test
    void aMultiLineMessageIsCutToItsFirstLine() {
        Throwable error = new ValidationException(
                "Unable to create a source for reading table 'orders'.\n\nTable options are:\n'connector'='kafka'");

        assertThat(FlinkErrors.message(error)).isEqualTo("Unable to create a source for reading table 'orders'.");
    }

    @Test
    void aClassNamePrefixFromAWrappedExceptionIsRemoved() {
        Throwable error = new RuntimeException(new ValidationException("Object 'orders' not found"));

        assertThat(error.getMessage()).startsWith("org.apache.flink.table.api.ValidationException: ");
        assertThat(FlinkErrors.message(error)).isEqualTo("Object 'orders' not found");
    }

    @Test
    void stackedWrappersAreAllRemoved() {
        Throwable error = new RuntimeException(columnNotFound());

        assertThat(error.getMessage())
                .startsWith("org.apache.flink.table.api.ValidationException: SQL validation failed. From");
        assertThat(FlinkErrors.message(error)).isEqualTo(COLUMN_NOT_FOUND);
        assertThat(FlinkErrors.line(STATEMENT, error)).isEqualTo(41);
    }

    @Test
    void classNamePrefixesOfOtherLibrariesAreRemovedToo() {
        Throwable calcite = new RuntimeException(columnNotFound().getCause());
        Throwable java = new RuntimeException(new IllegalArgumentException("bad value"));

        assertThat(FlinkErrors.message(calcite)).isEqualTo(COLUMN_NOT_FOUND);
        assertThat(FlinkErrors.message(java)).isEqualTo("bad value");
        assertThat(FlinkErrors.message(new RuntimeException("Table.Orders: is not a class name")))
                .isEqualTo("Table.Orders: is not a class name");
    }

    @Test
    void anErrorWithoutAnyMessageIsNamedByItsClass() {
        assertThat(FlinkErrors.message(new IllegalStateException())).isEqualTo("IllegalStateException");
    }

    @Test
    void aCauseChainThatLoopsIsReadOnce() {
        RuntimeException outer = new RuntimeException("Could not execute SQL statement.");
        RuntimeException inner = new RuntimeException("the real reason", outer);
        outer.initCause(inner);

        String message = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(5), () -> FlinkErrors.message(outer));

        assertThat(message).isEqualTo("the real reason");
    }

    @Test
    void blankMessagesAreSkipped() {
        Throwable error = new RuntimeException("  ", new IllegalArgumentException("the real reason"));

        assertThat(FlinkErrors.message(error)).isEqualTo("the real reason");
    }
}
