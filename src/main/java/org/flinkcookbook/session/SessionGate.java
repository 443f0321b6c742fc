package org.flinkcookbook.session;

import java.util.List;
import java.util.Optional;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.recipe.Recipe;

/**
 * Asked about a session's parsed statements before any of them runs, so that a check of untrusted
 * recipes sees the statements exactly as the engine will run them.
 */
@FunctionalInterface
public interface SessionGate {

    /** Lets every session run. */
    SessionGate OPEN = (session, statements) -> Optional.empty();

    /** Why the session may not run, or empty; statements with syntax errors are left out (the session reports them). */
    Optional<Problem> check(Recipe session, List<ParsedStatement> statements);
}
