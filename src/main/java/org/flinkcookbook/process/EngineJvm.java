package org.flinkcookbook.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunVerdict;
import org.flinkcookbook.run.VersionPlanning;
import org.flinkcookbook.versions.VersionResults;

/**
 * Runs a goal in a JVM of its own, as Surefire forks its tests: Maven's JVM carries whatever flags
 * the user's build gives it (an upstream cookbook has no {@code .mvn/jvm.config}), while Flink's
 * start-up is mostly class loading and the first compilations, which the engine JVM's own flags
 * make cheaper: C1 only, the serial collector, and a class-data-sharing archive
 * ({@link ClassDataArchive}). Its progress lines come back as they are printed; the verdict comes
 * back in a file, before it closes Flink: the build ends with the verdict, and the engine JVM
 * exits on its own soon after (or is stopped with Maven's JVM before it answered).
 */
public final class EngineJvm {

    /**
     * C1 only: Flink's start-up runs a great deal of code a few times, which C2 would compile at a
     * cost that never pays back in a run of seconds. A metaspace threshold above what a run loads
     * besides its class-data archive (about 25 MB): the default 21 MB cost a full collection in
     * every cold run. The code cache tiered compilation would have: C1 only gets 48 MB, which the
     * generated code of hundreds of jobs fills before a collection unloads their classes (a test JVM
     * did, and its compiler stopped), and the warm engine runs job after job. No performance
     * counters (nobody reads them). No unified logging: a refused archive is not worth a warning in
     * the build output.
     */
    private static final List<String> FLAGS = List.of(
            "-XX:TieredStopAtLevel=1",
            "-XX:ReservedCodeCacheSize=240m",
            "-XX:+UseSerialGC",
            "-XX:MetaspaceSize=256m",
            "-XX:-UsePerfData",
            "-Xshare:auto",
            "-Xlog:disable");

    /**
     * A young generation of 32 MB, collected often and cheaply, instead of the hundreds of MB a cold run
     * would allocate into fresh memory before its verdict: the first touch of a page is what costs (on
     * the project's 2-core VM about 4 ms of CPU per MB, measured: more than the collections it spares).
     * Not for the daemon, which keeps what it touched between builds anyway.
     */
    private static final String HEAP = "-Xmn32m";

    /**
     * One C1 thread on a machine of two cores or fewer, where the start-up already keeps every core
     * busy and a second compiler thread takes its time from the planner's warm-up (measured on 2
     * cores: a cold one-result recipe answers 0.2 s sooner with 0.2 s less CPU, lower in each of
     * eight pairs; the late-data lab 0.3 s sooner). With more cores the JVM's own count is better.
     */
    private static final String ONE_COMPILER_THREAD = "-XX:CICompilerCount=1";

    /** Lines of the engine JVM's error output kept for the message when it stops without a verdict. */
    private static final int ERROR_LINES_KEPT = 20;

    private EngineJvm() {}

    /**
     * The engine JVM's class path: the plugin's jars, after the copy of Flink's inner jars that
     * spares each start inflating them ({@link StoredNestedJars}), kept in {@code cacheDirectory}
     * beside the class-data archive (none when it is null).
     */
    public static List<Path> classPath(List<Path> pluginJars, Path cacheDirectory) {
        return StoredNestedJars.first(pluginJars, cacheDirectory);
    }

    /** The engine daemon's flags: the engine JVM's, and its class-data archive when one was written (a daemon writes none). */
    static List<String> daemonFlags(List<Path> classPath, Path archiveDirectory) {
        List<String> flags = flags(Runtime.getRuntime().availableProcessors());
        flags.addAll(ClassDataArchive.in(archiveDirectory, classPath).mapped());
        return flags;
    }

    /** The engine JVM's flags (the daemon's too) on a machine of {@code processors} cores. */
    static List<String> flags(int processors) {
        List<String> flags = new ArrayList<>(FLAGS);
        if (processors <= 2) {
            flags.add(ONE_COMPILER_THREAD);
        }
        return flags;
    }

    /**
     * @param classPath the plugin's jars and their dependencies
     * @param archiveDirectory where the class-data archive is kept, or null to run without one
     */
    public static RunVerdict run(GoalRequest request, List<Path> classPath, Path archiveDirectory, Console console)
            throws CookbookException {
        return (RunVerdict) answer(
                request,
                request.engines().timeoutSeconds(),
                classPath,
                ClassDataArchive.in(archiveDirectory, classPath),
                console);
    }

    /**
     * Plans every recipe on another Flink version (cookbook.flinkVersions) in an engine JVM whose
     * class path is that version's Flink and the plugin's planning path, without a class-data
     * archive (one per version would cost a keeper's 20 to 30 s of CPU beside the build).
     *
     * @param classPath that version's Flink jars, then the plugin's jars without its own Flink
     */
    public static VersionResults plan(VersionPlanning.Request request, List<Path> classPath, Console console)
            throws CookbookException {
        return (VersionResults)
                answer(request, request.timeoutSeconds(), classPath, ClassDataArchive.in(null, classPath), console);
    }

