package org.flinkcookbook.flink;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ObjectIdentifier;

/**
 * Where Flink's API on the planning path differs between its 1.x and 2.x lines, chosen by the Flink
 * this JVM loaded: the plugin is compiled against its own 2.x, and the planning-only engine JVM of a
 * 1.x version (cookbook.flinkVersions) runs the same classes. 2.0 made the catalog's createTable and
 * dropTable answer whether they did anything; 1.x declares them void, so they are other methods to
 * the JVM, called here by a method handle of their 1.x type. A catalog table is built with
 * {@code CatalogTable.newBuilder()} from 1.20 on, with {@code CatalogTable.of}, which 2.0 dropped, before.
 */
enum FlinkLine {
    ONE {
        @Override
        void createTable(CatalogManager catalog, CatalogBaseTable table, ObjectIdentifier id) {
            invoke(
                    "createTable",
                    MethodType.methodType(void.class, CatalogBaseTable.class, ObjectIdentifier.class, boolean.class),
                    catalog,
                    table,
                    id,
                    false);
        }

        @Override
        void dropTable(CatalogManager catalog, ObjectIdentifier id) {
            invoke(
                    "dropTable",
                    MethodType.methodType(void.class, ObjectIdentifier.class, boolean.class),
                    catalog,
                    id,
                    false);
        }

        @Override
        CatalogTable newTable(Schema schema, String comment, List<String> partitionKeys, Map<String, String> options) {
            try {
                MethodHandle of = MethodHandles.publicLookup()
                        .findStatic(
                                CatalogTable.class,
                                "of",
                                MethodType.methodType(
                                        CatalogTable.class, Schema.class, String.class, List.class, Map.class));
                return (CatalogTable) of.invokeWithArguments(schema, comment, partitionKeys, options);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("Flink's CatalogTable.of failed: " + e.getMessage(), e);
            }
        }
    },
    TWO {
        @Override
        void createTable(CatalogManager catalog, CatalogBaseTable table, ObjectIdentifier id) {
            catalog.createTable(table, id, false);
        }

        @Override
        void dropTable(CatalogManager catalog, ObjectIdentifier id) {
            catalog.dropTable(id, false);
        }

        @Override
        CatalogTable newTable(Schema schema, String comment, List<String> partitionKeys, Map<String, String> options) {
            return CatalogTable.newBuilder()
                    .schema(schema)
                    .comment(comment)
                    .partitionKeys(partitionKeys)
                    .options(options)
                    .build();
        }
    };

    /** The line of the Flink on this JVM's class path. */
    static final FlinkLine LOADED = EnvironmentInformation.getVersion().startsWith("1.") ? ONE : TWO;

    /** Creates a table of the catalog, failing when it exists. */
    abstract void createTable(CatalogManager catalog, CatalogBaseTable table, ObjectIdentifier id);

    /** Drops a table of the catalog, failing when there is none. */
    abstract void dropTable(CatalogManager catalog, ObjectIdentifier id);

    /** A catalog table of this schema, comment, partitioning and options. */
    abstract CatalogTable newTable(
            Schema schema, String comment, List<String> partitionKeys, Map<String, String> options);

    private static void invoke(String method, MethodType type, Object... arguments) {
        try {
            MethodHandle handle = MethodHandles.publicLookup().findVirtual(CatalogManager.class, method, type);
            handle.invokeWithArguments(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Flink's CatalogManager." + method + " failed: " + e.getMessage(), e);
        }
    }
}
