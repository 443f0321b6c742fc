package org.flinkcookbook.simulator.session;

import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.flinkcookbook.simulator.types.SqlType;

/**
 * A table created in the session.
 *
 * @param name the table name as written
 * @param columns physical and computed columns in declaration order
 * @param rowtimeColumn the column of the WATERMARK clause, or null
 * @param watermarkStrategy the WATERMARK clause's expression, or null
 * @param source the CSV file the table reads, or null when it can only be written
 */
public record TableDefinition(
        String name, List<ColumnDefinition> columns, String rowtimeColumn, SqlNode watermarkStrategy, CsvSource source) {

    public TableDefinition {
        columns = List.copyOf(columns);
    }

    /**
     * @param name column name
     * @param type declared or (for computed columns) derived type, filled in when the table is read
     * @param computedExpression the expression of a computed column, or null for a physical column
     */
    public record ColumnDefinition(String name, SqlType type, SqlNode computedExpression) {

        public boolean physical() {
            return computedExpression == null;
        }
    }

    /**
     * @param file the CSV file
     * @param displayName how explanations name it: the path relative to the fixtures directory
     */
    public record CsvSource(Path file, String displayName) {}

    /** The columns an INSERT writes: the physical ones (Flink's persisted columns). */
    public List<ColumnDefinition> persistedColumns() {
        return columns.stream().filter(ColumnDefinition::physical).toList();
    }
}
