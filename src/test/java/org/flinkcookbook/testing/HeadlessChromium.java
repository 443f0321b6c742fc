package org.flinkcookbook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;

/**
 * Debian's headless Chromium driven over the Chrome DevTools Protocol, with the JDK's WebSocket
 * client and no other dependency: one page, offline, that records console errors, uncaught script
 * errors and every network request it makes.
 */
public final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<CompletableFuture<JsonNode>> loads = new CopyOnWriteArrayList<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private String session;

    /** The browser on the PATH: Debian's {@code chromium}, or another build of it. */
    public static Optional<Path> find() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of("chromium", "chromium-browser", "google-chrome")
                .flatMap(name ->
                        Stream.of(path.split(java.io.File.pathSeparator)).map(dir -> Path.of(dir, name)))
                .filter(Files::isExecutable)
                .findFirst();
    }

    public HeadlessChromium(Path executable) throws Exception {
        profile = Files.createTempDirectory("cookbook-chromium");
        process = new ProcessBuilder(
                        executable.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--hide-scrollbars",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-port=0",
                        "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String endpoint = devToolsEndpoint();
        socket = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .connectTimeout(TIMEOUT)
                .buildAsync(URI.create(endpoint), new Listener())
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        String target = send("Target.createTarget", Map.of("url", "about:blank"))
                .get("targetId")
                .asText();
        session = null;
        JsonNode attached = send("Target.attachToTarget", Map.of("targetId", target, "flatten", true));
        session = attached.get("sessionId").asText();
        send("Runtime.enable", Map.of());
        send("Log.enable", Map.of());
        send("Page.enable", Map.of());
        send("Network.enable", Map.of());
        send(
                "Network.emulateNetworkConditions",
                Map.of("offline", true, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
    }

    /** "DevTools listening on ws://..." is the line Chromium prints on stderr once it listens. */
    private String devToolsEndpoint() throws IOException {
        BufferedReader stderr =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        String line;
        while ((line = stderr.readLine()) != null) {
            int at = line.indexOf("ws://");
            if (line.startsWith("DevTools listening on") && at >= 0) {
                Thread drain = new Thread(() -> stderr.lines().forEach(ignored -> {}), "chromium-stderr");
                drain.setDaemon(true);
                drain.start();
                return line.substring(at).strip();
            }
            seen.add(line);
        }
        throw new IOException("Chromium ended without a DevTools endpoint: " + String.join("\n", seen));
    }

    /** Sets the window: CSS pixels, and device pixels per CSS pixel for sharp screenshots. */
    public void viewport(int width, int height, double scale) throws Exception {
        send(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", scale, "mobile", false));
    }

    /** Opens the file and waits for its load event; returns the milliseconds from navigation to load. Errors and requests start afresh. */
    public double open(Path file) throws Exception {
        errors.clear();
        requests.clear();
        CompletableFuture<JsonNode> load = new CompletableFuture<>();
        loads.add(load);
        long start = System.nanoTime();
        send("Page.navigate", Map.of("url", file.toUri().toString()));
        load.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        return (System.nanoTime() - start) / 1e6;
    }

    /** Evaluates a JavaScript expression in the page; its value as JSON. */
    public JsonNode evaluate(String expression) throws Exception {
        JsonNode result =
                send("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("script failed: " + result.get("exceptionDetails"));
        }
        return result.get("result").get("value");
    }

    /** A PNG of the page region, in CSS pixels. */
    public void screenshot(Path png, double x, double y, double width, double height) throws Exception {
        Map<String, Object> clip = Map.of("x", x, "y", y, "width", width, "height", height, "scale", 1);
        JsonNode shot =
                send("Page.captureScreenshot", Map.of("format", "png", "clip", clip, "captureBeyondViewport", true));
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.write(png, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    /** Console errors, uncaught exceptions and browser log errors (a blocked or failed load among them). */
    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** The URL of every request the page made. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    private JsonNode send(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", JSON.valueToTree(params));
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(JSON.writeValueAsString(message), true).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonNode reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.get("result");
    }

    private void receive(JsonNode message) {
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer =
                    pending.remove(message.get("id").asInt());
            if (answer != null) {
                answer.complete(message);
            }
            return;
        }
        JsonNode params = message.path("params");
        switch (message.path("method").asText()) {
            case "Page.loadEventFired" -> loads.forEach(load -> load.complete(params));
            case "Runtime.exceptionThrown" -> errors.add("uncaught: " + params.path("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> {
                if ("error".equals(params.path("type").asText())
                        || "warning".equals(params.path("type").asText())) {
                    errors.add("console." + params.path("type").asText() + ": " + params.path("args"));
                }
            }
            case "Log.entryAdded" -> {
                if ("error".equals(params.path("entry").path("level").asText())) {
                    errors.add("log: " + params.path("entry").path("text").asText() + " "
                            + params.path("entry").path("url").asText());
                }
            }
            case "Network.requestWillBeSent" ->
                requests.add(params.path("request").path("url").asText());
            default -> {}
        }
    }

    @Override
    public void close() throws Exception {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        } catch (RuntimeException ignored) {
            // the browser goes away anyway
        }
        List<ProcessHandle> tree = Stream.concat(process.descendants(), Stream.of(process.toHandle()))
                .toList();
        tree.forEach(ProcessHandle::destroy); // the renderer and zygote processes too, not only the browser
        for (ProcessHandle handle : tree) {
            try {
                handle.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                handle.destroyForcibly();
            }
        }
        FileUtils.deleteQuietly(profile.toFile());
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    receive(JSON.readTree(text.toString()));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
                text.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}
