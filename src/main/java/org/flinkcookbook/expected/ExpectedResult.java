package org.flinkcookbook.expected;

import java.util.List;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.StatementResult;

/**
 * One result as stored in an expected file.
 *
 * @param result the statement, columns, late-row count and, unless digested, the rows
 * @param digest for a result above the stored-rows limit, its count and hash instead of rows; else null
 * @param comments the author's {@code #} lines written just above the result, kept when values are regenerated
 * @param innerComments the author's {@code #} lines inside the result, each block with the row it stands above
 * @param lateRows the fixture rows dropped as late, in {@link FixtureLine#ORDER}; null when the file does not
 *     say which (written where no engine said, or before files recorded them), empty when none was late
 */
public record ExpectedResult(
        StatementResult result,
        RowsDigest digest,
        List<String> comments,
        List<InnerComment> innerComments,
        List<FixtureLine> lateRows) {

    /**
     * {@code #} lines inside a result.
     *
     * @param aboveRow the row they stand above, as the file writes it; null when no row follows them
     * @param lines the comment lines
     */
    public record InnerComment(String aboveRow, List<String> lines) {

        public InnerComment {
            lines = List.copyOf(lines);
        }
    }

    public ExpectedResult {
        comments = List.copyOf(comments);
        innerComments = List.copyOf(innerComments);
        lateRows = lateRows == null ? null : List.copyOf(lateRows);
    }

    /** A result without comments inside it, its late rows those the result says. */
    public ExpectedResult(StatementResult result, RowsDigest digest, List<String> comments) {
        this(result, digest, comments, List.of(), result.lateRowLines());
    }
}
