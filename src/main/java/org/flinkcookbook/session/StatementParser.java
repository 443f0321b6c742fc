package org.flinkcookbook.session;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlNode;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;

/**
 * Expands {@code ${fixtures}} and parses each statement once for an engine: planning, running and
 * replaying a statement after a runtime-mode change all use the same tree. Parse trees are only
 * read, never changed, so recipes running at once may share them.
 */
public final class StatementParser {

    private final Path fixturesDirectory;
    private final String fixturesUri;
    private final Map<Statement, Object> parsed = new ConcurrentHashMap<>();

    public StatementParser(Path fixturesDirectory) {
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
        this.fixturesUri = FixturePlaceholder.uriOf(fixturesDirectory);
    }

    /** The directory {@code ${fixtures}} and {@code cookbook:fixture} paths refer to, absolute. */
    public Path fixturesDirectory() {
        return fixturesDirectory;
    }

    /**
     * The parsed statement.
     *
     * @throws SqlSyntaxException with the Markdown line and column of the syntax error
     */
    public ParsedStatement parse(Statement statement) throws SqlSyntaxException {
        Object result = parsed.computeIfAbsent(statement, this::parseOnce);
        if (result instanceof SqlSyntaxException e) {
            throw e;
        }
        return (ParsedStatement) result;
    }

    private Object parseOnce(Statement statement) {
        String sql = statement.textWithFixtures(fixturesUri);
        try {
            SqlNode tree = SqlParsing.parse(statement, sql);
            return new ParsedStatement(statement, sql, tree);
        } catch (SqlSyntaxException e) {
            return e;
        }
    }
}
