package org.flinkcookbook.process;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Serializable;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.net.ExtendedSocketOptions;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.KeptCluster;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.session.ResultCache;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The engine daemon: an engine JVM that outlives one build, as Gradle's daemon does, so that a
 * {@code verify} after an edit pays for Maven and the changed recipe's jobs, not for a cold JVM, a
 * cold planner and a new cluster. It serves one project directory and one build of the plugin, one
 * request at a time, on a Unix domain socket ({@link DaemonAddress}); each request gets engines of
 * its own (new table environments, new sessions: nothing of one request's SQL is left for the
 * next), which run their jobs on the one cluster it keeps warm and remember statements' results as
 * a watch does ({@link ResultCache}, keyed on everything a result depends on). It ends when idle for
 * its timeout, when the plugin's jars change, or when asked ({@code cookbook:stop}).
 */
public final class EngineDaemon {

    /** Statement results are kept per settings; a project seldom has more than a few. */
    private static final int RESULT_CACHES = 4;

    private static final Duration CHECK = Duration.ofSeconds(1);

    private final Path socket;
    private final Path baseDirectory;
    private final Duration idleTimeout;
    private final List<Path> classPath;
    private final String build;
    private final KeptCluster cluster = new KeptCluster();
    private final Map<String, ResultCache> results = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ResultCache> eldest) {
            return size() > RESULT_CACHES;
        }
    };

    private boolean busy;
    private boolean stopping;
    private long idleSince = System.nanoTime();

    private EngineDaemon(Path socket, Path baseDirectory, Duration idleTimeout) {
        this.socket = socket;
        this.baseDirectory = baseDirectory;
        this.idleTimeout = idleTimeout;
        this.classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .toList();
        this.build = ClassDataArchive.key(classPath);
    }

    /** @param args the socket, the project directory, the idle timeout in seconds */
    public static void main(String[] args) throws IOException {
        // started from a terminal: the user's Ctrl-C stops the build, not the daemon (cookbook:stop does)
        Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        Signal.handle(new Signal("HUP"), SignalHandler.SIG_IGN);
        new EngineDaemon(Path.of(args[0]), Path.of(args[1]), Duration.ofSeconds(Long.parseLong(args[2]))).serve();
    }

    private void serve() throws IOException {
        Files.deleteIfExists(socket);
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            Thread watchdog = new Thread(this::stopWhenIdleOrRebuilt, "cookbook-daemon-idle");
            watchdog.setDaemon(true);
            watchdog.start();
            // the build that started it is waiting: its recipes find the cluster started and the planner warm
            Thread clusterStart = new Thread(cluster::start, "cookbook-daemon-cluster");
            clusterStart.setDaemon(true);
            clusterStart.start();
            FlinkEngine.warmUpPlannerInBackground();
            log("serving " + baseDirectory + " on " + socket);
            while (true) {
                SocketChannel client = server.accept();
                if (!begin()) {
                    client.close();
                    break;
                }
                try (client) {
                    serve(client);
                } catch (IOException | RuntimeException e) {
                    log("a request failed: " + e);
                } catch (Error e) {
                    log("stopping after " + e); // out of memory, say: the next build starts a sound one
                    stop();
                } finally {
                    end();
                }
            }
        }
        stop();
    }

    private synchronized boolean begin() {
        busy = !stopping;
        return busy;
    }

    private synchronized void end() {
        busy = false;
        idleSince = System.nanoTime();
    }

    private void serve(SocketChannel client) throws IOException {
        if (!fromThisUser(client)) {
            log("refused a connection from another user");
            return;
        }
        BufferedReader in =
                new BufferedReader(new InputStreamReader(Channels.newInputStream(client), StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(Channels.newOutputStream(client), true, StandardCharsets.UTF_8);
        out.println(WireLine.line(
                WireLine.Kind.PID, Long.toString(ProcessHandle.current().pid())));
        String line = in.readLine();
        if (line == null) {
            return;
        }
        if (line.equals(WireLine.STOP)) {
            log("stopped by cookbook:stop");
            out.println(WireLine.line(
                    WireLine.Kind.INFO,
                    "Stopped the warm engine of " + baseDirectory + " (process "
                            + ProcessHandle.current().pid() + ")"));
            synchronized (this) {
                stopping = true;
            }
            stop();
            return;
        }
        Serializable answer = answer((GoalRequest) WireLine.decode(line), new EngineJvmMain.ProtocolConsole(out));
        out.println(WireLine.line(WireLine.Kind.ANSWER, WireLine.encode(answer)));
    }

    private Serializable answer(GoalRequest request, Console console) {
        Path requested = request.settings().baseDirectory().toAbsolutePath().normalize();
        if (!requested.equals(baseDirectory.toAbsolutePath().normalize())) {
            return new CookbookException(
                    "the warm engine of " + baseDirectory + " does not run recipes of " + requested
                            + "; run with -Dcookbook.daemon=false",
                    null);
        }
        log("running a request");
        return EngineJvmMain.answer(() -> request.run(
                console, request.everyRecipeOnce(), request.engines().createEngine(resultsFor(request), cluster)));
    }

    /**
     * The statements' results remembered for the request's settings, under their fingerprint; none
     * when the build runs every recipe (cookbook.cache=false, or expected, which has no cache).
     */
    private synchronized ResultCache resultsFor(GoalRequest request) {
        if (request.settings().cache() == null) {
            return ResultCache.none();
        }
        return results.computeIfAbsent(
                request.settings().fingerprint(),
                fingerprint -> new ResultCache(
                        fingerprint, Duration.ofSeconds(request.engines().timeoutSeconds())));
    }

    /** A connection from another user is refused, should the directory's permissions ever let one through. */
    private static boolean fromThisUser(SocketChannel client) {
        try {
            return client.getOption(ExtendedSocketOptions.SO_PEERCRED)
                    .user()
                    .getName()
                    .equals(System.getProperty("user.name"));
        } catch (UnsupportedOperationException | IOException noCredentials) {
            return true; // where the system does not tell, the directory's permissions alone keep others out
        }
    }

    private void stopWhenIdleOrRebuilt() {
        while (true) {
            try {
                Thread.sleep(CHECK.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                if (busy) {
                    continue;
                }
                boolean idle = System.nanoTime() - idleSince > idleTimeout.toNanos();
                boolean rebuilt = !ClassDataArchive.key(classPath).equals(build);
                if (idle || rebuilt) {
                    log(
                            idle
                                    ? "idle for " + idleTimeout.toSeconds() + " s: stopping"
                                    : "the plugin's jars changed: stopping");
                    stopping = true;
                    stop();
                }
            }
        }
    }

    /** No new client finds the socket; the cluster's threads are not all daemons, so the JVM is ended. */
    private void stop() {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the next client finds no daemon behind it, and starts one
        }
        cluster.close();
        System.exit(0);
    }

    private static void log(String message) {
        System.err.println(java.time.Instant.now() + " " + message);
    }
}
