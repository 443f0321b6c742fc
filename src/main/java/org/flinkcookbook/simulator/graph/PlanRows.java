package org.flinkcookbook.simulator.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.types.PlanTypes;

/**
 * The columns of a row type as a compiled plan serializes it: a summary string such as
 * {@code ROW<`id` INT, `d` DOUBLE>}, or, where a field is a time attribute, an object of fields
 * whose type says its kind ({@code ROWTIME}, {@code PROCTIME}).
 */
final class PlanRows {

    private PlanRows() {}

    static List<Column> columns(JsonNode rowType) {
        List<Column> columns = new ArrayList<>();
        if (rowType.isTextual()) {
            LogicalType parsed = LogicalTypeParser.parse(rowType.asText(), PlanRows.class.getClassLoader());
            if (!(parsed instanceof RowType row)) {
                throw new UnsupportedConstructException(null, "a plan node whose output is no row: " + rowType);
            }
            for (RowType.RowField field : row.getFields()) {
                columns.add(
                        column(field.getName(), TextNode.valueOf(field.getType().asSerializableString())));
            }
            return columns;
        }
        if (!"ROW".equals(rowType.path("type").asText())) {
            throw new UnsupportedConstructException(null, "a plan node whose output is no row: " + rowType);
        }
        for (JsonNode field : rowType.path("fields")) {
            columns.add(column(field.path("name").asText(), field.path("fieldType")));
        }
        return columns;
    }

    private static Column column(String name, JsonNode type) {
        String kind = type.path("kind").asText("REGULAR");
        return new Column(
                name, PlanTypes.of(type), kind.equals("ROWTIME"), kind.equals("PROCTIME"), PlanTypes.nullable(type));
    }

    /** Index of the first event-time attribute column, or -1. */
    static int rowtimeIndex(List<Column> columns) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).rowtime()) {
                return i;
            }
        }
        return -1;
    }
}
