package org.flinkcookbook.maven;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.eclipse.aether.RepositorySystem;
import org.flinkcookbook.process.DaemonClient;
import org.flinkcookbook.process.EngineJvm;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunVerdict;
import org.flinkcookbook.run.VersionPlanning;
import org.flinkcookbook.versions.FlinkVersion;
import org.flinkcookbook.versions.VersionResults;
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

    /** Resolves the Flink versions of cookbook.flinkVersions. */
    @Component
    private RepositorySystem repositorySystem;

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
    final RunVerdict run(GoalRequest asked, MavenConsole console) throws CookbookException {
        Path archiveDirectory =
                classDataDirectory == null || classDataDirectory.isBlank() ? null : Path.of(classDataDirectory);
        GoalRequest request = asked.withVersions(planOnListedVersions(asked, archiveDirectory, console));
        if (!forks() || flinkLogs || !request.engines().onFlink() || request.runsNoRecipe()) {
            return super.run(request, console);
        }
        List<Path> classPath = EngineJvm.classPath(pluginJars(), archiveDirectory);
        boolean warm = daemon != null ? daemon : DaemonClient.onByDefault(System.getenv());
        Optional<RunVerdict> onDaemon = warm
                ? DaemonClient.run(request, classPath, archiveDirectory, Duration.ofSeconds(daemonIdleTimeout), console)
                : Optional.empty();
        return onDaemon.isPresent() ? onDaemon.get() : EngineJvm.run(request, classPath, archiveDirectory, console);
    }

    /** The Flink versions to plan every recipe on besides the plugin's own (cookbook.flinkVersions); blank for none. */
    String flinkVersions() {
        return "";
    }

    /**
     * Plans every selected recipe on each version cookbook.flinkVersions lists, oldest first, each in
     * an engine JVM whose class path is that version's Flink, resolved through Maven's resolver.
     */
    private VersionResults planOnListedVersions(GoalRequest request, Path archiveDirectory, MavenConsole console)
            throws CookbookException {
        VersionResults all = VersionResults.none();
        List<FlinkVersion> versions = listedVersions();
        if (versions.isEmpty()) {
            return all;
        }
        FlinkResolver resolver = new FlinkResolver(
                repositorySystem,
                session().getRepositorySession(),
                session().getCurrentProject().getRemoteProjectRepositories());
        List<Path> pluginJars = pluginJars();
        for (FlinkVersion version : versions) {
            long start = System.nanoTime();
            List<Path> classPath = resolver.classPath(version.text(), plugin().getArtifacts(), pluginJars);
            VersionResults planned = EngineJvm.plan(
                    new VersionPlanning.Request(
                            version.text(),
                            request.settings().baseDirectory().toString(),
                            request.settings().recipesDirectory().toString(),
                            request.settings().fixturesDirectory().toString(),
                            request.settings().recipeFilter(),
                            List.copyOf(request.settings().allowedFunctions()),
                            request.settings().writtenDirectories().stream()
                                    .map(Path::toString)
                                    .toList(),
                            request.engines().timeoutSeconds()),
                    EngineJvm.classPath(classPath, archiveDirectory),
                    console);
            console.info(String.format(
                    Locale.ROOT,
                    "Planned on Flink %s (cookbook.flinkVersions): %s (%.1f s)",
                    version,
                    planned.tally(),
                    (System.nanoTime() - start) / 1e9));
            all.addAll(planned);
        }
        return all;
    }

    /** cookbook.flinkVersions, oldest first, each once. */
    private List<FlinkVersion> listedVersions() throws CookbookException {
        String listed = flinkVersions();
        if (listed == null || listed.isBlank()) {
            return List.of();
        }
        try {
            return Arrays.stream(listed.split(","))
                    .map(String::strip)
                    .filter(version -> !version.isEmpty())
                    .map(FlinkVersion::of)
                    .distinct()
                    .sorted()
                    .toList();
        } catch (IllegalArgumentException e) {
            throw new CookbookException("cookbook.flinkVersions: " + e.getMessage(), e);
        }
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
