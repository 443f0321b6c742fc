package org.flinkcookbook.report;

import org.flinkcookbook.io.ControlCharacters;

/**
 * Text made safe for HTML and SVG: recipe text, values and file names come from untrusted recipes,
 * so every one of them goes through {@link #escape} before it reaches the page.
 */
final class Html {

    private Html() {}

    /**
     * Escapes the five characters that could end text or an attribute value (quoted with {@code "}),
     * and shows every control character but tab and newline (an escape sequence, a bell, a carriage
     * return, C1's single-character CSI) and the Unicode line separators as U+FFFD: a value's are
     * inert in a browser, but not in a terminal that prints the file or a tool that reads it.
     */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> control(c) ? "\uFFFD" : null;
            };
            if (replacement != null && escaped == null) {
                escaped = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (escaped != null) {
                if (replacement != null) {
                    escaped.append(replacement);
                } else {
                    escaped.append(c);
                }
            }
        }
        return escaped == null ? text : escaped.toString();
    }

    private static boolean control(char c) {
        return c != '\t' && c != '\n' && ControlCharacters.actedOn(c);
    }
}
