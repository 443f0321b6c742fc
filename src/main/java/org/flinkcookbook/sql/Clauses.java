package org.flinkcookbook.sql;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Statements that begin with a clause keyword rather than a statement's: an excerpt that prose
 * shows ({@code PARTITION BY user_id ...}), or the rest of a statement that a stray {@code ;} cut short.
 */
public final class Clauses {

    private static final Set<String> CLAUSE_WORDS = Set.of(
            "PARTITION",
            "ORDER",
            "MEASURES",
            "PATTERN",
            "DEFINE",
            "AFTER",
            "WHERE",
            "GROUP",
            "HAVING",
            "WINDOW",
            "FROM",
            "JOIN",
            "LEFT",
            "RIGHT",
            "INNER",
            "FULL",
            "CROSS",
            "ON",
            "WITHIN",
            "LIMIT",
            "UNION");

    private Clauses() {}

    /** The clause keyword the statement starts with, if it starts with one. */
    public static Optional<String> leadingClause(Statement statement) {
        String firstWord = statement.firstWords().split("[\\s(]", 2)[0].toUpperCase(Locale.ROOT);
        return CLAUSE_WORDS.contains(firstWord) ? Optional.of(firstWord) : Optional.empty();
    }

    /**
     * The first statement that continues the one before it after a stray {@code ;}, with a message
     * that names the line of that {@code ;}.
     */
    public static Optional<SqlSyntaxException> strayTerminator(List<Statement> statements) {
        for (int i = 1; i < statements.size(); i++) {
            Statement statement = statements.get(i);
            Optional<String> clause = leadingClause(statement);
            if (clause.isPresent()) {
                Statement cutShort = statements.get(i - 1);
                int semicolonLine = cutShort.line()
                        + (int) cutShort.text().chars().filter(c -> c == '\n').count();
                return Optional.of(new SqlSyntaxException(
                        statement.firstWords() + ": a statement cannot start with " + clause.get()
                                + "; the ';' on line " + semicolonLine
                                + " ends the statement before it too early: remove that ';'",
                        statement.line(),
                        statement.column(),
                        null));
            }
        }
        return Optional.empty();
    }
}
