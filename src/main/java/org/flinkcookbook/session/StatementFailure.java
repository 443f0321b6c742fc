package org.flinkcookbook.session;

import org.flinkcookbook.engine.Problem;

/** A statement failed: stops the recipe session with a problem at a Markdown line. */
public final class StatementFailure extends Exception {

    private final Problem problem;

    /** An error at a line: the recipe is in error. */
    public StatementFailure(int line, String message) {
        this(Problem.error(line, message));
    }

    public StatementFailure(Problem problem) {
        super(problem.message());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
