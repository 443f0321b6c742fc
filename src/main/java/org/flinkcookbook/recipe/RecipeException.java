package org.flinkcookbook.recipe;

/** A recipe file cannot be read as a recipe; names the file and line. */
public class RecipeException extends Exception {

    private final String file;
    private final int line;

    public RecipeException(String file, int line, String message, Throwable cause) {
        super(file + ":" + line + ": " + message, cause);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
