package org.flinkcookbook.process;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunVerdict;

/**
 * Maven's side of the engine daemon ({@link EngineDaemon}): runs a goal's request on the warm
 * engine of this project and build, starting one when none runs, and passes its progress lines to
 * Maven's log as they come. When another build uses it, this build gets no daemon and runs its own
 * engine JVM ({@link EngineJvm}), as it does where no daemon can start.
 */
public final class DaemonClient {

    /** Environment variables that show a CI server: there recipes are strangers', and no process may stay behind. */
    private static final List<String> CI_VARIABLES = List.of(
            "CI",
            "GITHUB_ACTIONS",
            "JENKINS_URL",
            "GITLAB_CI",
            "BUILDKITE",
            "TF_BUILD",
            "CIRCLECI",
            "TRAVIS",
            "TEAMCITY_VERSION",
            "BITBUCKET_BUILD_NUMBER",
            "CODEBUILD_BUILD_ID",
            "APPVEYOR",
            "DRONE",
            "BUILD_ID");

    /** A cold JVM on a loaded machine binds its socket within seconds; beyond this it is taken for failed. */
    private static final Duration START = Duration.ofSeconds(60);

    private static final Duration POLL = Duration.ofMillis(25);

    private static final String SHELL = "/bin/sh";

    /** Runs its arguments after the first (the log) in the background, input from /dev/null, and says the process id. */
    private static final String IN_THE_BACKGROUND = "log=$1; shift; \"$@\" </dev/null >\"$log\" 2>&1 & echo $!";

    /** A daemon takes a connection at once when it is free; one that does not within this is busy or stuck. */
    private static final Duration ANSWER = Duration.ofSeconds(30);

    private DaemonClient() {}

    /** Whether a build uses the daemon when cookbook.daemon is not set: not on a CI server. */
    public static boolean onByDefault(Map<String, String> environment) {
        return CI_VARIABLES.stream()
                .map(environment::get)
                .noneMatch(value -> value != null && !value.isBlank() && !value.equalsIgnoreCase("false"));
    }

    /**
     * Runs the request on the daemon of its project and build, started now when none runs.
     *
     * @param classPath the plugin's jars and their dependencies
     * @param archiveDirectory where the engine JVM's class-data archive is kept, or null for none
     * @return the verdict, or empty when this build must run its own engine JVM (another build uses
     *     the daemon, or none can start here)
     */
    public static Optional<RunVerdict> run(
            GoalRequest request, List<Path> classPath, Path archiveDirectory, Duration idleTimeout, Console console)
            throws CookbookException {
        return exchange(request, classPath, EngineJvm.daemonFlags(classPath, archiveDirectory), idleTimeout, console)
                .map(DaemonRun::verdict);
    }

    /** One run on the daemon, and the daemon's process id. */
    record DaemonRun(RunVerdict verdict, long pid) {}

