package org.flinkcookbook.expected;

/** An expected file cannot be read: names the file and line and says how to repair it. */
public class ExpectedFileException extends Exception {

    public ExpectedFileException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem
                + "; repair the line or delete the file and run mvn cookbook:expected to write it again");
    }
}
