package org.flinkcookbook.flink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.flinkcookbook.sql.ChangelogSources;
import org.flinkcookbook.sql.KnownConnector;

/**
 * Decides, while a recipe is planned, which of its tables Flink cannot plan as written, because
 * their connector or format is not on the plugin's classpath (faker, kafka, jdbc, parquet, ...),
 * and rebinds them to the {@link StandInConnector}. Remembers why, so that a recipe that reads
 * such a table is reported as planned with the reason.
 */
final class StandIns {

    /** Connectors and formats this build can run: those on the plugin's classpath. */
    private static final Set<String> AVAILABLE = StreamSupport.stream(
                    ServiceLoader.load(Factory.class, StandIns.class.getClassLoader())
                            .spliterator(),
                    false)
            .map(Factory::factoryIdentifier)
            .filter(identifier -> !identifier.equals(StandInConnector.IDENTIFIER))
            .collect(Collectors.toUnmodifiableSet());

    private static final List<String> FORMAT_KEYS = List.of("format", "key.format", "value.format");
    /** A table planned with a stand-in, and why it cannot run here. */
    record StandIn(String table, int line, String reason) {}

    private final String session = UUID.randomUUID().toString();
    private final Map<String, StandIn> byTable = new LinkedHashMap<>();

    /**
     * Why a table with these options cannot be planned as written, if it cannot. Whether a table
     * that can may also be read here (a server, an endless source) is the RecipeGuard's call.
     */
    private static Optional<String> whyUnavailable(Map<String, String> options) {
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
        return Optional.empty();
    }

    /** Rebinds a table just created on {@code line} to a stand-in when it cannot run here. */
    void standInIfNeeded(CatalogManager catalog, ObjectIdentifier id, ContextResolvedTable table, int line) {
        Map<String, String> options = table.getResolvedTable().getOptions();
        Optional<String> reason = whyUnavailable(options);
        if (reason.isEmpty()) {
            return;
        }
        String connector = options.get("connector");
        Map<String, String> standIn = new LinkedHashMap<>();
        standIn.put("connector", StandInConnector.IDENTIFIER);
        standIn.put(StandInConnector.FOR, connector);
        standIn.put(StandInConnector.CHANGES, ChangelogSources.of(options).option());
        standIn.put(StandInConnector.SINK_CHANGES, sinkChanges(connector, options));
        standIn.put(StandInConnector.LOOKUP, String.valueOf(canBeLookedUp(connector)));
        standIn.put(StandInConnector.BOUNDED, String.valueOf(options.containsKey("number-of-rows")));
        standIn.put(StandInConnector.SESSION, session);
        TableRebinding.rebind(
                catalog, id, table, standIn, TableRebinding.origin(table).getPartitionKeys());
        byTable.put(id.getObjectName(), new StandIn(id.getObjectName(), line, reason.get()));
    }

    /** Whether a table of this connector can be looked up in a lookup join (unknown connectors are taken to). */
    static boolean canBeLookedUp(String connector) {
        return KnownConnector.named(connector).map(KnownConnector::lookup).orElse(true);
    }

    /** True while no table of the session stands in for one that cannot run here. */
    boolean none() {
        return byTable.isEmpty();
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

    /** The changes a sink of this connector takes: {@code insert-only}, {@code upsert} or {@code all}. */
    static String sinkChanges(String connector, Map<String, String> options) {
        KnownConnector.Sink sink =
                KnownConnector.named(connector).map(KnownConnector::sink).orElse(KnownConnector.Sink.ALL);
        if (sink == KnownConnector.Sink.UPSERT) {
            return "upsert";
        }
        return sink == KnownConnector.Sink.APPEND && !ChangelogSources.writesChangelog(options) ? "insert-only" : "all";
    }
}
