package org.flinkcookbook.run;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The engine JVM's entry point ({@link EngineJvm}): reads the goal's request, runs it, prints the
 * progress as protocol lines on standard output and writes the verdict, or the reason it could not
 * run, into the answer file.
 */
public final class EngineJvmMain {

    private EngineJvmMain() {}

    /** @param args the request file and the answer file */
    @SuppressWarnings("java:S106") // standard output is the channel to Maven's JVM
    public static void main(String[] args) throws IOException, ClassNotFoundException {
        PrintStream protocol = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        // anything else that writes to standard output (a library) must not be taken for a protocol line
        System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
        GoalRequest request;
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
            request = (GoalRequest) in.readObject();
        }
        Path answerFile = Path.of(args[1]);
        try {
            request.run(new ProtocolConsole(protocol), (runner, settings, console) -> {
                RunSummary summary = runner.run(request.mode());
                // the verdict goes back before the engines close: stopping Flink is no part of it
                try {
                    answer(summary.verdict(), answerFile, protocol);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return summary;
            });
        } catch (CookbookException e) {
            answer(new CookbookException(e.getMessage(), null), answerFile, protocol);
        } catch (RuntimeException e) {
            answer(new IllegalStateException(e.getMessage()), answerFile, protocol);
        }
        // Flink's threads are not all daemons
        System.exit(0);
    }

    /**
     * Writes the answer, unless one was written already (what fails after the verdict, while the
     * engines close, is no part of it), and closes the standard streams, each of which then points
     * at /dev/null: the build needs nothing more from this JVM and stops reading it, while this JVM
     * closes Flink and may still write its class-data archive at exit.
     */
    private static void answer(Serializable answer, Path answerFile, PrintStream protocol) throws IOException {
        if (Files.exists(answerFile)) {
            return;
        }
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(answerFile))) {
            out.writeObject(answer);
        }
        protocol.close();
        System.err.close();
        System.in.close();
    }

    /** Each line of a message as one protocol line: its level's letter, a space, the text. */
    private record ProtocolConsole(PrintStream out) implements Console {

        @Override
        public void info(String message) {
            print('I', LogLines.of(message));
        }

        @Override
        public void warn(String message) {
            print('W', LogLines.of(message));
        }

        @Override
        public void error(String message) {
            print('E', LogLines.of(message));
        }

        /** Kept as it is (a GitHub annotation), but never more than one protocol line. */
        @Override
        public void raw(String line) {
            print('R', List.of(line.replaceAll("[\r\n]", " ")));
        }

        private synchronized void print(char level, List<String> lines) {
            lines.forEach(line -> out.println(EngineJvm.PROTOCOL + level + " " + line));
        }
    }
}