    /** Runs the request in an engine JVM: its answer, or the exception that stopped it, thrown. */
    private static Object answer(
            Serializable request, int timeoutSeconds, List<Path> classPath, ClassDataArchive archive, Console console)
            throws CookbookException {
        Path exchange = null;
        Path temporary = null;
        Process process = null;
        Thread stopWithMaven = null;
        boolean answered = false;
        try (HardTimeout hardTimeout = HardTimeout.forRecipes(timeoutSeconds)) {
            exchange = Files.createTempDirectory("cookbook-engine");
            Path requestFile = exchange.resolve("request");
            Path answerFile = exchange.resolve("answer");
            try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(requestFile))) {
                out.writeObject(request);
            }
            List<String> jvm = new ArrayList<>();
            jvm.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            jvm.addAll(flags(Runtime.getRuntime().availableProcessors()));
            jvm.add(HEAP);
            // Flink unpacks about 70 MB of jars there: removed by the engine JVM as it ends, or here when it is killed
            temporary = Files.createTempDirectory("cookbook-engine-tmp");
            jvm.add("-Djava.io.tmpdir=" + temporary);
            process = new ProcessBuilder(archive.command(
                            jvm,
                            classPath.stream()
                                    .map(Path::toString)
                                    .collect(Collectors.joining(java.io.File.pathSeparator)),
                            List.of(
                                    EngineJvmMain.class.getName(),
                                    requestFile.toString(),
                                    answerFile.toString(),
                                    temporary.toString())))
                    .start();
            Process started = process;
            stopWithMaven = new Thread(() -> HardTimeout.kill(started.toHandle()), "cookbook-engine-jvm-stop");
            Runtime.getRuntime().addShutdownHook(stopWithMaven);
            Deque<String> errorLines = new ArrayDeque<>();
            Thread errors = new Thread(
                    () -> forEachLine(started.getErrorStream(), line -> keepLast(errorLines, line, console)),
                    "cookbook-engine-jvm-errors");
            errors.setDaemon(true);
            errors.start();
            hardTimeout.watch(process.toHandle());
            forEachLine(process.getInputStream(), line -> progress(line, console, hardTimeout));
            errors.join();
            if (hardTimeout.overran().isPresent()) {
                throw new CookbookException(hardTimeout.overran().get(), null);
            }
            if (Files.isRegularFile(answerFile)) {
                // it closes Flink and exits (the keeper keeps the archive it writes) without the build waiting
                answered = true;
                return answer(answerFile, 0, errorLines);
            }
            return answer(answerFile, process.waitFor(), errorLines);
        } catch (IOException | UncheckedIOException e) {
            throw new CookbookException("cannot run the engine JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CookbookException("interrupted while the recipes ran", e);
        } finally {
            if (!answered) {
                stopAndRemove(process == null ? null : process.toHandle(), temporary);
            }
            if (stopWithMaven != null) {
                removeHook(stopWithMaven);
            }
            deleteTree(exchange);
        }
    }

    /**
     * An engine JVM or warm engine that gave no answer (killed by the hard timeout, or dead):
     * stopped with its children (the keeper's engine JVM too, when it started one), and once they are gone, its temporary files removed, which it
     * cannot remove itself.
     */
    static void stopAndRemove(ProcessHandle process, Path temporary) {
        if (process != null) {
            List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
            all.add(process);
            HardTimeout.kill(process);
            for (ProcessHandle handle : all) {
                try {
                    handle.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    // removed all the same: what it still writes is left
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        deleteTree(temporary);
    }

    private static Object answer(Path answerFile, int exitCode, Deque<String> errorLines)
            throws IOException, CookbookException {
        if (!Files.isRegularFile(answerFile)) {
            throw new CookbookException(
                    "the engine JVM stopped (exit code " + exitCode + ") before the run ended"
                            + (errorLines.isEmpty() ? "" : ":\n" + String.join("\n", errorLines))
                            + "\nrun with -Dcookbook.fork=false to run the recipes in Maven's JVM",
                    null);
        }
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(answerFile))) {
            return verdict(in.readObject());
        } catch (ClassNotFoundException e) {
            throw new IOException("unreadable answer: " + e.getMessage(), e);
        }
    }

    /** The engine JVM's answer (the run's verdict, a version's results), or the exception that stopped the run. */
    static Object verdict(Object answer) throws CookbookException {
        if (answer instanceof CookbookException cannotRun) {
            throw cannotRun;
        }
        if (answer instanceof RuntimeException failed) {
            throw failed;
        }
        return answer;
    }

    /**
     * A progress line goes to the console at its level, a recipe's start or end to the hard
     * timeout; anything else was printed by a library (what a recipe gave it may be in it: a value,
     * a file name), and is shown as a line of the log, never as a raw line that could start a
     * workflow command or carry an escape sequence.
     */
    static void progress(String line, Console console, HardTimeout hardTimeout) {
        Optional<WireLine> wire = WireLine.read(line);
        if (wire.isEmpty()) {
            console.info(line);
            return;
        }
        if (hardTimeout.consumed(wire.get())) {
            return;
        }
        String text = wire.get().text();
        switch (wire.get().kind()) {
            case WARN -> console.warn(text);
            case ERROR -> console.error(text);
            case RAW -> console.raw(text);
            default -> console.info(text);
        }
    }

    /** SLF4J's notice that it has no logger to bind is noise: Flink's logs are off unless cookbook.flinkLogs, which runs in Maven's JVM. */
    private static void keepLast(Deque<String> lines, String line, Console console) {
        if (line.startsWith("SLF4J:")) {
            return;
        }
        console.info(line); // a library's line, as in progress: never raw
        synchronized (lines) {
            lines.addLast(line);
            if (lines.size() > ERROR_LINES_KEPT) {
                lines.removeFirst();
            }
        }
    }

    static void forEachLine(InputStream stream, Consumer<String> action) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            reader.lines().forEach(action);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it stops the engine JVM
        }
    }

    static void deleteTree(Path directory) {
        if (directory == null) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
