package org.flinkcookbook.recipe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.StatementSplitter;

/**
 * Reads a Markdown recipe with commonmark: its {@code sql} blocks with Markdown line numbers, and
 * the {@code cookbook:} directives written as HTML comments.
 */
public final class RecipeParser {

    private static final Pattern SKIP = Pattern.compile("<!--\\s*cookbook:skip\\s*-->");
    private static final Pattern COMMENT = Pattern.compile("<!--(.*?)-->", Pattern.DOTALL);
    private static final Pattern FIXTURE = Pattern.compile("cookbook:fixture\\s+([^\\s=]+)\\s*=\\s*(\\S+)");
    private static final Pattern FLINK =
            Pattern.compile("cookbook:flink(?![\\w:-])\\s*(?:>=\\s*(\\d+(?:\\.\\d+){0,2})(?!\\S))?");

    private final Parser markdown = Parser.builder()
            .includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES)
            .build();

    /** Parses a recipe file; {@code displayPath} is how messages and reports name it. */
    public Recipe parse(Path file, String displayPath) throws RecipeException {
        return parse(file, displayPath, readUtf8(file, displayPath));
    }

    /** True when the Markdown has at least one fenced {@code sql} block: what makes it a recipe. */
    public boolean isRecipe(String markdownText) {
        boolean[] found = {false};
        markdown.parse(markdownText).accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock block) {
                found[0] |= isSql(block);
            }
        });
        return found[0];
    }

    Recipe parse(Path file, String displayPath, String text) throws RecipeException {
        String[] lines = text.split(
                "\\r\\n|\\r|\\n",
                -1); // the line breaks commonmark counts; \R would also break at U+2028 or a form feed
        List<FencedCodeBlock> codeBlocks = new ArrayList<>();
        List<FixtureBinding> fixtures = new ArrayList<>();
        List<FlinkNeed> flinkNeeds = new ArrayList<>();
        List<ScriptConvention.Heading> headings = new ArrayList<>();
        markdown.parse(text).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                headings.add(new ScriptConvention.Heading(lineOf(heading), heading.getLevel(), textOf(heading)));
            }

            @Override
            public void visit(FencedCodeBlock block) {
                if (isSql(block)) {
                    codeBlocks.add(block);
                }
            }

            @Override
            public void visit(HtmlBlock html) {
                collectFixtures(html.getLiteral(), lineOf(html), fixtures);
                collectFlinkNeeds(html.getLiteral(), lineOf(html), flinkNeeds);
            }

            @Override
            public void visit(HtmlInline html) {
                collectFixtures(html.getLiteral(), lineOf(html), fixtures);
                collectFlinkNeeds(html.getLiteral(), lineOf(html), flinkNeeds);
            }
        });
        for (FlinkNeed need : flinkNeeds) {
            if (need.version() == null) {
                throw new RecipeException(
                        displayPath,
                        need.line(),
                        "the cookbook:flink marker names no version; write it as <!-- cookbook:flink >= 2.0 -->",
                        null);
            }
        }
        List<SqlBlock> blocks = new ArrayList<>();
        for (FencedCodeBlock block : codeBlocks) {
            blocks.add(sqlBlock(block, lines, displayPath));
        }
        ScriptConvention convention = new ScriptConvention(displayPath);
        List<SqlBlock> judged = convention.apply(blocks, headings);
        return new Recipe(file, displayPath, judged, fixtures, convention.warnings(), flinkNeeds);
    }

    private SqlBlock sqlBlock(FencedCodeBlock block, String[] lines, String displayPath) throws RecipeException {
        int fenceLine = lineOf(block);
        if (block.getClosingFenceLength() == null) {
            String fence = block.getFenceCharacter().repeat(block.getOpeningFenceLength());
            throw new RecipeException(
                    displayPath,
                    fenceLine,
                    "the " + fence + "sql code block opened here is never closed; add a closing " + fence + " line",
                    null);
        }
        int firstLine = fenceLine + 1;
        boolean skipped = SKIP.matcher(previousNonBlankLine(lines, fenceLine)).find();
        try {
            String sql = withMarkdownColumns(block.getLiteral(), lines, firstLine);
            return new SqlBlock(firstLine, block.getLiteral(), skipped, StatementSplitter.split(sql, firstLine));
        } catch (SqlSyntaxException e) {
            throw new RecipeException(displayPath, e.line(), e.getMessage(), e);
        }
    }

    /**
     * The block's content with what Markdown stripped from each line (the indentation of a fence in a
     * list item, a block quote's {@code >}) put back as spaces, so that SQL columns are Markdown columns.
     */
    private static String withMarkdownColumns(String literal, String[] lines, int firstLine) {
        String[] content = literal.split("\n", -1);
        StringBuilder sql = new StringBuilder(literal.length());
        for (int i = 0; i < content.length; i++) {
            int index = firstLine - 1 + i;
            String raw = index < lines.length ? lines[index] : "";
            if (!content[i].isEmpty() && raw.endsWith(content[i])) {
                sql.append(" ".repeat(raw.length() - content[i].length()));
            }
            sql.append(content[i]);
            if (i < content.length - 1) {
                sql.append('\n');
            }
        }
        return sql.toString();
    }

    private static boolean isSql(FencedCodeBlock block) {
        String info = block.getInfo() == null ? "" : block.getInfo().trim();
        String language = info.isEmpty() ? "" : info.split("\\s+")[0];
        return language.toLowerCase(Locale.ROOT).equals("sql");
    }

    /** Every {@code cookbook:fixture} directive in the HTML comments of {@code html}, which starts on Markdown line {@code line}. */
    private static void collectFixtures(String html, int line, List<FixtureBinding> fixtures) {
        Matcher comment = COMMENT.matcher(html);
        while (comment.find()) {
            Matcher matcher = FIXTURE.matcher(html).region(comment.start(1), comment.end(1));
            while (matcher.find()) {
                fixtures.add(
                        new FixtureBinding(matcher.group(1), matcher.group(2), line + lineIn(html, matcher.start())));
            }
        }
    }

    /**
     * Every {@code cookbook:flink >= VERSION} marker in the HTML comments of {@code html}, which starts
     * on Markdown line {@code line}; one without a version has a null version.
     */
    private static void collectFlinkNeeds(String html, int line, List<FlinkNeed> needs) {
        Matcher comment = COMMENT.matcher(html);
        while (comment.find()) {
            Matcher matcher = FLINK.matcher(html).region(comment.start(1), comment.end(1));
            while (matcher.find()) {
                needs.add(new FlinkNeed(matcher.group(1), line + lineIn(html, matcher.start())));
            }
        }
    }

    /** How many lines {@code html} has before {@code offset}. */
    private static int lineIn(String html, int offset) {
        return (int) html.substring(0, offset).chars().filter(c -> c == '\n').count();
    }

    private static String textOf(Heading heading) {
        StringBuilder text = new StringBuilder();
        for (Node child = heading.getFirstChild(); child != null; child = child.getNext()) {
            if (child instanceof Text literal) {
                text.append(literal.getLiteral());
            } else if (child instanceof Code code) {
                text.append(code.getLiteral());
            }
        }
        return text.toString();
    }

    /** 1-based Markdown line where a node starts. */
    private static int lineOf(Node node) {
        return node.getSourceSpans().isEmpty()
                ? 1
                : node.getSourceSpans().get(0).getLineIndex() + 1;
    }

    private static String previousNonBlankLine(String[] lines, int line) {
        for (int index = line - 2; index >= 0; index--) {
            if (!lines[index].isBlank()) {
                return lines[index];
            }
        }
        return "";
    }

    static String readUtf8(Path file, String displayPath) throws RecipeException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new RecipeException(displayPath, 1, "cannot be read: " + e.getMessage(), e);
        }
        try {
            String text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            return text.startsWith("\uFEFF")
                    ? text.substring(1)
                    : text; // a byte order mark would hide a fence on line 1
        } catch (CharacterCodingException e) {
            int line = firstLineWithInvalidUtf8(bytes);
            throw new RecipeException(displayPath, line, "is not UTF-8 text; save the file as UTF-8", e);
        }
    }

    private static int firstLineWithInvalidUtf8(byte[] bytes) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                try {
                    StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, lineStart, i - lineStart));
                } catch (CharacterCodingException e) {
                    return line;
                }
                line++;
                lineStart = i + 1;
            }
        }
        return 1;
    }
}
