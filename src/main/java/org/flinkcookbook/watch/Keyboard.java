package org.flinkcookbook.watch;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * What the author types while a watch waits: commands of one letter. From a terminal each is one
 * key, taken as it is pressed ({@link TerminalKeyboard}); from anything else (CI, a pipe) each is
 * a line, taken at Enter ({@link LineKeyboard}).
 */
public interface Keyboard extends Closeable {

    /** The commands typed since the last call, lower case, in order; none while nothing was typed. */
    List<String> commands() throws IOException;

    /** True when a key is a command as it is pressed; false when Enter sends it. */
    boolean oneKey();

    /** Gives the terminal back as it was. */
    @Override
    void close() throws IOException;

    /** One key at a time when the build runs in a terminal, else lines of {@code System.in}. */
    static Keyboard ofSystemIn() {
        if (System.console() != null) {
            try {
                return TerminalKeyboard.ofSystemTerminal()
                        .map(Keyboard.class::cast)
                        .orElseGet(() -> lines(System.in));
            } catch (IOException | RuntimeException noTerminal) {
                return lines(System.in); // keys work with Enter all the same
            }
        }
        return lines(System.in);
    }

    /** Commands typed as lines, each ended by Enter. */
    static Keyboard lines(InputStream in) {
        return new LineKeyboard(in);
    }
}
