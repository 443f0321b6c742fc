package org.flinkcookbook.flink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.formats.csv.CsvRowDataDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.flinkcookbook.result.RowKind;
import org.flinkcookbook.sql.ChangelogSources;
import org.flinkcookbook.sql.ChangelogSources.Changes;

/**
 * The {@code cookbook-fixture} connector: a CSV fixture bound to a table whose own connector can
 * be looked up (jdbc, faker, ...). It is scanned exactly as any other fixture, by the filesystem
 * connector with the CSV format, and a lookup join finds its rows in the same file, so that
 * {@code JOIN t FOR SYSTEM_TIME AS OF o.proc_time} stays a lookup join. A fixture of a table whose
 * source emits changes (upsert-kafka, a CDC connector, a changelog format) holds the row kind
 * ({@code +I}, {@code -U}, {@code +U}, {@code -D}) as its first column and is read as that changelog.
 */
public final class FixtureConnector implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    static final String IDENTIFIER = "cookbook-fixture";
    static final ConfigOption<String> PATH =
            ConfigOptions.key("path").stringType().noDefaultValue();
    /** The changes the table's own source emits ({@link Changes#option()}): other than inserts, the file's first column is the row kind. */
    static final ConfigOption<String> CHANGES =
            ConfigOptions.key("changes").stringType().defaultValue(Changes.INSERT_ONLY.option());
    /** The table's own connector, and the changes its sink takes: an INSERT into the table is planned as into it. */
    static final ConfigOption<String> ORIGINAL =
            ConfigOptions.key("original").stringType().defaultValue("");

    static final ConfigOption<String> SINK_CHANGES =
            ConfigOptions.key("sink-changes").stringType().defaultValue("all");
    /** The name of a changelog fixture's first column as the file is scanned. */
    private static final String ROW_KIND = "cookbook_row_kind";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PATH);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(CHANGES, ORIGINAL, SINK_CHANGES);
    }

    /** A fixture is read, never written: an INSERT into its table is planned against a sink that discards. */
    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        Map<String, String> options = context.getCatalogTable().getOptions();
        return StandInConnector.discardingSink(
                options.getOrDefault(ORIGINAL.key(), ""),
                options.getOrDefault(SINK_CHANGES.key(), SINK_CHANGES.defaultValue()),
                context.getCatalogTable().getResolvedSchema().getPrimaryKey().isPresent());
    }

    /**
     * The options that bind a table to a fixture file: this connector's, or the filesystem's when
     * it need not be looked up and its source inserts only.
     */
    static Map<String, String> options(String fileUri, boolean lookup, Map<String, String> own) {
        Changes changes = ChangelogSources.of(own);
        if (changes == Changes.INSERT_ONLY && !lookup) {
            return Map.of("connector", "filesystem", "path", fileUri, "format", "csv");
        }
        String original = own.getOrDefault("connector", "");
        return Map.of(
                "connector",
                IDENTIFIER,
                PATH.key(),
                fileUri,
                CHANGES.key(),
                changes.option(),
                ORIGINAL.key(),
                original,
                SINK_CHANGES.key(),
                StandIns.sinkChanges(original, own));
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        String path = context.getCatalogTable().getOptions().get(PATH.key());
        Changes changes =
                Changes.ofOption(context.getCatalogTable().getOptions().getOrDefault(CHANGES.key(), ""));
        RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
        Map<String, String> filesystem = options(path, false, Map.of());
        if (changes == Changes.INSERT_ONLY) {
            return new Source(filesystem(context, context.getCatalogTable().copy(filesystem)), path, rowType);
        }
        List<Column> columns = new ArrayList<>();
        columns.add(Column.physical(ROW_KIND, DataTypes.STRING()));
        context.getCatalogTable().getResolvedSchema().getColumns().stream()
                .filter(Column::isPhysical)
                .forEach(columns::add);
        ResolvedSchema withRowKind = ResolvedSchema.of(columns);
        ResolvedCatalogTable file = new ResolvedCatalogTable(
                FlinkLine.LOADED.newTable(
                        Schema.newBuilder().fromResolvedSchema(withRowKind).build(), null, List.of(), filesystem),
                withRowKind);
        return new ChangelogSource(
                filesystem(context, file),
                path,
                changes == Changes.UPSERT ? ChangelogMode.upsert() : ChangelogMode.all(),
                (RowType) withRowKind.toPhysicalRowDataType().getLogicalType(),
                rowType);
    }

    private static ScanTableSource filesystem(Context context, ResolvedCatalogTable file) {
        return (ScanTableSource) FactoryUtil.createDynamicTableSource(
                null,
                context.getObjectIdentifier(),
                file,
                Map.of(),
                context.getConfiguration(),
                context.getClassLoader(),
                context.isTemporary());
    }

    /**
     * A fixture of a table whose source emits changes: the file is scanned as CSV with the row
     * kind as its first column, which then becomes each row's kind.
     */
    private record ChangelogSource(
            ScanTableSource scan, String path, ChangelogMode changes, RowType fileRowType, RowType rowType)
            implements ScanTableSource {

        @Override
        public ChangelogMode getChangelogMode() {
            return changes;
        }

        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            SourceProvider files = (SourceProvider) scan.getScanRuntimeProvider(context);
            return new DataStreamScanProvider() {
                @Override
                public DataStream<RowData> produceDataStream(
                        ProviderContext providerContext, StreamExecutionEnvironment env) {
                    return env.fromSource(
                                    files.createSource(),
                                    WatermarkStrategy.noWatermarks(),
                                    "fixture " + path,
                                    InternalTypeInfo.of(fileRowType))
                            .map(new RowKindFromFirstColumn(fileRowType), InternalTypeInfo.of(rowType));
                }

                @Override
                public boolean isBounded() {
                    return true;
                }
            };
        }

        @Override
        public DynamicTableSource copy() {
            return new ChangelogSource((ScanTableSource) scan.copy(), path, changes, fileRowType, rowType);
        }

        @Override
        public String asSummaryString() {
            return "changelog fixture " + path;
        }
    }

    /** A row of a changelog fixture without its first column, of the kind that column names. */
    private static final class RowKindFromFirstColumn implements MapFunction<RowData, RowData> {

        private final RowData.FieldGetter[] getters;

        RowKindFromFirstColumn(RowType fileRowType) {
            getters = new RowData.FieldGetter[fileRowType.getFieldCount()];
            for (int i = 0; i < getters.length; i++) {
                getters[i] = RowData.createFieldGetter(fileRowType.getTypeAt(i), i);
            }
        }

        @Override
        public RowData map(RowData file) {
            GenericRowData row = new GenericRowData(
                    org.apache.flink.types.RowKind.valueOf(
                            RowKind.ofSymbol(file.getString(0).toString()).name()),
                    getters.length - 1);
            for (int i = 1; i < getters.length; i++) {
                row.setField(i - 1, getters[i].getFieldOrNull(file));
            }
            return row;
        }
    }

    private record Source(ScanTableSource scan, String path, RowType rowType)
            implements ScanTableSource, LookupTableSource {

        @Override
        public ChangelogMode getChangelogMode() {
            return scan.getChangelogMode();
        }

        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            return scan.getScanRuntimeProvider(context);
        }

        @Override
        public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
            int[] keys = new int[context.getKeys().length];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = context.getKeys()[i][0];
            }
            return LookupFunctionProvider.of(new FixtureLookup(path, rowType, keys));
        }

        @Override
        public DynamicTableSource copy() {
            return new Source((ScanTableSource) scan.copy(), path, rowType);
        }

        @Override
        public String asSummaryString() {
            return "fixture " + path;
        }
    }

    /** Finds the fixture rows whose key columns equal the lookup key; the file is read once, when the function opens. */
    public static final class FixtureLookup extends LookupFunction {

        private final String path;
        private final RowType rowType;
        private final int[] keys;
        private transient RowData.FieldGetter[] keyGetters;
        private transient Map<RowData, List<RowData>> rowsByKey;

        FixtureLookup(String path, RowType rowType, int[] keys) {
            this.path = path;
            this.rowType = rowType;
            this.keys = keys;
        }

        @Override
        public void open(FunctionContext context) throws Exception {
            CsvRowDataDeserializationSchema csv =
                    new CsvRowDataDeserializationSchema.Builder(rowType, InternalTypeInfo.of(rowType)).build();
            csv.open(null); // it only builds its CSV reader
            RowData.FieldGetter[] getters = new RowData.FieldGetter[keys.length];
            keyGetters = new RowData.FieldGetter[keys.length];
            for (int i = 0; i < keys.length; i++) {
                getters[i] = RowData.createFieldGetter(rowType.getTypeAt(keys[i]), keys[i]);
                keyGetters[i] = RowData.createFieldGetter(rowType.getTypeAt(keys[i]), i);
            }
            rowsByKey = new HashMap<>();
            for (String line :
                    Files.readAllLines(Path.of(path.replaceFirst("^file:(//)?", "")), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                RowData row = csv.deserialize(line.getBytes(StandardCharsets.UTF_8));
                GenericRowData key = new GenericRowData(keys.length);
                for (int i = 0; i < keys.length; i++) {
                    key.setField(i, getters[i].getFieldOrNull(row));
                }
                rowsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
            }
        }

        @Override
        public Collection<RowData> lookup(RowData keyRow) throws IOException {
            GenericRowData key = new GenericRowData(keys.length);
            for (int i = 0; i < keys.length; i++) {
                key.setField(i, keyGetters[i].getFieldOrNull(keyRow));
            }
            return rowsByKey.getOrDefault(key, List.of());
        }
    }
}
