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
        String oneLine = text.replaceAll("--[^\\n]*", " ").replaceAll("/\\*.*?\\*/", " ").replaceAll("\\s+", " ").trim();
        if (oneLine.length() <= LABEL_LENGTH) {
            return oneLine;
        }
        int cut = oneLine.lastIndexOf(' ', LABEL_LENGTH);
        return oneLine.substring(0, cut > LABEL_LENGTH / 2 ? cut : LABEL_LENGTH) + " ...";
    }

    /** The text with {@code ${fixtures}} replaced by the fixtures directory's URI. */
    public String textWithFixtures(String fixturesUri) {
        return FixturePlaceholder.expand(text, fixturesUri);
    }
}
