package org.flinkcookbook.flink;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.Statement;

/** Turns a Flink exception into one sentence that points at the recipe line it is about. */
final class FlinkErrors {

    private static final Pattern POSITION = Pattern.compile("(?:at )?line (\\d+), column (\\d+)");
    private static final Pattern WRAPPERS = Pattern.compile(
            "^(?:(?:SQL validation failed\\.|SQL parse failed\\.|Could not execute SQL statement\\.|"
                    + "(?:[a-z_$][\\w$]*\\.)+[\\w$]*(?:Exception|Error): )\\s*)+");

    private FlinkErrors() {}

    /** The Markdown line an error points at: the line Flink names inside the statement, else its first line. */
    static int line(Statement statement, Throwable error) {
        Matcher position = POSITION.matcher(String.valueOf(message(error)));
        return position.find() ? SqlParsing.markdownLine(statement, Integer.parseInt(position.group(1))) : statement.line();
    }

    /** {@link #message(Throwable)}, with the positions it names inside the statement given as Markdown positions. */
    static String message(Statement statement, Throwable error) {
        return SqlParsing.inMarkdownPositions(statement, message(error));
    }

    /** The most telling message in the cause chain, without Flink's generic wrappers. */
    static String message(Throwable error) {
        String best = null;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
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