    static Optional<DaemonRun> exchange(
            GoalRequest request, List<Path> classPath, List<String> flags, Duration idleTimeout, Console console)
            throws CookbookException {
        Path baseDirectory = request.settings().baseDirectory();
        DaemonAddress address;
        try {
            address = DaemonAddress.of(baseDirectory, buildKey(classPath, flags));
        } catch (IOException e) {
            console.warn("No warm engine (" + e.getMessage() + "): this build starts an engine JVM of its own");
            return Optional.empty();
        }
        try (FileChannel lockFile =
                        FileChannel.open(address.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = tryLock(lockFile)) {
            if (lock == null) {
                console.info("Another build is using the warm engine: this one starts an engine JVM of its own");
                return Optional.empty();
            }
            // a daemon that stopped as this build connected (idle) closes without a word: one more start
            for (int attempt = 0; attempt < 2; attempt++) {
                SocketChannel channel = connectOrStart(address, baseDirectory, classPath, flags, idleTimeout, console);
                if (channel == null) {
                    return Optional.empty();
                }
                Optional<DaemonRun> run = exchange(channel, request, address, console);
                if (run.isPresent()) {
                    return run;
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            console.warn(
                    "The warm engine cannot run (" + e.getMessage() + "): this build starts an engine JVM of its own");
            return Optional.empty();
        }
    }

    /** Stops the daemons of this project, of any build; says how many ran. */
    public static void stop(Path baseDirectory, Console console) throws CookbookException {
        int stopped = 0;
        try (DirectoryStream<Path> sockets =
                Files.newDirectoryStream(DaemonAddress.userDirectory(), DaemonAddress.socketsOf(baseDirectory))) {
            for (Path socket : sockets) {
                try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                    PrintStream out = new PrintStream(Channels.newOutputStream(channel), true, StandardCharsets.UTF_8);
                    out.println(WireLine.STOP);
                    BufferedReader in = reader(channel);
                    // a daemon busy with a build stops when it is done with it
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        WireLine.read(line)
                                .filter(said -> said.kind() == WireLine.Kind.INFO)
                                .ifPresent(said -> console.info(said.text()));
                    }
                    stopped++;
                } catch (IOException gone) {
                    Files.deleteIfExists(socket); // its daemon died without removing it
                }
            }
        } catch (IOException e) {
            throw new CookbookException("cannot stop the warm engine: " + e.getMessage(), e);
        }
        if (stopped == 0) {
            console.info("No warm engine runs for " + baseDirectory);
        }
    }

    private static FileLock tryLock(FileChannel lockFile) throws IOException {
        try {
            return lockFile.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
            return null; // another module of a parallel build in this JVM holds it
        }
    }

    /**
     * The request on the daemon: its progress lines to the console, a recipe's start and end to the
     * hard timeout. Empty when the daemon closed before it said who it is (it was stopping).
     */
    private static Optional<DaemonRun> exchange(
            SocketChannel channel, GoalRequest request, DaemonAddress address, Console console)
            throws IOException, CookbookException {
        Long pid = null;
        Object answer = null;
        Thread stopWithMaven = null;
        try (channel;
                HardTimeout hardTimeout =
                        HardTimeout.forRecipes(request.engines().timeoutSeconds())) {
            PrintStream out = new PrintStream(Channels.newOutputStream(channel), true, StandardCharsets.UTF_8);
            out.println(WireLine.encode(request));
            BufferedReader in = reader(channel);
            for (String line = firstLine(in, channel); line != null; line = in.readLine()) {
                Optional<WireLine> wire = WireLine.read(line);
                WireLine.Kind kind = wire.map(WireLine::kind).orElse(null);
                if (kind == WireLine.Kind.PID) {
                    pid = Long.valueOf(wire.get().text());
                    ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow(() -> new IOException("the daemon ended"));
                    hardTimeout.watch(daemon);
                    // Maven stopped (Ctrl-C) mid-run: the daemon's run is stopped with it, as the engine JVM's would be
                    stopWithMaven = new Thread(() -> HardTimeout.kill(daemon), "cookbook-daemon-stop");
                    Runtime.getRuntime().addShutdownHook(stopWithMaven);
                } else if (kind == WireLine.Kind.ANSWER) {
                    answer = WireLine.decode(wire.get().text());
                } else {
                    EngineJvm.progress(line, console, hardTimeout);
                }
            }
            if (hardTimeout.overran().isPresent()) {
                EngineJvm.stopAndRemove(ProcessHandle.of(pid).orElse(null), address.temporary());
                throw new CookbookException(hardTimeout.overran().get(), null);
            }
        } finally {
            if (stopWithMaven != null) {
                EngineJvm.removeHook(stopWithMaven);
            }
        }
        if (pid == null) {
            return Optional.empty();
        }
        if (answer == null) {
            throw new CookbookException(
                    "the warm engine (process " + pid + ") stopped before the run ended; its log is " + address.log()
                            + "\nrun with -Dcookbook.daemon=false to run the recipes in an engine JVM of their own",
                    null);
        }
        return Optional.of(new DaemonRun((RunVerdict) EngineJvm.verdict(answer), pid));
    }

    /** The running daemon, or a new one once it listens; null when none could start (said on the console). */
    private static SocketChannel connectOrStart(
            DaemonAddress address,
            Path baseDirectory,
            List<Path> classPath,
            List<String> flags,
            Duration idleTimeout,
            Console console)
            throws IOException {
        Optional<SocketChannel> running = connect(address.socket());
        if (running.isPresent()) {
            return running.get();
        }
        Files.deleteIfExists(address.socket()); // a daemon killed before it could remove it
        ProcessHandle daemon = start(address, baseDirectory, classPath, flags, idleTimeout);
        long until = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < until) {
            Optional<SocketChannel> started = connect(address.socket());
            if (started.isPresent()) {
                console.info("Started a warm engine for this project (process " + daemon.pid() + "); it stops after "
                        + idleTimeout.toSeconds() + " s idle or with mvn cookbook:stop");
                return started.get();
            }
            if (!daemon.isAlive()) {
                break;
            }
            sleep();
        }
        HardTimeout.kill(daemon);
        console.warn("The warm engine did not start (see " + address.log()
                + "): this build starts an engine JVM of its own");
        return null;
    }

