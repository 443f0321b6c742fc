package org.flinkcookbook.sql;

import java.io.StringReader;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Static;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.impl.ParseException;
import org.apache.flink.sql.parser.impl.Token;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

/** Parses one statement with Flink's SQL parser, configured as Flink's planner configures it. */
public final class SqlParsing {

    private static final SqlParser.Config CONFIG = SqlParser.config()
            .withParserFactory(FlinkSqlParserImpl.FACTORY)
            .withConformance(FlinkSqlConformance.DEFAULT)
            .withQuoting(Quoting.BACK_TICK)
            .withUnquotedCasing(Casing.UNCHANGED)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withIdentifierMaxLength(256);

    private static final Pattern POSITION = Pattern.compile("\\bline (\\d+), column (\\d+)");

    private SqlParsing() {}

    /**
     * Parses a statement's text (with {@code ${fixtures}} already expanded).
     *
     * @throws SqlSyntaxException with the Markdown line and column of the parse error
     */
    public static SqlNode parse(Statement statement, String sql) throws SqlSyntaxException {
        try {
            return SqlParser.create(sql, CONFIG).parseStmt();
        } catch (SqlParseException e) {
            if (NOT_A_STATEMENT.equals(e.getMessage())) {
                throw notAStatement(statement, sql, e);
            }
            SqlParserPos position = e.getPos();
            int line = position == null ? statement.line() : markdownLine(statement, position.getLineNum());
            int column = position == null
                    ? statement.column()
                    : markdownColumn(
                            statement,
                            position.getLineNum(),
                            writtenColumn(statement.text(), sql, position.getLineNum(), position.getColumnNum()));
            String message = inMarkdownPositions(statement, sql, firstLineOf(e.getMessage()));
            String hint = hint(e);
            throw new SqlSyntaxException(
                    hint.isEmpty() ? message : message + (message.endsWith(".") ? " " : ". ") + hint, line, column, e);
        }
    }

    /** What Flink's parser says of a statement that starts with no statement's keyword, such as {@code SELEC a FROM t}. */
    private static final String NOT_A_STATEMENT =
            Static.RESOURCE.illegalNonQueryExpression().str();

    /** A statement whose first word starts none: the word, at its line and column, as a typo. */
    private static SqlSyntaxException notAStatement(Statement statement, String sql, SqlParseException e) {
        Optional<Token> first = StatementSplitter.firstToken(sql);
        if (first.isEmpty()) {
            return new SqlSyntaxException(e.getMessage(), statement.line(), statement.column(), e);
        }
        Token token = first.get();
        int line = markdownLine(statement, token.beginLine);
        int column = markdownColumn(
                statement, token.beginLine, writtenColumn(statement.text(), sql, token.beginLine, token.beginColumn));
        return new SqlSyntaxException(
                "\"" + token.image + "\" at line " + line + ", column " + column
                        + " starts no statement (a statement starts with SELECT, INSERT INTO, CREATE, SET, ...): "
                        + "is it mistyped? (Flink: " + e.getMessage() + ")",
                line,
                column,
                e);
    }

    /** Flink's parser's own list of its reserved words. */
    private static final SqlAbstractParserImpl.Metadata KEYWORDS =
            FlinkSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    /**
     * What to do about the token the parser stopped at, when Flink's parser expected a name there
     * and no keyword, and its own list says the token is a reserved word: quote it with backticks
     * to use it as a name. Empty otherwise.
     */
    private static String hint(SqlParseException e) {
        if (!(e.getCause() instanceof ParseException parse)
                || parse.currentToken == null
                || parse.currentToken.next == null
                || e.getExpectedTokenNames() == null) {
            return "";
        }
        String token = parse.currentToken.next.image;
        boolean nameExpected = e.getExpectedTokenNames().stream().anyMatch(name -> name.endsWith("IDENTIFIER>"));
        boolean keywordExpected = e.getExpectedTokenNames().stream()
                .anyMatch(name -> name.length() > 2 && KEYWORDS.isReservedWord(name.substring(1, name.length() - 1)));
        if (token == null
                || token.isEmpty()
                || !nameExpected
                || keywordExpected
                || !KEYWORDS.isReservedWord(token.toUpperCase(Locale.ROOT))) {
            return "";
        }
        return token + " is a reserved word in Flink SQL: to use it as a name, quote it as `" + token + "`";
    }

    /**
     * The message with every {@code line L, column C} it names inside the statement rewritten as the
     * Markdown line and column, so that it agrees with the line it is reported at.
     */
    public static String inMarkdownPositions(Statement statement, String message) {
        return inMarkdownPositions(statement, statement.text(), message);
    }

    /** As {@link #inMarkdownPositions(Statement, String)}, for positions in {@code sql}: the statement with {@code ${fixtures}} expanded. */
    public static String inMarkdownPositions(Statement statement, String sql, String message) {
        return POSITION.matcher(message).replaceAll(position -> {
            int lineInStatement = Integer.parseInt(position.group(1));
            int columnInSql = Integer.parseInt(position.group(2));
            int column = writtenColumn(statement.text(), sql, lineInStatement, columnInSql);
            return "line " + markdownLine(statement, lineInStatement) + ", column "
                    + markdownColumn(statement, lineInStatement, column);
        });
    }

    /**
     * A column of {@code sql}, the statement {@code text} with {@code ${fixtures}} expanded, as a column
     * of the text as written: each expansion before it is counted as the placeholder, and a column
     * inside an expansion is the placeholder's.
     */
    static int writtenColumn(String text, String sql, int line, int column) {
        String written = lineAt(text, line);
        String expanded = lineAt(sql, line);
        int placeholders = written.split(java.util.regex.Pattern.quote(FixturePlaceholder.PLACEHOLDER), -1).length - 1;
        if (placeholders == 0 || written.length() == expanded.length()) {
            return column;
        }
        int growth = (expanded.length() - written.length()) / placeholders;
        int shift = 0;
        for (int at = written.indexOf(FixturePlaceholder.PLACEHOLDER);
                at >= 0;
                at = written.indexOf(FixturePlaceholder.PLACEHOLDER, at + FixturePlaceholder.PLACEHOLDER.length())) {
            int expandedStart = at + shift + 1;
            if (column < expandedStart) {
                break;
            }
            if (column < expandedStart + FixturePlaceholder.PLACEHOLDER.length() + growth) {
                return at + 1;
            }
            shift += growth;
        }
        return column - shift;
    }

    private static String lineAt(String text, int line) {
        String[] lines = text.split("\n", -1);
        return line >= 1 && line <= lines.length ? lines[line - 1] : "";
    }

    /** The Markdown line of a line inside the statement's text (1-based). */
    public static int markdownLine(Statement statement, int lineInStatement) {
        return statement.line() + Math.max(lineInStatement, 1) - 1;
    }

    /** The Markdown column of a position inside the statement: the first line starts at the statement's column. */
    public static int markdownColumn(Statement statement, int lineInStatement, int columnInStatement) {
        return lineInStatement <= 1 ? statement.column() + columnInStatement - 1 : columnInStatement;
    }

    private static String firstLineOf(String message) {
        if (message == null) {
            return "SQL syntax error";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
