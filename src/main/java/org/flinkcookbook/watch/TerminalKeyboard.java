package org.flinkcookbook.watch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingReader;

/**
 * Commands of one key each, from a terminal in raw mode (JLine), as Jest's watch takes them: no
 * Enter, and no echo of the key. Ctrl-C still interrupts the build (raw mode keeps the terminal's
 * signals), and closing gives the terminal back its attributes.
 */
final class TerminalKeyboard implements Keyboard {

    /** How long one look for a key may wait: the loop looks again every few tens of milliseconds anyway. */
    private static final long READ_WAIT_MILLIS = 1;

    private final Terminal terminal;
    private final Attributes before;

    TerminalKeyboard(Terminal terminal) {
        this.terminal = terminal;
        this.before = terminal.enterRawMode();
    }

    /** The terminal the build runs in, in raw mode; empty when JLine finds none it can drive. */
    static Optional<TerminalKeyboard> ofSystemTerminal() throws IOException {
        Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
        if (terminal.getType().startsWith(Terminal.TYPE_DUMB)) {
            terminal.close();
            return Optional.empty();
        }
        return Optional.of(new TerminalKeyboard(terminal));
    }

    @Override
    public List<String> commands() throws IOException {
        List<String> commands = new ArrayList<>();
        NonBlockingReader reader = terminal.reader();
        for (int key = reader.read(READ_WAIT_MILLIS); key >= 0; key = reader.read(READ_WAIT_MILLIS)) {
            if (!Character.isWhitespace(key) && !Character.isISOControl(key)) {
                commands.add(String.valueOf((char) key).toLowerCase(Locale.ROOT));
            }
        }
        return commands;
    }

    @Override
    public boolean oneKey() {
        return true;
    }

    @Override
    public void close() throws IOException {
        try {
            terminal.setAttributes(before);
        } finally {
            terminal.close();
        }
    }
}
