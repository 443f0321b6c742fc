package org.flinkcookbook.expected;

/** An expected file cannot be read: names the file and line. */
public class ExpectedFileException extends Exception {

    public ExpectedFileException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
    }
}
