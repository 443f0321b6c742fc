package org.flinkcookbook.maven;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.process.DaemonClient;
import org.flinkcookbook.process.EngineJvm;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunVerdict;
import org.slf4j.LoggerFactory;

/**
 * The parameters of the goals that run recipes on Flink (verify, and expected and watch unless
 * cookbook.engine=simulator), which the simulator has no use for, and how such a goal runs Flink:
 * in the engine JVM, on the warm engine, or in Maven's JVM.
 */
abstract class AbstractFlinkMojo extends AbstractCookbookMojo {

    /** Lets Flink log at INFO into the build output, stack traces and recipe text included; off by default. */
    @Parameter(property = "cookbook.flinkLogs", defaultValue = "false")
    private boolean flinkLogs;

    /** host:port of a Flink session cluster's REST endpoint to run the jobs on; blank runs an embedded cluster. */
    @Parameter(property = "cookbook.flink.address", defaultValue = "")
    private String flinkAddress;

    /** Runs Flink in a JVM of its own with flags that start it faster (C1 only, a class-data archive); false runs it in Maven's. */
    @Parameter(property = "cookbook.fork", defaultValue = "true")
    private boolean fork;

    /** Where the Flink JVM keeps its class-data-sharing archive (written by the first run) and a stored copy of Flink's inner jars; blank for none. */
    @Parameter(
            property = "cookbook.classDataDirectory",
            defaultValue = "${settings.localRepository}/.cache/cookbook-maven-plugin")
    private String classDataDirectory;

    /** Keeps the Flink JVM warm between builds of this project (a daemon): on by default, off when an environment variable shows CI. */
    @Parameter(property = "cookbook.daemon")
    private Boolean daemon;

    /** Seconds the warm Flink JVM (cookbook.daemon) waits for the next build before it stops. */
    @Parameter(property = "cookbook.daemonIdleTimeout", defaultValue = "" + DEFAULT_IDLE_TIMEOUT)
    private int daemonIdleTimeout;

    private static final int DEFAULT_IDLE_TIMEOUT = 180;

    /** Its defaults stand here as in the parameters' declarations: a value away from them was asked for. */
    @Override
    List<String> flinkParametersSet() {
        List<String> set = new ArrayList<>();
        if (flinkLogs) {
            set.add("cookbook.flinkLogs=true");
        }
        if (flinkAddress() != null) {
            set.add("cookbook.flink.address=" + flinkAddress());
        }
        if (!fork) {
            set.add("cookbook.fork=false");
        }
        if (daemon != null) {
            set.add("cookbook.daemon=" + daemon);
        }
        if (daemonIdleTimeout != DEFAULT_IDLE_TIMEOUT) {
            set.add("cookbook.daemonIdleTimeout=" + daemonIdleTimeout);
        }
        return set;
    }

    @Override
    boolean flinkLogs() {
        return flinkLogs;
    }

    @Override
    String flinkAddress() {
        return flinkAddress == null || flinkAddress.isBlank() ? null : flinkAddress.strip();
    }

    /**
     * Runs on Flink in the engine JVM; Flink's logs (cookbook.flinkLogs) need Maven's logger, so they
     * keep it here, as does a run whose every recipe is reported from the cache (no JVM to start).
     */
    @Override
    final RunVerdict run(GoalRequest request, MavenConsole console) throws CookbookException {
        if (!forks() || flinkLogs || !request.engines().onFlink() || request.runsNoRecipe()) {
            return super.run(request, console);
        }
        Path archiveDirectory =
                classDataDirectory == null || classDataDirectory.isBlank() ? null : Path.of(classDataDirectory);
        List<Path> classPath = EngineJvm.classPath(pluginJars(), archiveDirectory);
        boolean warm = daemon != null ? daemon : DaemonClient.onByDefault(System.getenv());
        Optional<RunVerdict> onDaemon = warm
                ? DaemonClient.run(request, classPath, archiveDirectory, Duration.ofSeconds(daemonIdleTimeout), console)
                : Optional.empty();
        return onDaemon.isPresent() ? onDaemon.get() : EngineJvm.run(request, classPath, archiveDirectory, console);
    }

    /** Whether this goal may run in the engine JVM. */
    boolean forks() {
        return fork;
    }

    /** The plugin's jars, and SLF4J's API, which Flink logs through and Maven provides to plugins. */
    private List<Path> pluginJars() throws CookbookException {
        List<Path> classPath = new ArrayList<>();
        try {
            for (URL url : plugin().getClassRealm().getURLs()) {
                classPath.add(Path.of(url.toURI()));
            }
            classPath.add(Path.of(LoggerFactory.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (URISyntaxException e) {
            throw new CookbookException("cannot find the plugin's jars for the Flink JVM: " + e.getMessage(), e);
        }
        return classPath;
    }
}