    private static Optional<SocketChannel> connect(Path socket) {
        if (!Files.exists(socket)) {
            return Optional.empty();
        }
        try {
            return Optional.of(SocketChannel.open(UnixDomainSocketAddress.of(socket)));
        } catch (IOException notListening) {
            return Optional.empty();
        }
    }

    /**
     * Detached from the build: no input, its output in its log (a build whose output is captured
     * must not wait for it), in a session of its own where setsid exists, so that the terminal's
     * Ctrl-C reaches the build and not the daemon. A shell starts it in the background, says its
     * process id and exits, so that the daemon is no child of Maven's JVM: a child keeps a thread of
     * that JVM waiting for it in native code, and a JVM on its way out waits up to 300 ms for such
     * threads (measured: the build that started the daemon ended 0.3 s after its verdict). Without a
     * shell the daemon is started as a child.
     */
    private static ProcessHandle start(
            DaemonAddress address, Path baseDirectory, List<Path> classPath, List<String> flags, Duration idleTimeout)
            throws IOException {
        // a daemon killed before it could stop left Flink's unpacked jars there: no daemon uses them now
        EngineJvm.deleteTree(address.temporary());
        Files.createDirectories(address.temporary());
        List<String> daemon = new ArrayList<>();
        setsid().ifPresent(daemon::add);
        daemon.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        daemon.addAll(flags);
        daemon.add("-Djava.io.tmpdir=" + address.temporary());
        daemon.add("-cp");
        daemon.add(classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        daemon.add(EngineDaemon.class.getName());
        daemon.add(address.socket().toString());
        daemon.add(baseDirectory.toAbsolutePath().normalize().toString());
        daemon.add(Long.toString(idleTimeout.toSeconds()));
        if (!Files.isExecutable(Path.of(SHELL))) {
            return new ProcessBuilder(daemon)
                    .directory(baseDirectory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.to(address.log().toFile()))
                    .redirectErrorStream(true)
                    .start()
                    .toHandle();
        }
        List<String> command = new ArrayList<>(
                List.of(SHELL, "-c", IN_THE_BACKGROUND, "sh", address.log().toString()));
        command.addAll(daemon); // as arguments, never as shell text: no path is quoted
        Process shell = new ProcessBuilder(command)
                .directory(baseDirectory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .start();
        String said = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            shell.waitFor();
            return ProcessHandle.of(Long.parseLong(said))
                    .orElseThrow(() -> new IOException("the warm engine ended as it started; see " + address.log()));
        } catch (NumberFormatException e) {
            throw new IOException("cannot start the warm engine: " + said, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the warm engine started", e);
        }
    }

    private static Optional<String> setsid() {
        return List.of("/usr/bin/setsid", "/bin/setsid").stream()
                .filter(path -> Files.isExecutable(Path.of(path)))
                .findFirst();
    }

    /**
     * What the daemon is built from: another plugin build, JVM or flag is another daemon. The
     * settings of a request make its engines, built for it alone, and key the results it remembers.
     */
    static String buildKey(List<Path> classPath, List<String> flags) {
        return ClassDataArchive.key(classPath) + "\n" + String.join(" ", flags);
    }

    /**
     * The daemon's first line, its process id, which it says as it takes the connection: a daemon
     * that does not take it (still busy with a build that was killed) is given up, and this build
     * runs its own engine JVM.
     */
    private static String firstLine(BufferedReader in, SocketChannel channel) throws IOException {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return in.readLine();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                runnable -> {
                    Thread reader = new Thread(runnable, "cookbook-daemon-answer");
                    reader.setDaemon(true);
                    reader.start();
                });
        try {
            return line.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            channel.close();
            throw new IOException("it does not answer within " + ANSWER.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static BufferedReader reader(SocketChannel channel) {
        return new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
