package org.flinkcookbook.session;

import java.util.Optional;
import org.flinkcookbook.result.StatementResult;

/**
 * A query a back end has started. A back end that runs jobs returns it once the job is submitted,
 * so that the session plans its next statements while the job runs; the session takes the results
 * in statement order ({@link RecipeSession}).
 */
public interface StartedQuery {

    /** The query's result, or empty when the back end records none; waits for it. */
    Optional<StatementResult> result() throws Exception;

    /** Stops the query when the session ends without its result: an earlier statement failed. */
    default void cancel() {}

    /** A query whose result is in already. */
    static StartedQuery finished(Optional<StatementResult> result) {
        return () -> result;
    }
}
