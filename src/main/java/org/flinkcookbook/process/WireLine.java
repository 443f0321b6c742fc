package org.flinkcookbook.process;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * One line of the engine process's protocol, the one place where it is written and read: the engine
 * JVM ({@link EngineJvmMain}) and the warm engine ({@link EngineDaemon}) print {@code @cookbook:}
 * lines, a kind's letter, a space and the text; Maven's side ({@link EngineJvm}, {@link
 * DaemonClient}, {@link HardTimeout}) reads them back. Any other line was printed by a library.
 *
 * @param kind what the line says
 * @param text a console line, a recipe's path, a process id or a serialized value (Base64)
 */
public record WireLine(Kind kind, String text) {

    /** Marks a protocol line on the engine process's standard output or socket. */
    private static final String PREFIX = "@cookbook:";

    /** The line a client sends to stop the warm engine instead of a request. */
    static final String STOP = "STOP";

    /** What a protocol line says, by its letter. */
    public enum Kind {
        /** A console line at info level. */
        INFO('I'),
        /** A console line at warning level. */
        WARN('W'),
        /** A console line at error level. */
        ERROR('E'),
        /** A line passed on as it is (a GitHub annotation). */
        RAW('R'),
        /** A recipe started; its text is the recipe's path. */
        STARTED('S'),
        /** A recipe ended; its text is the recipe's path. */
        DONE('D'),
        /** A running recipe's heartbeat ({@link HardTimeout}): a statement or its deadline started or ended; its text is the statement's line, a space, the recipe's path. */
        STATEMENT('T'),
        /** The warm engine's process id, its first line to a client. */
        PID('P'),
        /** The warm engine's answer: the verdict, serialized ({@link #encode(Serializable)}). */
        ANSWER('A');

        private final char letter;

        Kind(char letter) {
            this.letter = letter;
        }

        static Optional<Kind> of(char letter) {
            return Arrays.stream(values()).filter(kind -> kind.letter == letter).findFirst();
        }
    }

    /** The line as it goes over the wire; a text of several lines must be split first (one protocol line each). */
    public String line() {
        return PREFIX + kind.letter + " " + text;
    }

    /** The protocol line of this kind and text. */
    static String line(Kind kind, String text) {
        return new WireLine(kind, text).line();
    }

    /** The protocol line, or empty for a line a library printed (or one of a kind this build does not know). */
    static Optional<WireLine> read(String line) {
        if (!line.startsWith(PREFIX)
                || line.length() < PREFIX.length() + 2
                || line.charAt(PREFIX.length() + 1) != ' ') {
            return Optional.empty();
        }
        return Kind.of(line.charAt(PREFIX.length()))
                .map(kind -> new WireLine(kind, line.substring(PREFIX.length() + 2)));
    }

    /** A request or an answer as one line's text: serialized, Base64. */
    static String encode(Serializable value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /** Only the plugin's and the JDK's classes: a request or an answer is nothing else. */
    static Object decode(String text) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(
                new ByteArrayInputStream(Base64.getDecoder().decode(text)))) {
            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("org.flinkcookbook.**;java.**;!*"));
            return in.readObject();
        } catch (ClassNotFoundException | IllegalArgumentException e) {
            throw new IOException("unreadable message: " + e.getMessage(), e);
        }
    }
}
