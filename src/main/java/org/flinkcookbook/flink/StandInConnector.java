package org.flinkcookbook.flink;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.RowKind;

/**
 * The {@code cookbook-stand-in} connector: takes the place of a connector that cannot run here
 * (faker, kafka, jdbc, an unbounded datagen) so that Flink can plan the recipe's queries with the
 * table's schema, and behaves as the original does where planning can tell: the changes its
 * source emits and its sink accepts, whether it can be looked up, its metadata columns. It is for
 * planning only: its jobs are never run.
 */
public final class StandInConnector implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    static final String IDENTIFIER = "cookbook-stand-in";
    /** The connector the table was written for. */
    static final String FOR = "stand-in.for";
    /** The changes the original source emits: insert-only, upsert or all. */
    static final String CHANGES = "stand-in.changes";
    /** The changes the original sink takes: insert-only, upsert (by primary key) or all. */
    static final String SINK_CHANGES = "stand-in.sink-changes";
    /** Whether the original can be looked up in a lookup join. */
    static final String LOOKUP = "stand-in.lookup";
    /** True when the original source ends (faker and datagen with 'number-of-rows'). */
    static final String BOUNDED = "stand-in.bounded";
    /** The planning session, so that the sources it reads can be told apart from other sessions'. */
    static final String SESSION = "stand-in.session";

    private static final Map<String, Set<String>> READ_BY_SESSION = new ConcurrentHashMap<>();

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    /** The tables whose stand-in sources a planning session read; forgets them. */
    static Set<String> takeReads(String session) {
        Set<String> read = READ_BY_SESSION.remove(session);
        return read == null ? Set.of() : read;
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        Map<String, String> options = context.getCatalogTable().getOptions();
        READ_BY_SESSION
                .computeIfAbsent(options.getOrDefault(SESSION, ""), key -> ConcurrentHashMap.newKeySet())
                .add(context.getObjectIdentifier().getObjectName());
        return new Source(
                options,
                metadataColumns(context.getCatalogTable().getResolvedSchema()),
                context.getPhysicalRowDataType());
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        return new Sink(
                context.getCatalogTable().getOptions(),
                context.getCatalogTable().getResolvedSchema().getPrimaryKey().isPresent());
    }

    /** A sink that discards what it is given and takes the changes {@code accepted} names, as one of connector {@code original} would. */
    static DynamicTableSink discardingSink(String original, String accepted, boolean hasPrimaryKey) {
        return new Sink(Map.of(FOR, original, SINK_CHANGES, accepted), hasPrimaryKey);
    }

    private static Map<String, DataType> metadataColumns(ResolvedSchema schema) {
        Map<String, DataType> metadata = new LinkedHashMap<>();
        for (Column column : schema.getColumns()) {
            if (column instanceof Column.MetadataColumn declared) {
                metadata.put(declared.getMetadataKey().orElse(declared.getName()), declared.getDataType());
            }
        }
        return metadata;
    }

    private static ChangelogMode changes(String kind) {
        return switch (kind) {
            case "upsert" -> ChangelogMode.upsert();
            case "all" -> ChangelogMode.all();
            default -> ChangelogMode.insertOnly();
        };
    }

    private static final class Source implements ScanTableSource, LookupTableSource, SupportsReadingMetadata {
        private final Map<String, String> options;
        private final Map<String, DataType> metadata;
        private DataType producedType;

        Source(Map<String, String> options, Map<String, DataType> metadata, DataType producedType) {
            this.options = options;
            this.metadata = metadata;
            this.producedType = producedType;
        }

        @Override
        public ChangelogMode getChangelogMode() {
            return changes(options.getOrDefault(CHANGES, "insert-only"));
        }

        /** An empty stream of the table's rows: Flink translates the plan into a job graph, which never runs. */
        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            TypeInformation<RowData> type = context.createTypeInformation(producedType);
            boolean bounded = Boolean.parseBoolean(options.get(BOUNDED));
            return new DataStreamScanProvider() {
                @Override
                public DataStream<RowData> produceDataStream(
                        ProviderContext providerContext, StreamExecutionEnvironment environment) {
                    return environment.fromData(List.<RowData>of(), type);
                }

                @Override
                public boolean isBounded() {
                    return bounded;
                }
            };
        }

        @Override
        public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
            if (!Boolean.parseBoolean(options.get(LOOKUP))) {
                throw new ValidationException("connector '" + options.get(FOR) + "' does not support lookup joins");
            }
            return LookupFunctionProvider.of(new NoRows());
        }

        @Override
        public Map<String, DataType> listReadableMetadata() {
            return metadata;
        }

        @Override
        public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
            producedType = producedDataType; // a stand-in produces no rows, so there is no metadata to attach
        }

        @Override
        public DynamicTableSource copy() {
            return new Source(options, metadata, producedType);
        }

        @Override
        public String asSummaryString() {
            return standInFor();
        }

        private String standInFor() {
            return "stand-in for connector '" + options.get(FOR) + "'";
        }
    }

    /** Looks up nothing: planning needs a lookup function, not its rows. Public: Flink's generated code instantiates it. */
    public static final class NoRows extends LookupFunction {
        @Override
        public java.util.Collection<RowData> lookup(RowData keyRow) {
            return List.of();
        }
    }

    private static final class Sink implements DynamicTableSink, SupportsPartitioning {
        private final Map<String, String> options;
        private final boolean hasPrimaryKey;

        Sink(Map<String, String> options, boolean hasPrimaryKey) {
            this.options = options;
            this.hasPrimaryKey = hasPrimaryKey;
        }

        @Override
        public ChangelogMode getChangelogMode(ChangelogMode requested) {
            String accepted = options.getOrDefault(SINK_CHANGES, "all");
            if (accepted.equals("all")) {
                return requested;
            }
            boolean updates = requested.getContainedKinds().stream().anyMatch(kind -> kind != RowKind.INSERT);
            if (accepted.equals("upsert") && updates && !hasPrimaryKey) {
                throw new ValidationException(
                        "connector '" + options.get(FOR)
                                + "' writes updates only to a table with a PRIMARY KEY: declare one, or write an insert-only query");
            }
            return changes(accepted);
        }

        @Override
        public void applyStaticPartition(Map<String, String> partition) {
            // nothing is written, so there is no partition to fill
        }

        @Override
        public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
            return SinkV2Provider.of(new DiscardingSink<>());
        }

        @Override
        public DynamicTableSink copy() {
            return new Sink(options, hasPrimaryKey);
        }

        @Override
        public String asSummaryString() {
            return "stand-in for connector '" + options.get(FOR) + "'";
        }
    }
}
