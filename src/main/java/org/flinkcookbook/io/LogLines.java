package org.flinkcookbook.io;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Text from recipes (file names, SQL, values, Flink's messages) as lines that a CI log shows as
 * text: one line for each line break of any kind, other control characters shown as {@code ?},
 * and a line that would start a GitHub workflow command ({@code ::error ...}, or the older
 * {@code ##[error]}) broken up, so that a pull request cannot forge or silence annotations.
 */
public final class LogLines {

    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|[\r\n\u000B\u000C\u0085\u2028\u2029]");
    private static final Pattern COMMAND = Pattern.compile("^(\\s*)(::|##\\[)");

    private LogLines() {}

    /**
     * Text that stays on its one line as it is, such as a GitHub annotation whose message is
     * escaped already: every control character (line breaks and escape sequences too) and every
     * other line break shown as {@code ?}.
     */
    public static String inOneLine(String text) {
        return ControlCharacters.replaced(text, "?");
    }

    public static List<String> of(String message) {
        return LINE_BREAK
                .splitAsStream(message == null ? "null" : message)
                .map(line -> COMMAND.matcher(ControlCharacters.replaced(line, "?"))
                        .replaceFirst(match -> match.group(1) + match.group(2).charAt(0) + " "
                                + match.group(2).substring(1)))
                .toList();
    }
}
