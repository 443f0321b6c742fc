package org.flinkcookbook.flink;

import java.util.List;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;

/** Replaces a table's connector options in the session's catalog, keeping its schema and comment. */
final class TableRebinding {

    private TableRebinding() {}

    /** @param partitionKeys the partitioning the rebound table keeps */
    static void rebind(
            CatalogManager catalog,
            ObjectIdentifier id,
            ContextResolvedTable table,
            Map<String, String> options,
            List<String> partitionKeys) {
        CatalogTable original = origin(table);
        CatalogTable rebound = FlinkLine.LOADED.newTable(
                original.getUnresolvedSchema(), original.getComment(), partitionKeys, options);
        if (table.isTemporary()) {
            catalog.dropTemporaryTable(id, false);
            catalog.createTemporaryTable(rebound, id, false);
        } else {
            FlinkLine.LOADED.dropTable(catalog, id);
            FlinkLine.LOADED.createTable(catalog, rebound, id);
        }
    }

    static CatalogTable origin(ContextResolvedTable table) {
        return ((ResolvedCatalogTable) table.getResolvedTable()).getOrigin();
    }
}
