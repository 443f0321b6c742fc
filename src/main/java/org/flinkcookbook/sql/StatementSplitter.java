package org.flinkcookbook.sql;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplTokenManager;
import org.apache.flink.sql.parser.impl.SimpleCharStream;
import org.apache.flink.sql.parser.impl.Token;
import org.apache.flink.sql.parser.impl.TokenMgrError;

/**
 * Splits SQL text into statements with Flink's own SQL tokenizer, as Flink's SQL client does, so
 * quotes, comments and semicolons inside strings are handled exactly as Flink handles them.
 *
 * <p>Parsed nodes do not carry reliable end positions (a CREATE or INSERT node's position may cover
 * only its first keyword), so statement text is cut from token positions instead.
 */
public final class StatementSplitter {

    /** Flink's parser starts in the lexical state that accepts back-quoted identifiers. */
    private static final int BACK_QUOTED_IDENTIFIER_STATE = 2;

    private static final Pattern LEXICAL_ERROR_POSITION = Pattern.compile("line (\\d+), column (\\d+)");
    private static final Pattern LEXICAL_ERROR_CHARACTER = Pattern.compile("Encountered: (\".*?\") \\(\\d+\\)");

    private StatementSplitter() {}

    /**
     * Splits one block of SQL.
     *
     * @param sql the block's text
     * @param firstLine the Markdown line of the block's first line, so statements carry Markdown lines
     */
    public static List<Statement> split(String sql, int firstLine) throws SqlSyntaxException {
        List<Token> tokens = tokenize(sql, firstLine);
        int[] lineStarts = lineStarts(sql);
        List<Statement> statements = new ArrayList<>();
        int start = 0;
        while (start < tokens.size()) {
            if (tokens.get(start).kind == FlinkSqlParserImplConstants.SEMICOLON) {
                start++; // an empty statement, as in ";;"
                continue;
            }
            if (startsWith(tokens, start, "EXECUTE", "STATEMENT", "SET", "BEGIN")) {
                start = statementSet(sql, tokens, start, lineStarts, firstLine, statements);
                continue;
            }
            int end = nextSemicolon(tokens, start);
            statements.add(statement(sql, tokens, start, end, lineStarts, firstLine, List.of()));
            start = end + 1;
        }
        return statements;
    }

    private static int statementSet(
            String sql, List<Token> tokens, int start, int[] lineStarts, int firstLine, List<Statement> out)
            throws SqlSyntaxException {
        List<Statement> members = new ArrayList<>();
        int memberStart = start + 4;
        while (true) {
            if (memberStart >= tokens.size()) {
                Token first = tokens.get(start);
                throw new SqlSyntaxException(
                        "EXECUTE STATEMENT SET BEGIN is never closed by END;",
                        firstLine + first.beginLine - 1,
                        first.beginColumn,
                        null);
            }
            Token token = tokens.get(memberStart);
            if (token.kind == FlinkSqlParserImplConstants.END) {
                int end = nextSemicolon(tokens, memberStart);
                out.add(statement(sql, tokens, start, end, lineStarts, firstLine, members));
                return end + 1;
            }
            if (token.kind == FlinkSqlParserImplConstants.SEMICOLON) {
                memberStart++;
                continue;
            }
            int memberEnd = nextSemicolon(tokens, memberStart);
            members.add(statement(sql, tokens, memberStart, memberEnd, lineStarts, firstLine, List.of()));
            memberStart = memberEnd + 1;
        }
    }

    private static Statement statement(
            String sql,
            List<Token> tokens,
            int start,
            int endExclusive,
            int[] lineStarts,
            int firstLine,
            List<Statement> members) {
        Token first = tokens.get(start);
        Token last = tokens.get(endExclusive - 1);
        String text = sql.substring(
                offset(lineStarts, first.beginLine, first.beginColumn),
                offset(lineStarts, last.endLine, last.endColumn) + 1);
        return new Statement(text, firstLine + first.beginLine - 1, first.beginColumn, kindOf(tokens, start), members);
    }

