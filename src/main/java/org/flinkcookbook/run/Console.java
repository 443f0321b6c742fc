package org.flinkcookbook.run;

/** Where the run reports progress; the Mojos pass Maven's log. */
public interface Console {

    void info(String message);

    void warn(String message);

    void error(String message);

    /** A line printed as it is, at the start of a line, for CI servers that read the output (GitHub annotations). */
    void raw(String line);
}
