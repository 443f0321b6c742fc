package org.flinkcookbook.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.executors.RemoteExecutor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * A Flink session cluster the user already runs, reached through its REST endpoint: jobs are
 * submitted there by Flink's own remote executor, the way {@code flink run} submits them.
 *
 * <p>Late-row counts are not available: Flink counts them in an operator metric that lives only
 * while the task runs, and its REST metric store is a snapshot refreshed every
 * {@code metrics.fetcher.update-interval} (10 s by default), so a count read there after the job
 * can be short by the rows dropped since the last refresh. No count is better than a wrong one.
 */
final class RemoteCluster implements FlinkCluster {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final String host;
    private final int port;
    private final String flinkVersion;
    private final PipelineExecutorServiceLoader executors =
            SingleExecutorLoader.of(RemoteExecutor.NAME, new RemoteExecutor(new Configuration()));

    private RemoteCluster(String host, int port, String flinkVersion) {
        this.host = host;
        this.port = port;
        this.flinkVersion = flinkVersion;
    }

    /**
     * Checks that a Flink cluster answers at {@code host:port} and runs the Flink version the
     * plugin builds jobs with: job graphs only run on the minor version that built them.
     */
    static RemoteCluster connect(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || !address.substring(colon + 1).matches("\\d{1,5}")) {
            throw new IllegalArgumentException(
                    "cookbook.flink.address must be host:port of a Flink REST endpoint, not '" + address + "'");
        }
        String host = address.substring(0, colon);
        int port = Integer.parseInt(address.substring(colon + 1));
        String version = remoteVersion(host, port, address);
        String ours = EnvironmentInformation.getVersion();
        if (!minor(version).equals(minor(ours))) {
            throw new IllegalStateException("the Flink cluster at " + address + " runs Flink " + version
                    + ", but the plugin builds jobs with Flink " + ours + "; point cookbook.flink.address at a Flink "
                    + minor(ours) + " cluster");
        }
        return new RemoteCluster(host, port, version);
    }

    private static String remoteVersion(String host, int port, String address) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + "/config"))
                .timeout(CONNECT_TIMEOUT)
                .build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode version = response.statusCode() == 200
                    ? new ObjectMapper().readTree(response.body()).get("flink-version")
                    : null;
            if (version == null) {
                throw new IllegalStateException("no Flink REST endpoint at " + address
                        + " (cookbook.flink.address): GET /config answered " + response.statusCode());
            }
            return version.asText();
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot reach the Flink cluster at " + address + " (cookbook.flink.address): " + why(e, host)
                            + "; start the session cluster, or set -Dcookbook.flink.address to its REST endpoint"
                            + " (rest.address:rest.port, where its web UI answers)",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while connecting to " + address, e);
        }
    }

    /** Why nothing answered, in words: an unknown host, a refused connection, no answer in time. */
    private static String why(IOException e, String host) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnresolvedAddressException || cause instanceof UnknownHostException) {
                return "the host " + host + " is unknown";
            }
            if (cause instanceof HttpTimeoutException) {
                return "no answer within " + CONNECT_TIMEOUT.toSeconds() + " s";
            }
        }
        return e instanceof ConnectException
                ? "nothing listens there (connection refused)"
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String minor(String version) {
        String[] parts = version.split("\\.");
        return parts.length < 2 ? version : parts[0] + "." + parts[1];
    }

    @Override
    public PipelineExecutorServiceLoader executors() {
        return executors;
    }

    @Override
    public void configure(Configuration configuration) {
        configuration.set(DeploymentOptions.TARGET, RemoteExecutor.NAME);
        configuration.set(RestOptions.ADDRESS, host);
        configuration.set(RestOptions.PORT, port);
    }

    @Override
    public Long takeLateRowsDropped(JobID job) {
        return null;
    }

    @Override
    public String lateRowsNotCounted() {
        return "the Flink cluster at " + host + ":" + port
                + " (cookbook.flink.address) does not report late-row counts: Flink "
                + "keeps them only in operator metrics, which end with the job";
    }

    @Override
    public String flinkVersion() {
        return flinkVersion;
    }

    /** The cluster is the user's: it keeps running. */
    @Override
    public void close() {}
}