    private static int nextSemicolon(List<Token> tokens, int from) {
        int index = from;
        while (index < tokens.size() && tokens.get(index).kind != FlinkSqlParserImplConstants.SEMICOLON) {
            index++;
        }
        return index;
    }

    static StatementKind kindOf(List<Token> tokens, int start) {
        String first = word(tokens, start);
        switch (first) {
            case "SET":
                return StatementKind.SET;
            case "RESET":
                return StatementKind.RESET;
            case "CREATE":
                return createKind(tokens, start + 1);
            case "ALTER":
                return StatementKind.ALTER;
            case "DROP":
                return StatementKind.DROP;
            case "SELECT":
            case "WITH":
            case "VALUES":
            case "(":
            case "TABLE":
                return StatementKind.QUERY;
            case "INSERT":
                return StatementKind.INSERT;
            case "BEGIN":
                return startsWith(tokens, start, "BEGIN", "STATEMENT", "SET")
                        ? StatementKind.BEGIN_STATEMENT_SET
                        : StatementKind.OTHER;
            case "END":
                return StatementKind.END_STATEMENT_SET;
            case "EXECUTE":
                if (startsWith(tokens, start, "EXECUTE", "STATEMENT", "SET")) {
                    return StatementKind.STATEMENT_SET;
                }
                StatementKind executed = kindOf(tokens, start + 1);
                return executed == StatementKind.INSERT || executed == StatementKind.QUERY
                        ? executed
                        : StatementKind.OTHER;
            case "DESCRIBE":
            case "DESC":
                return StatementKind.DESCRIBE;
            case "SHOW":
                return StatementKind.SHOW;
            case "EXPLAIN":
                return StatementKind.EXPLAIN;
            case "USE":
                return StatementKind.USE;
            case "LOAD":
                return StatementKind.LOAD_MODULE;
            case "UNLOAD":
                return StatementKind.UNLOAD_MODULE;
            case "ADD":
                return StatementKind.ADD_JAR;
            case "REMOVE":
                return StatementKind.REMOVE_JAR;
            default:
                return StatementKind.OTHER;
        }
    }

    private static StatementKind createKind(List<Token> tokens, int index) {
        for (int i = index; i < tokens.size() && i < index + 5; i++) {
            switch (word(tokens, i)) {
                case "TABLE":
                    return StatementKind.CREATE_TABLE;
                case "VIEW":
                    return StatementKind.CREATE_VIEW;
                case "FUNCTION":
                    return StatementKind.CREATE_FUNCTION;
                case "OR":
                case "REPLACE":
                case "TEMPORARY":
                case "SYSTEM":
                    continue;
                default:
                    return StatementKind.CREATE_OTHER;
            }
        }
        return StatementKind.CREATE_OTHER;
    }

    private static boolean startsWith(List<Token> tokens, int start, String... words) {
        for (int i = 0; i < words.length; i++) {
            if (!words[i].equals(word(tokens, start + i))) {
                return false;
            }
        }
        return true;
    }

    private static String word(List<Token> tokens, int index) {
        if (index >= tokens.size()) {
            return "";
        }
        return tokens.get(index).image.toUpperCase(Locale.ROOT);
    }

    /**
     * How many more {@code )} than {@code (} tokens the SQL has; parentheses inside strings, quoted
     * identifiers and comments do not count.
     */
    public static int excessClosingParentheses(String sql) throws SqlSyntaxException {
        int excess = 0;
        for (Token token : tokenize(sql, 1)) {
            if (token.kind == FlinkSqlParserImplConstants.LPAREN) {
                excess--;
            } else if (token.kind == FlinkSqlParserImplConstants.RPAREN) {
                excess++;
            }
        }
        return excess;
    }

    /** The first token of a statement, as Flink's tokenizer reads it; empty when it has none or cannot be read. */
    static Optional<Token> firstToken(String sql) {
        try {
            List<Token> tokens = tokenize(sql, 1);
            return tokens.isEmpty() ? Optional.empty() : Optional.of(tokens.get(0));
        } catch (SqlSyntaxException unreadable) {
            return Optional.empty();
        }
    }

