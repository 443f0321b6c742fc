package org.flinkcookbook.flink;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.Statement;

/** Turns a Flink exception into one sentence that points at the recipe line it is about. */
final class FlinkErrors {

    private static final Pattern POSITION = Pattern.compile("(?:at )?line (\\d+), column (\\d+)");
    private static final Pattern WRAPPERS =
            Pattern.compile("^(?:(?:SQL validation failed\\.|SQL parse failed\\.|Could not execute SQL statement\\.|"
                    + "(?:[a-z_$][\\w$]*\\.)+[\\w$]*(?:Exception|Error): )\\s*)+");

    private FlinkErrors() {}

    /** The Markdown line an error points at: the line Flink names inside the statement, else its first line. */
    static int line(Statement statement, Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            OptionalInt line = validationErrorLine(cause);
            if (line.isPresent()) {
                return SqlParsing.markdownLine(statement, line.getAsInt());
            }
        }
        Matcher position = POSITION.matcher(String.valueOf(message(error)));
        return position.find()
                ? SqlParsing.markdownLine(statement, Integer.parseInt(position.group(1)))
                : statement.line();
    }

    /** {@link #message(Throwable)}, with the positions it names inside the statement given as Markdown positions. */
    static String message(Statement statement, Throwable error) {
        return message(statement, statement.text(), error);
    }

    /** {@link #message(Statement, Throwable)} for an error about {@code sql}, the statement with {@code ${fixtures}} expanded. */
    static String message(Statement statement, String sql, Throwable error) {
        return SqlParsing.inMarkdownPositions(statement, sql, message(error));
    }

    /**
     * The statement line of Flink's SqlValidateException, which carries its position apart from its
     * message. It comes from the planner's own class loader, so it is read by name.
     */
    private static OptionalInt validationErrorLine(Throwable error) {
        if (!error.getClass().getName().equals("org.apache.flink.sql.parser.error.SqlValidateException")) {
            return OptionalInt.empty();
        }
        try {
            Object position = error.getClass().getMethod("getErrorPosition").invoke(error);
            return position == null
                    ? OptionalInt.empty()
                    : OptionalInt.of(
                            (int) position.getClass().getMethod("getLineNum").invoke(position));
        } catch (ReflectiveOperationException unexpected) {
            return OptionalInt.empty();
        }
    }

    /** The most telling message in the cause chain, without Flink's generic wrappers. */
    static String message(Throwable error) {
        String best = null;
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable cause = error; cause != null && seen.add(cause); cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null && !message.isBlank() && !isGeneric(message)) {
                best = message;
                if (POSITION.matcher(message).find()) {
                    break;
                }
            }
        }
        if (best == null) {
            best = error.getClass().getSimpleName();
        }
        String cleaned = WRAPPERS.matcher(best.strip()).replaceFirst("");
        int newline = cleaned.indexOf('\n');
        return newline < 0 ? cleaned : cleaned.substring(0, newline).strip();
    }

    private static boolean isGeneric(String message) {
        String trimmed = message.strip();
        return trimmed.equals("Could not execute SQL statement.")
                || trimmed.startsWith("Job execution failed")
                || trimmed.startsWith("org.apache.flink.runtime.client.JobExecutionException")
                || trimmed.startsWith("Failed to fetch next result")
                || trimmed.startsWith("Failed to fetch job execution result")
                || trimmed.startsWith("Recovery is suppressed");
    }
}
