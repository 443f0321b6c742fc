package org.flinkcookbook.expected;

import java.util.List;
import org.flinkcookbook.result.StatementResult;

/**
 * One result as stored in an expected file.
 *
 * @param result the statement, columns, late-row count and, unless digested, the rows
 * @param digest for a result above the stored-rows limit, its count and hash instead of rows; else null
 * @param comments the author's {@code #} lines written just above the result, kept when values are regenerated
 */
public record ExpectedResult(StatementResult result, RowsDigest digest, List<String> comments) {

    public ExpectedResult {
        comments = List.copyOf(comments);
    }
}
