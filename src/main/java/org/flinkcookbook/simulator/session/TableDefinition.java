package org.flinkcookbook.simulator.session;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlIdentifier;
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
        String name,
        List<ColumnDefinition> columns,
        String rowtimeColumn,
        SqlNode watermarkStrategy,
        CsvSource source,
        List<String> primaryKey) {

    public TableDefinition {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }

    /**
     * @param name column name
     * @param type declared or (for computed columns) derived type
     * @param typeSummary the type as DESCRIBE prints it: STRING, VARCHAR(10), TIMESTAMP(3), ...
     * @param nullable false for NOT NULL and primary key columns; for a computed column, derived from
     *     its expression, or null where the simulator does not derive it
     * @param computedExpression the expression of a computed column, or null for a physical column
     */
    public record ColumnDefinition(
            String name, SqlType type, String typeSummary, Boolean nullable, SqlNode computedExpression) {

        public boolean physical() {
            return computedExpression == null;
        }
    }

    /**
     * @param file the CSV file
     * @param displayName how explanations name it: the path relative to the fixtures directory
     */
    public record CsvSource(Path file, String displayName) {}

    /**
     * DESCRIBE's rows: name, type (with *ROWTIME* / *PROCTIME*), null, key, extras, watermark. The
     * watermarked column is a rowtime attribute in streaming mode only ({@code
     * DefaultSchemaResolver#adjustRowtimeAttribute}); its watermark shows in both modes (measured).
     */
    public List<List<String>> describe(boolean streaming) {
        String key = primaryKey.isEmpty() ? null : "PRI(" + String.join(", ", primaryKey) + ")";
        return columns.stream()
                .map(column -> {
                    boolean watermarked = column.name().equals(rowtimeColumn);
                    boolean rowtime = streaming && watermarked;
                    boolean proctime = column.type().root() == SqlType.Root.TIMESTAMP_LTZ
                            && column.computedExpression() != null
                            && column.computedExpression()
                                    .toString()
                                    .replace("`", "")
                                    .equalsIgnoreCase("PROCTIME()");
                    String type = column.typeSummary() + (rowtime ? " *ROWTIME*" : proctime ? " *PROCTIME*" : "");
                    return Arrays.asList(
                            column.name(),
                            type,
                            column.nullable() == null ? null : column.nullable() && !proctime ? "TRUE" : "FALSE",
                            primaryKey.contains(column.name()) ? key : null,
                            column.computedExpression() == null ? null : "AS " + unparsed(column.computedExpression()),
                            watermarked ? unparsed(watermarkStrategy) : null);
                })
                .toList();
    }

    /**
     * An expression as Flink's DESCRIBE prints it, unparsed after validation: identifiers quoted
     * (a bare column too), and Flink's legacy TO_TIMESTAMP and PROCTIME functions unquoted.
     */
    private static String unparsed(SqlNode expression) {
        if (expression instanceof SqlIdentifier identifier) {
            return identifier.names.stream().map(name -> "`" + name + "`").collect(Collectors.joining("."));
        }
        return expression.toString().replace("`TO_TIMESTAMP`(", "TO_TIMESTAMP(").replace("`PROCTIME`(", "PROCTIME(");
    }

    /** The columns an INSERT writes: the physical ones (Flink's persisted columns). */
    public List<ColumnDefinition> persistedColumns() {
        return columns.stream().filter(ColumnDefinition::physical).toList();
    }
}
