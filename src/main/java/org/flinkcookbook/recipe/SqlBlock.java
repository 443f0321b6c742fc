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
 */
public record SqlBlock(int firstLine, String sql, boolean skipped, List<Statement> statements) {

    public SqlBlock {
        statements = List.copyOf(statements);
    }

    public boolean runs() {
        return !skipped;
    }
}
