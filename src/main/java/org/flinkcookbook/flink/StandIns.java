package org.flinkcookbook.flink;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.factories.Factory;

/**
 * Decides, while a recipe is planned, which of its tables cannot run here and rebinds them to the
 * {@link StandInConnector}: a connector or format that is not on the plugin's classpath (faker,
 * kafka, jdbc, parquet, ...) or a source that never ends. Remembers why, so that a recipe that
 * reads such a table is reported as planned with the reason.
 */
final class StandIns {

    /** Connectors and formats this build can run: those on the plugin's classpath. */
    private static final Set<String> AVAILABLE = StreamSupport.stream(
                    ServiceLoader.load(Factory.class, StandIns.class.getClassLoader()).spliterator(), false)
            .map(Factory::factoryIdentifier)
            .filter(identifier -> !identifier.equals(StandInConnector.IDENTIFIER))
            .collect(Collectors.toUnmodifiableSet());

    private static final List<String> FORMAT_KEYS = List.of("format", "key.format", "value.format");
    private static final Set<String> CHANGELOG_FORMATS = Set.of(
            "debezium-json", "debezium-avro-confluent", "debezium-protobuf", "canal-json", "maxwell-json", "ogg-json");
    /** Sinks that write changes as upserts by primary key; other known ones take appends only. */
    private static final Set<String> UPSERT_SINKS = Set.of(
            "upsert-kafka", "jdbc", "elasticsearch-6", "elasticsearch-7", "opensearch", "hbase-1.4", "hbase-2.2", "mongodb");
    private static final Set<String> APPEND_SINKS = Set.of("kafka", "filesystem", "kinesis", "firehose", "pulsar");
    private static final Set<String> WITHOUT_LOOKUP = Set.of("kafka", "upsert-kafka", "datagen", "filesystem", "kinesis", "pulsar");

    /** A table planned with a stand-in, and why it cannot run here. */
    record StandIn(String table, int line, String reason) {}

    private final String session = UUID.randomUUID().toString();
    private final Map<String, StandIn> byTable = new LinkedHashMap<>();

    /** Why a table with these options cannot run here, if it cannot. */
    static Optional<String> whyNotRunnable(Map<String, String> options) {
        String connector = options.get("connector");
        if (connector == null) {
            return Optional.empty();
        }
        if (!AVAILABLE.contains(connector)) {
            return Optional.of("connector '" + connector + "' is not available in this build");
        }
        for (String key : FORMAT_KEYS) {
            String format = options.get(key);
            if (format != null && !AVAILABLE.contains(format)) {
                return Optional.of("format '" + format + "' is not available in this build");
            }
        }
        if (connector.equals("datagen") && !options.containsKey("number-of-rows")) {
            return Optional.of("datagen without 'number-of-rows' never ends");
        }
        if (connector.equals("filesystem")) {
            return whyNotReadable(options.getOrDefault("path", ""), options.containsKey("source.monitor-interval"));
        }
        return Optional.empty();
    }

    private static Optional<String> whyNotReadable(String path, boolean watched) {
        if (watched) {
            return Optional.of("the filesystem source watches its directory forever ('source.monitor-interval')");
        }
        URI uri;
        try {
            uri = URI.create(path);
        } catch (IllegalArgumentException notAUri) {
            return Optional.empty(); // Flink reports a path it cannot read
        }
        if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
            return Optional.of("its path " + path + " is not on this machine");
        }
        Path local = uri.getScheme() == null ? Path.of(path) : Path.of(uri);
        return Files.exists(local) ? Optional.empty() : Optional.of("its path " + path + " does not exist here");
    }

    /** Rebinds a table just created on {@code line} to a stand-in when it cannot run here. */
    void standInIfNeeded(CatalogManager catalog, ObjectIdentifier id, ContextResolvedTable table, int line) {
        Map<String, String> options = table.getResolvedTable().getOptions();
        Optional<String> reason = whyNotRunnable(options);
        if (reason.isEmpty()) {
            return;
        }
        String connector = options.get("connector");
        Map<String, String> standIn = new LinkedHashMap<>();
        standIn.put("connector", StandInConnector.IDENTIFIER);
        standIn.put(StandInConnector.FOR, connector);
        standIn.put(StandInConnector.CHANGES, sourceChanges(connector, options));
        standIn.put(StandInConnector.SINK_CHANGES, sinkChanges(connector, options));
        standIn.put(StandInConnector.LOOKUP, String.valueOf(!WITHOUT_LOOKUP.contains(connector)));
        standIn.put(StandInConnector.BOUNDED, String.valueOf(options.containsKey("number-of-rows")));
        standIn.put(StandInConnector.SESSION, session);
        TableRebinding.rebind(catalog, id, table, standIn, TableRebinding.origin(table).getPartitionKeys());
        byTable.put(id.getObjectName(), new StandIn(id.getObjectName(), line, reason.get()));
    }

    /** The stand-ins whose sources the planned queries read, in the order the recipe created them. */
    List<StandIn> read() {
        Set<String> read = StandInConnector.takeReads(session);
        List<StandIn> standIns = new ArrayList<>();
        byTable.forEach((table, standIn) -> {
            if (read.contains(table)) {
                standIns.add(standIn);
            }
        });
        return standIns;
    }

    private static String sourceChanges(String connector, Map<String, String> options) {
        if (connector.equals("upsert-kafka")) {
            return "upsert";
        }
        return connector.toLowerCase(Locale.ROOT).endsWith("-cdc") || writesChangelog(options) ? "all" : "insert-only";
    }

    private static String sinkChanges(String connector, Map<String, String> options) {
        if (UPSERT_SINKS.contains(connector)) {
            return "upsert";
        }
        return APPEND_SINKS.contains(connector) && !writesChangelog(options) ? "insert-only" : "all";
    }

    private static boolean writesChangelog(Map<String, String> options) {
        return FORMAT_KEYS.stream().map(options::get).filter(Objects::nonNull).anyMatch(CHANGELOG_FORMATS::contains);
    }
}
