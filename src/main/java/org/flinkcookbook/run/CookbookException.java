package org.flinkcookbook.run;

/** The plugin itself cannot run (as opposed to a recipe being wrong): a BUILD ERROR. */
public class CookbookException extends Exception {

    public CookbookException(String message, Throwable cause) {
        super(message, cause);
    }
}