    private static List<Token> tokenize(String sql, int firstLine) throws SqlSyntaxException {
        FlinkSqlParserImplTokenManager tokenManager = new FlinkSqlParserImplTokenManager(new UntabbedCharStream(sql));
        tokenManager.SwitchTo(BACK_QUOTED_IDENTIFIER_STATE);
        List<Token> tokens = new ArrayList<>();
        try {
            for (Token token = tokenManager.getNextToken();
                    token.kind != FlinkSqlParserImplConstants.EOF;
                    token = tokenManager.getNextToken()) {
                if (token.kind == FlinkSqlParserImplConstants.QUOTE) {
                    // Flink's tokenizer reads the opening quote of a string that is never closed as a token of its own.
                    throw new SqlSyntaxException(
                            "SQL cannot be read: a quoted string is never closed",
                            firstLine + token.beginLine - 1,
                            token.beginColumn,
                            null);
                }
                tokens.add(token);
            }
        } catch (TokenMgrError error) {
            throw lexicalError(sql, tokens, firstLine, error);
        }
        return tokens;
    }

    /**
     * A lexical error, placed where the unreadable text starts: JavaCC reports where it gave up (for
     * a comment that is never closed, the end of the block), so the start is found after the last token.
     */
    private static SqlSyntaxException lexicalError(String sql, List<Token> tokens, int firstLine, TokenMgrError error) {
        int[] lineStarts = lineStarts(sql);
        Token last = tokens.isEmpty() ? null : tokens.get(tokens.size() - 1);
        int start = unreadableStart(sql, last == null ? 0 : offset(lineStarts, last.endLine, last.endColumn) + 1);
        String what = start < 0 ? null : unclosed(sql, start);
        if (what != null) {
            int line = lineOf(lineStarts, start);
            return new SqlSyntaxException(
                    "SQL cannot be read: " + what + " is never closed",
                    firstLine + line - 1,
                    start - lineStarts[line - 1] + 1,
                    error);
        }
        Matcher position = LEXICAL_ERROR_POSITION.matcher(String.valueOf(error.getMessage()));
        boolean located = position.find();
        int line = located ? Integer.parseInt(position.group(1)) : 1;
        int column = located ? Integer.parseInt(position.group(2)) : 1;
        Matcher encountered = LEXICAL_ERROR_CHARACTER.matcher(String.valueOf(error.getMessage()));
        String problem = encountered.find()
                ? "unexpected character " + encountered.group(1)
                : String.valueOf(error.getMessage());
        return new SqlSyntaxException(
                "SQL cannot be read: " + problem, firstLine + line - 1, Math.max(column, 1), error);
    }

    /** The offset of the first character from {@code from} on that is neither white space nor a closed comment; -1 if none. */
    private static int unreadableStart(String sql, int from) {
        int index = from;
        while (index < sql.length()) {
            if (Character.isWhitespace(sql.charAt(index))) {
                index++;
            } else if (sql.startsWith("--", index)) {
                int newline = sql.indexOf('\n', index);
                index = newline < 0 ? sql.length() : newline + 1;
            } else if (sql.startsWith("/*", index) && sql.indexOf("*/", index + 2) >= 0) {
                index = sql.indexOf("*/", index + 2) + 2;
            } else {
                return index;
            }
        }
        return -1;
    }

    private static String unclosed(String sql, int start) {
        if (sql.startsWith("/*", start)) {
            return "a comment";
        }
        if (sql.charAt(start) == '`') {
            return "a back-quoted identifier";
        }
        return null;
    }

    private static int lineOf(int[] lineStarts, int offset) {
        int line = 1;
        while (line < lineStarts.length && lineStarts[line] <= offset) {
            line++;
        }
        return line;
    }

    private static int[] lineStarts(String text) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int offset(int[] lineStarts, int line, int column) {
        return lineStarts[line - 1] + column - 1;
    }

    /** JavaCC counts a tab as up to eight columns; one column per character keeps offsets exact. */
    private static final class UntabbedCharStream extends SimpleCharStream {
        UntabbedCharStream(String text) {
            super(new StringReader(text));
            tabSize = 1;
        }
    }
}
