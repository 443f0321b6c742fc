package org.flinkcookbook.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.flinkcookbook.process.DaemonClient;
import org.flinkcookbook.run.CookbookException;

/** Stops the warm Flink JVM that verify and expected keep for this project between builds (cookbook.daemon). */
@Mojo(name = "stop", requiresProject = false, threadSafe = true)
public class StopMojo extends AbstractMojo {

    /** The project directory whose warm Flink JVM is stopped. */
    @Parameter(defaultValue = "${basedir}", readonly = true, required = true)
    private File baseDirectory;

    @Override
    public void execute() throws MojoExecutionException {
        try {
            DaemonClient.stop(baseDirectory.toPath(), new MavenConsole(getLog()));
        } catch (CookbookException e) {
            throw MavenFailures.safe(new MojoExecutionException(e.getMessage(), e));
        }
    }
}
