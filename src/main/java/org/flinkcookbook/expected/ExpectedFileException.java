package org.flinkcookbook.expected;

/** An expected file cannot be read: names the file and line; {@link #withRemedy} says how to repair it. */
public class ExpectedFileException extends Exception {

    public ExpectedFileException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    /** The message, ending with the command that writes the file again, as the user runs it. */
    public String withRemedy(String expectedCommand) {
        return getMessage() + "; repair the line or delete the file and run " + expectedCommand + " to write it again";
    }
}
