package org.flinkcookbook.compare;

import org.flinkcookbook.result.StatementResult;

/**
 * One way a result differs from its expected values.
 *
 * @param line Markdown line of the statement
 * @param statement the statement's first words (and sink)
 * @param detail what differs, for example "window [10:00, 10:01): cnt"
 * @param expected the expected value, or null when nothing was expected
 * @param actual the actual value, or null when nothing was produced
 */
public record Mismatch(int line, String statement, String detail, String expected, String actual) {

    /** Whether this mismatch is about that result (rather than one the recipe no longer produces). */
    public boolean isAbout(StatementResult result) {
        return line == result.line() && statement.equals(result.key());
    }

    /** One line for the build output: detail, then expected against actual. */
    public String describe() {
        StringBuilder text = new StringBuilder(statement).append(": ").append(detail);
        if (expected != null || actual != null) {
            text.append(": expected ")
                    .append(expected == null ? "nothing" : expected)
                    .append(" but was ")
                    .append(actual == null ? "nothing" : actual);
        }
        return text.toString();
    }
}
