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
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.formats.csv.CsvRowDataDeserializationSchema;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * The {@code cookbook-fixture} connector: a CSV fixture bound to a table whose own connector can
 * be looked up (jdbc, faker, ...). It is scanned exactly as any other fixture, by the filesystem
 * connector with the CSV format, and a lookup join finds its rows in the same file, so that
 * {@code JOIN t FOR SYSTEM_TIME AS OF o.proc_time} stays a lookup join.
 */
public final class FixtureConnector implements DynamicTableSourceFactory {

    static final String IDENTIFIER = "cookbook-fixture";
    static final ConfigOption<String> PATH =
            ConfigOptions.key("path").stringType().noDefaultValue();

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
        return Set.of();
    }

    /** The options that bind a table to a fixture file: this connector's, or the filesystem's when it need not be looked up. */
    static Map<String, String> options(String fileUri, boolean lookup) {
        return lookup
                ? Map.of("connector", IDENTIFIER, "path", fileUri)
                : Map.of("connector", "filesystem", "path", fileUri, "format", "csv");
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        String path = context.getCatalogTable().getOptions().get(PATH.key());
        ResolvedCatalogTable asFilesystem = context.getCatalogTable().copy(options(path, false));
        ScanTableSource scan = (ScanTableSource) FactoryUtil.createDynamicTableSource(
                null,
                context.getObjectIdentifier(),
                asFilesystem,
                Map.of(),
                context.getConfiguration(),
                context.getClassLoader(),
                context.isTemporary());
        RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
        return new Source(scan, path, rowType);
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
