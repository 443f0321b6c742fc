import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * A Flink session cluster in a JVM of its own, built only from Flink jars on Maven Central (no
 * flink-dist, none of the plugin's classes): its REST endpoint on loopback takes job submissions
 * as a standalone cluster's does. Writes the REST port to the file named by the first argument,
 * and stops when its standard input closes (the build that started it ended or closed it), or
 * after ten minutes at most.
 *
 * <p>Run as a single source file: {@code java -cp FLINK_JARS SessionCluster.java PORT_FILE}.
 */
public class SessionCluster {

    private static final long MAX_LIFETIME_MILLIS = 10 * 60 * 1000;

    public static void main(String[] args) throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        configuration.set(RestOptions.ADDRESS, "127.0.0.1");
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumSlotsPerTaskManager(2)
                .withRandomPorts()
                .build());
        cluster.start();
        URI rest = cluster.getRestAddress().get();
        Path portFile = Path.of(args[0]);
        Path written = Files.writeString(
                portFile.resolveSibling(portFile.getFileName() + ".tmp"), String.valueOf(rest.getPort()));
        Files.move(written, portFile, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("Flink session cluster listening at " + rest);

        Thread deadline = new Thread(() -> {
            try {
                Thread.sleep(MAX_LIFETIME_MILLIS);
                System.out.println("Stopping after the maximum lifetime");
                System.exit(1);
            } catch (InterruptedException stopped) {
                // the cluster stops normally
            }
        });
        deadline.setDaemon(true);
        deadline.start();
        while (System.in.read() != -1) {
            // wait for end of input
        }
        System.out.println("Stopping");
        cluster.close();
        System.exit(0);
    }
}
