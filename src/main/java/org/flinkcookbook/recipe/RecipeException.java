package org.flinkcookbook.recipe;

/** A recipe file cannot be read as a recipe; names the file and line. */
public class RecipeException extends Exception {

    private final int line;
    private final String problem;

    /** @param problem what is wrong at that line, without the file and line */
    public RecipeException(String file, int line, String problem, Throwable cause) {
        super(file + ":" + line + ": " + problem, cause);
        this.line = line;
        this.problem = problem;
    }

    public int line() {
        return line;
    }

    /** What is wrong, without the file and line the message starts with: an outcome names them itself. */
    public String problem() {
        return problem;
    }
}
