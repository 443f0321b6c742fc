package org.flinkcookbook.process;

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
import java.util.function.IntConsumer;
import org.flinkcookbook.flink.FlinkPlanner;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.io.LogLines;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunSummary;
import org.flinkcookbook.run.VersionPlanning;

/**
 * The engine JVM's entry point ({@link EngineJvm}): reads the goal's request, runs it, prints the
 * progress as protocol lines on standard output and writes the verdict, or the reason it could not
 * run, into the answer file.
 */
public final class EngineJvmMain {

    private EngineJvmMain() {}

    /** @param args the request file, the answer file, and the temporary directory this JVM removes as it ends */
    @SuppressWarnings("java:S106") // standard output is the channel to Maven's JVM
    public static void main(String[] args) throws IOException, ClassNotFoundException {
        // the engine JVM runs recipes on Flink only (simulate stays in Maven's JVM)
        FlinkPlanner.warmUpPlannerInBackground();
        PrintStream protocol = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        // anything else that writes to standard output (a library) must not be taken for a protocol line
        System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
        Object asked;
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
            asked = in.readObject();
        }
        Path temporary = Path.of(args[2]);
        Thread closeWatchdog = closeWatchdog(temporary, CLOSE_LIMIT_MILLIS, Runtime.getRuntime()::halt);
        AnswerFile answerFile = new AnswerFile(Path.of(args[1]), () -> letGo(protocol, closeWatchdog));
        if (asked instanceof VersionPlanning.Request versions) {
            // another Flink version's engine JVM: its planning path only
            answerFile.write(answered(() -> new VersionPlanning(versions).planAll(new ProtocolConsole(protocol))));
        } else {
            GoalRequest request = (GoalRequest) asked;
            answerFile.write(answer(() -> request.run(new ProtocolConsole(protocol), (runner, settings, console) -> {
                RunSummary summary = runner.run(request.mode());
                // the verdict goes back before the engines close: stopping Flink is no part of it
                answerFile.write(summary.verdict());
                return summary;
            })));
        }
        closeWatchdog.interrupt();
        // Flink is closed: its unpacked jars are no longer needed, and nobody else removes them
        EngineJvm.deleteTree(temporary);
        // Flink's threads are not all daemons
        System.exit(0);
    }

    private static final long CLOSE_LIMIT_MILLIS = 120_000;

    /**
     * Once the verdict is out nobody waits for this JVM: should closing Flink hang, it removes its
     * temporary files (Flink's unpacked jars, about 70 MB, which nobody else removes once it is
     * gone) and halts rather than stay behind (exit code 1, so the keeper keeps no archive). Started
     * once the answer is out; interrupted when Flink closed in time.
     */
    static Thread closeWatchdog(Path temporary, long limitMillis, IntConsumer halt) {
        Thread watchdog = new Thread(
                () -> {
                    try {
                        Thread.sleep(limitMillis);
                    } catch (InterruptedException closed) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    EngineJvm.deleteTree(temporary);
                    halt.accept(1);
                },
                "cookbook-engine-close-watchdog");
        watchdog.setDaemon(true);
        return watchdog;
    }

    /**
     * The answer goes out once: the verdict as soon as the run has it, or why the run could not
     * end. What fails after that, while the engines close, is no part of it; and the build deletes
     * the file as soon as it read it, so only this JVM's memory knows it was written.
     */
    static final class AnswerFile {

        private final Path file;
        private final Runnable afterwards;
        private boolean written;

        /** @param afterwards what to do once the answer is out */
        AnswerFile(Path file, Runnable afterwards) {
            this.file = file;
            this.afterwards = afterwards;
        }

        /** Writes the answer, unless one was written already. */
        void write(Serializable answer) {
            if (written) {
                return;
            }
            written = true;
            try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(file))) {
                out.writeObject(answer);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            afterwards.run();
        }
    }

    /**
     * Closes the standard streams, each of which then points at /dev/null: the build needs nothing
     * more from this JVM and stops reading it, while this JVM closes Flink and may still write its
     * class-data archive at exit.
     */
    private static void letGo(PrintStream protocol, Thread closeWatchdog) {
        protocol.close();
        System.err.close();
        try {
            System.in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        closeWatchdog.start();
    }

    /** A goal's run, in the engine JVM or the daemon. */
    @FunctionalInterface
    interface Run {
        RunSummary run() throws CookbookException;
    }

    /** What the engine JVM answers. */
    @FunctionalInterface
    interface Answer {
        Serializable get() throws CookbookException;
    }

    /** The verdict of a run, or why it could not run, as values any JVM can read back (no stack of classes it may lack). */
    static Serializable answer(Run run) {
        return answered(() -> run.run().verdict());
    }

    /** The answer, or why there is none, as values any JVM can read back. */
    private static Serializable answered(Answer answer) {
        try {
            return answer.get();
        } catch (CookbookException e) {
            return new CookbookException(e.getMessage(), null);
        } catch (RuntimeException e) {
            return new IllegalStateException(e.getMessage());
        }
    }

    /** Each line of a message as one protocol line ({@link WireLine}) of its level. */
    record ProtocolConsole(PrintStream out) implements Console {

        @Override
        public void info(String message) {
            print(WireLine.Kind.INFO, LogLines.of(message));
        }

        @Override
        public void warn(String message) {
            print(WireLine.Kind.WARN, LogLines.of(message));
        }

        @Override
        public void error(String message) {
            print(WireLine.Kind.ERROR, LogLines.of(message));
        }

        /** Kept as it is (a GitHub annotation), but never more than one protocol line. */
        @Override
        public void raw(String line) {
            print(WireLine.Kind.RAW, List.of(line.replaceAll("[\r\n]", " ")));
        }

        @Override
        public void recipeStarted(String path) {
            print(WireLine.Kind.STARTED, List.of(LogLines.inOneLine(path))); // one line, the same for its S, T and D
        }

        /** The heartbeat: the statement's line, a space, the recipe's path. */
        @Override
        public void statementStarted(String path, int line) {
            print(WireLine.Kind.STATEMENT, List.of(line + " " + LogLines.inOneLine(path)));
        }

        @Override
        public void recipeDone(String path) {
            print(WireLine.Kind.DONE, List.of(LogLines.inOneLine(path)));
        }

        private synchronized void print(WireLine.Kind kind, List<String> lines) {
            lines.forEach(line -> out.println(WireLine.line(kind, line)));
        }
    }
}
