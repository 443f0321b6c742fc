package org.flinkcookbook.session;

import java.util.List;
import java.util.Optional;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.StatementResult;

/**
 * What an engine does with the statements of one recipe session; {@link RecipeSession} decides
 * which statement is which, groups statement sets, expands {@code ${fixtures}} and binds fixtures.
 * A back end serves one session. Any exception a method throws stops the session and becomes a
 * problem through {@link #failure}.
 */
public interface SessionBackEnd {

    /** A statement that changes the session's catalog: CREATE, ALTER, DROP, USE, ... */
    void define(ParsedStatement statement, Optional<BoundFixture> fixture) throws Exception;

    /** {@code SET 'key' = 'value'}. */
    void set(ParsedStatement statement, String key, String value) throws Exception;

    /** {@code RESET 'key'}, or {@code RESET} of every option when the key is null. */
    void reset(ParsedStatement statement, String key) throws Exception;

    /**
     * Starts a query: its result, or none when this back end records none, once the session asks
     * for it. The statements after it must not change what it gives (a query changes nothing in the
     * session, and what Flink runs is fixed when it is submitted).
     */
    StartedQuery query(ParsedStatement statement) throws Exception;

    /** The result of a DESCRIBE or SHOW, or empty when this back end records none. */
    Optional<StatementResult> describe(ParsedStatement statement) throws Exception;

    /** The results of one INSERT or the INSERTs of one statement set, one per sink, in order. */
    List<StatementResult> insert(List<ParsedStatement> inserts) throws Exception;

    /**
     * True when a statement's results depend on nothing but the session's statements and the files
     * they read, so that a {@link ResultCache} may give them again without running the statement.
     */
    default boolean repeatable() {
        return true;
    }

    /** After the last statement: why the session was only planned, not run, if it was. */
    Optional<PlannedOnly> finish();

    /** What a statement the back end rejects makes of the recipe, mapped to the Markdown line it points at. */
    Problem failure(ParsedStatement statement, Exception error);

    /** What a statement Flink's parser rejects makes of the recipe: broken when only planned, else an error. */
    RecipeStatus rejected();

    /** Things the author should know that do not fail the session, each naming its line. */
    List<String> warnings();
}
