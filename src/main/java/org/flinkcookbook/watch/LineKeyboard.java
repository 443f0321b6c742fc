package org.flinkcookbook.watch;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Commands typed as lines: a terminal that is not in raw mode, or a pipe, hands the keys over at
 * Enter, and a word is one command, not one per letter. Reads only what is available, so it never blocks.
 */
final class LineKeyboard implements Keyboard {

    private final InputStream in;
    /** What was typed since the last Enter. */
    private final StringBuilder typed = new StringBuilder();

    LineKeyboard(InputStream in) {
        this.in = in;
    }

    @Override
    public List<String> commands() throws IOException {
        List<String> commands = new ArrayList<>();
        while (in.available() > 0) {
            int key = in.read();
            if (key != '\n') {
                typed.append((char) key);
                continue;
            }
            commands.add(typed.toString().strip().toLowerCase(Locale.ROOT));
            typed.setLength(0);
        }
        return commands;
    }

    @Override
    public boolean oneKey() {
        return false;
    }

    /** Leaves System.in open: the build owns it. */
    @Override
    public void close() {}
}
