package org.flinkcookbook.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.maven.artifact.Artifact;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.DependencyFilter;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.flinkcookbook.run.CookbookException;

/**
 * Resolves another Flink version's jars for cookbook.flinkVersions through Maven's own resolver:
 * the project's repositories and local repository, nothing bundled; offline once they are there.
 * The engine JVM of that version gets them first on its class path, then the plugin's own jars
 * without the plugin's Flink (its SQL parser stays: the planner loader hides its own Calcite).
 */
final class FlinkResolver {

    private static final String FLINK = "org.apache.flink";

    /** What planning a recipe needs of Flink, as the plugin's own POM lists it; the resolver adds what they need. */
    private static final List<String> ARTIFACTS = List.of(
            "flink-table-planner-loader",
            "flink-table-runtime",
            "flink-table-api-java-bridge",
            "flink-clients",
            "flink-connector-files",
            "flink-csv");

    /** The plugin's own parser of Flink SQL, which every engine JVM keeps (statements are split and guarded with it). */
    private static final String OWN_PARSER = "flink-sql-parser";

    /** A compile or runtime dependency: what a class path holds. */
    private static final DependencyFilter CLASS_PATH = (node, parents) -> node.getDependency() == null
            || Set.of("compile", "runtime").contains(node.getDependency().getScope());

    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;

    FlinkResolver(RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories) {
        this.system = system;
        this.session = session;
        this.repositories = List.copyOf(repositories);
    }

    /**
     * The class path of the engine JVM that plans on Flink {@code version}: its jars first, then the
     * plugin's, less the plugin's own Flink and any library the version brings in its own version.
     *
     * @param pluginArtifacts the plugin and its dependencies
     * @param pluginJars the plugin's class path, in order
     */
    List<Path> classPath(String version, List<Artifact> pluginArtifacts, List<Path> pluginJars)
            throws CookbookException {
        List<Path> classPath = new ArrayList<>();
        Set<String> brought = new HashSet<>();
        for (ArtifactResult result : resolve(version)) {
            org.eclipse.aether.artifact.Artifact jar = result.getArtifact();
            classPath.add(jar.getFile().toPath());
            brought.add(jar.getGroupId() + ":" + jar.getArtifactId());
        }
        Set<Path> left = new HashSet<>();
        for (Artifact artifact : pluginArtifacts) {
            boolean ownFlink = artifact.getGroupId().equals(FLINK)
                    && !artifact.getArtifactId().equals(OWN_PARSER);
            if (artifact.getFile() != null
                    && (ownFlink || brought.contains(artifact.getGroupId() + ":" + artifact.getArtifactId()))) {
                left.add(artifact.getFile().toPath().toAbsolutePath().normalize());
            }
        }
        pluginJars.stream()
                .filter(jar -> !left.contains(jar.toAbsolutePath().normalize()))
                .forEach(classPath::add);
        return classPath;
    }

    private List<ArtifactResult> resolve(String version) throws CookbookException {
        CollectRequest collect = new CollectRequest();
        ARTIFACTS.forEach(artifact ->
                collect.addDependency(new Dependency(new DefaultArtifact(FLINK, artifact, "jar", version), "runtime")));
        collect.setRepositories(repositories);
        try {
            return system.resolveDependencies(session, new DependencyRequest(collect, CLASS_PATH))
                    .getArtifactResults();
        } catch (DependencyResolutionException e) {
            throw new CookbookException(
                    "cannot resolve Flink " + version + " for cookbook.flinkVersions: " + e.getMessage()
                            + "\nlist versions Maven Central has (such as 1.19.3, 1.20.3, 2.0.0, 2.1.1, 2.2.0), "
                            + "and run once without -o to download them",
                    e);
        }
    }
}
