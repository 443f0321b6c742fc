package org.flinkcookbook.sql;

import java.util.List;

/**
 * One SQL statement of a recipe, as written, with where it stands in the Markdown file.
 *
 * @param text the statement without its terminating semicolon; comments inside are kept
 * @param line Markdown line of the statement's first keyword
 * @param column 1-based column of the first keyword on that line
 * @param kind what the statement does, read from its leading keywords
 * @param members for {@code EXECUTE STATEMENT SET BEGIN ... END}, its INSERT statements; else empty
 */
public record Statement(String text, int line, int column, StatementKind kind, List<Statement> members) {

    private static final int LABEL_LENGTH = 60;

    public Statement {
        members = List.copyOf(members);
    }

    /** The statement's first words on one line, short enough to label a result. */
    public String firstWords() {
        String oneLine = withoutComments(text).replaceAll("\\s+", " ").trim();
        if (oneLine.length() <= LABEL_LENGTH) {
            return oneLine;
        }
        int cut = oneLine.lastIndexOf(' ', LABEL_LENGTH);
        return oneLine.substring(0, cut > LABEL_LENGTH / 2 ? cut : LABEL_LENGTH) + " ...";
    }

    /**
     * The text with its comments replaced by a space. Quoted strings and identifiers are kept as
     * they are: {@code --} or {@code /*} inside them does not start a comment.
     */
    private static String withoutComments(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int index = 0;
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == '\'' || c == '`') {
                int end = closingQuote(text, index, c) + 1;
                out.append(text, index, end);
                index = end;
            } else if (text.startsWith("--", index)) {
                int newline = text.indexOf('\n', index);
                index = newline < 0 ? text.length() : newline;
                out.append(' ');
            } else if (text.startsWith("/*", index)) {
                int close = text.indexOf("*/", index + 2);
                index = close < 0 ? text.length() : close + 2;
                out.append(' ');
            } else {
                out.append(c);
                index++;
            }
        }
        return out.toString();
    }

    /** The index of the quote that closes the one at {@code open} (a doubled quote is an escaped one), or the last index. */
    private static int closingQuote(String text, int open, char quote) {
        int index = open + 1;
        while (index < text.length()) {
            if (text.charAt(index) == quote) {
                if (index + 1 < text.length() && text.charAt(index + 1) == quote) {
                    index += 2;
                    continue;
                }
                return index;
            }
            index++;
        }
        return text.length() - 1;
    }

    /** The text with {@code ${fixtures}} replaced by the fixtures directory's URI. */
    public String textWithFixtures(String fixturesUri) {
        return FixturePlaceholder.expand(text, fixturesUri);
    }
}
