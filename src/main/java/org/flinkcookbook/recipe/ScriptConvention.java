package org.flinkcookbook.recipe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.flinkcookbook.sql.Clauses;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;
import org.flinkcookbook.sql.TableReads;

/**
 * Tells a recipe's script from the fragments its prose shows, as the Flink SQL Cookbook writes
 * recipes: when a recipe has "Script" headings, only the {@code sql} blocks in their sections run,
 * each section as a session of its own. A recipe without one runs every block except excerpts,
 * when it has a script (a block that creates something) to tell them from: a block that creates
 * nothing and starts with a clause, or reads a table no earlier block creates.
 */
final class ScriptConvention {

    /** A Markdown heading. */
    record Heading(int line, int level, String text) {
        boolean isScript() {
            String word = text.strip().toLowerCase(Locale.ROOT);
            return word.equals("script") || word.equals("scripts");
        }
    }

    private final String displayPath;
    private final List<String> warnings = new ArrayList<>();

    ScriptConvention(String displayPath) {
        this.displayPath = displayPath;
    }

    /** The blocks with their Script section and, for those that do not run, why. */
    List<SqlBlock> apply(List<SqlBlock> blocks, List<Heading> headings) {
        return headings.stream().anyMatch(Heading::isScript) ? bySections(blocks, headings) : withoutExcerpts(blocks);
    }

    /** Warnings about blocks judged excerpts although no Script heading says so. */
    List<String> warnings() {
        return List.copyOf(warnings);
    }

    private static List<SqlBlock> bySections(List<SqlBlock> blocks, List<Heading> headings) {
        List<SqlBlock> result = new ArrayList<>();
        for (SqlBlock block : blocks) {
            Optional<Heading> script = scriptOf(block.firstLine() - 1, headings);
            result.add(
                    script.isPresent()
                            ? block.inScript(scriptIndex(script.get(), headings))
                            : block.asExcerpt("outside the recipe's Script sections"));
        }
        return result;
    }

    /** The Script heading whose section holds a line: a section runs up to the next heading of the same or a higher level. */
    private static Optional<Heading> scriptOf(int line, List<Heading> headings) {
        Heading script = null;
        for (Heading heading : headings) {
            if (heading.line() > line) {
                break;
            }
            if (heading.isScript()) {
                script = heading;
            } else if (script != null && heading.level() <= script.level()) {
                script = null;
            }
        }
        return Optional.ofNullable(script);
    }

    private static int scriptIndex(Heading script, List<Heading> headings) {
        return (int) headings.stream()
                .filter(Heading::isScript)
                .takeWhile(heading -> heading != script)
                .count();
    }

    private List<SqlBlock> withoutExcerpts(List<SqlBlock> blocks) {
        if (blocks.stream().flatMap(block -> block.statements().stream()).noneMatch(ScriptConvention::creates)) {
            return blocks; // no script to tell excerpts from: every block is the recipe
        }
        Map<String, Integer> createdAt = new HashMap<>();
        for (SqlBlock block : blocks) {
            for (Statement statement : block.statements()) {
                parse(statement)
                        .flatMap(TableReads::definedBy)
                        .ifPresent(name -> createdAt.putIfAbsent(name, statement.line()));
            }
        }
        Set<String> created = new HashSet<>();
        List<SqlBlock> result = new ArrayList<>();
        for (SqlBlock block : blocks) {
            String excerpt = block.skipped() ? null : excerptReason(block, created, createdAt);
            if (excerpt != null) {
                warnings.add(
                        displayPath + ":" + block.firstLine() + ": this block is shown, not run: " + excerpt
                                + "; put the recipe's runnable SQL under a '## Script' heading to say so, or mark the block <!-- cookbook:skip -->");
                result.add(block.asExcerpt(excerpt));
                continue;
            }
            for (Statement statement : block.statements()) {
                parse(statement).flatMap(TableReads::definedBy).ifPresent(created::add);
            }
            result.add(block);
        }
        return result;
    }

    private static String excerptReason(SqlBlock block, Set<String> created, Map<String, Integer> createdAt) {
        if (block.statements().isEmpty() || block.statements().stream().anyMatch(ScriptConvention::creates)) {
            return null;
        }
        Optional<String> clause = Clauses.leadingClause(block.statements().get(0));
        if (clause.isPresent()) {
            return "it starts with " + clause.get() + ", a clause, not a statement";
        }
        for (Statement statement : block.statements()) {
            Optional<SqlNode> parsed = parse(statement);
            if (parsed.isEmpty()) {
                return null;
            }
            for (String table : TableReads.of(parsed.get())) {
                if (!created.contains(table)) {
                    Integer line = createdAt.get(table);
                    return line == null
                            ? "it reads " + table + ", which the recipe never creates"
                            : "it reads " + table + " before line " + line + " creates it";
                }
            }
        }
        return null;
    }

    private static boolean creates(Statement statement) {
        return switch (statement.kind()) {
            case CREATE_TABLE, CREATE_VIEW, CREATE_FUNCTION, CREATE_OTHER -> true;
            default -> false;
        };
    }

    private static Optional<SqlNode> parse(Statement statement) {
        if (statement.kind() == StatementKind.OTHER) {
            return Optional.empty();
        }
        try {
            return Optional.of(SqlParsing.parse(statement, statement.text()));
        } catch (SqlSyntaxException | RuntimeException unparsable) {
            return Optional.empty(); // it runs, and its error is reported where it stands
        }
    }
}
