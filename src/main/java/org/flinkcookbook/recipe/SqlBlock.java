package org.flinkcookbook.recipe;

import java.util.List;
import org.flinkcookbook.sql.Statement;

/**
 * A fenced {@code sql} code block of a recipe.
 *
 * @param firstLine Markdown line of the block's first SQL line (the line after the opening fence)
 * @param sql the block's content, as written
 * @param skipped true when {@code <!-- cookbook:skip -->} precedes the block: shown, not run
 * @param statements the block's statements, split by Flink's SQL tokenizer, with Markdown lines
 * @param script which "Script" section of the recipe the block belongs to (0 for the first, and
 *     for every block of a recipe without one); each section is a session of its own
 * @param excerpt why the block is shown, not run, by the recipe's Script convention; null when it runs
 */
public record SqlBlock(
        int firstLine, String sql, boolean skipped, List<Statement> statements, int script, String excerpt) {

    public SqlBlock {
        statements = List.copyOf(statements);
    }

    /** A block of a recipe without Script sections, not (yet) judged an excerpt. */
    public SqlBlock(int firstLine, String sql, boolean skipped, List<Statement> statements) {
        this(firstLine, sql, skipped, statements, 0, null);
    }

    public boolean runs() {
        return !skipped && excerpt == null;
    }

    SqlBlock asExcerpt(String reason) {
        return new SqlBlock(firstLine, sql, skipped, statements, script, reason);
    }

    SqlBlock inScript(int index) {
        return new SqlBlock(firstLine, sql, skipped, statements, index, excerpt);
    }
}
