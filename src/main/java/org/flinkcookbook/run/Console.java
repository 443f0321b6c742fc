package org.flinkcookbook.run;

/** Where the run reports progress; the Mojos pass Maven's log. */
public interface Console {

    void info(String message);

    void warn(String message);

    void error(String message);
}
