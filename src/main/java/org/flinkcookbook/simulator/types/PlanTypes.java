package org.flinkcookbook.simulator.types;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampKind;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;

/**
 * A logical type as Flink's compiled plan serializes it (LogicalTypeJsonSerializer): a string such
 * as {@code INT NOT NULL}, {@code VARCHAR(5)} or {@code TIMESTAMP(3) WITH LOCAL TIME ZONE}, which
 * Flink's own {@link LogicalTypeParser} reads, or an object for a type without a serializable
 * string (a time attribute: {@code {"type": "TIMESTAMP_WITHOUT_TIME_ZONE", "precision": 3, "kind":
 * "ROWTIME"}}, an empty CHAR or VARCHAR, a ROW with such a field), read field by field as the
 * serializer writes it. The result is the simulator's {@link SqlType}; a type it does not model is
 * unsupported, by name.
 */
public final class PlanTypes {

    private PlanTypes() {}

    public static SqlType of(JsonNode logicalType) {
        return of(logical(logicalType));
    }

    /** Whether the serialized type allows NULL (no {@code NOT NULL}). */
    public static boolean nullable(JsonNode logicalType) {
        return logical(logicalType).isNullable();
    }

    /** Whether the serialized type is an event-time attribute (a rowtime TIMESTAMP or TIMESTAMP_LTZ). */
    public static boolean rowtime(JsonNode logicalType) {
        return kind(logical(logicalType)) == TimestampKind.ROWTIME;
    }

    /**
     * The columns of a serialized ROW type (a node's {@code outputType}): names, types, time
     * attributes and nullability as the planner derived them.
     */
    public static List<Column> columns(JsonNode rowType) {
        LogicalType row = logical(rowType);
        if (!(row instanceof RowType fields)) {
            throw unsupported("a row of type " + row);
        }
        List<Column> columns = new ArrayList<>();
        for (RowType.RowField field : fields.getFields()) {
            LogicalType type = field.getType();
            TimestampKind kind = kind(type);
            columns.add(new Column(
                    field.getName(),
                    of(type),
                    kind == TimestampKind.ROWTIME,
                    kind == TimestampKind.PROCTIME,
                    type.isNullable()));
        }
        return columns;
    }

    /** The serialized type as Flink's own logical type. */
    public static LogicalType logical(JsonNode logicalType) {
        if (logicalType == null || logicalType.isNull() || logicalType.isMissingNode()) {
            throw unsupported("a plan element without a type");
        }
        if (logicalType.isTextual()) {
            try {
                return LogicalTypeParser.parse(logicalType.asText(), PlanTypes.class.getClassLoader());
            } catch (ValidationException unparsable) {
                throw unsupported("the type " + logicalType.asText());
            }
        }
        boolean nullable = logicalType.path("nullable").asBoolean(true);
        String root = logicalType.path("type").asText();
        LogicalType type = switch (root) {
            case "TIMESTAMP_WITHOUT_TIME_ZONE" ->
                new TimestampType(
                        true, kind(logicalType), logicalType.path("precision").asInt());
            case "TIMESTAMP_WITH_LOCAL_TIME_ZONE" ->
                new LocalZonedTimestampType(
                        true, kind(logicalType), logicalType.path("precision").asInt());
            case "CHAR" -> CharType.ofEmptyLiteral();
            case "VARCHAR" -> VarCharType.ofEmptyLiteral();
            case "ROW" -> {
                List<RowType.RowField> fields = new ArrayList<>();
                for (JsonNode field : logicalType.path("fields")) {
                    fields.add(new RowType.RowField(field.path("name").asText(), logical(field.path("fieldType"))));
                }
                yield new RowType(true, fields);
            }
            default -> throw unsupported("the type " + logicalType);
        };
        return type.copy(nullable);
    }

    private static TimestampKind kind(JsonNode object) {
        JsonNode kind = object.path("kind");
        return kind.isTextual() ? TimestampKind.valueOf(kind.asText()) : TimestampKind.REGULAR;
    }

    private static TimestampKind kind(LogicalType type) {
        if (type instanceof TimestampType timestamp) {
            return timestamp.getKind();
        }
        return type instanceof LocalZonedTimestampType ltz ? ltz.getKind() : TimestampKind.REGULAR;
    }

    /** Whether a serialized logical type is a year-month INTERVAL (which the simulator has no type for). */
    public static boolean isYearMonthInterval(JsonNode logicalType) {
        return logicalType.isTextual() && logical(logicalType).getTypeRoot() == LogicalTypeRoot.INTERVAL_YEAR_MONTH;
    }

    /** The simulator's type of a Flink logical type: a day-time INTERVAL is milliseconds, other types are not modelled. */
    public static SqlType of(LogicalType type) {
        if (type.getTypeRoot() == LogicalTypeRoot.INTERVAL_DAY_TIME) {
            return SqlType.INTERVAL;
        }
        try {
            return FlinkTypes.of(type);
        } catch (IllegalArgumentException notModelled) {
            throw unsupported("the type " + type.asSummaryString());
        }
    }

    private static UnsupportedConstructException unsupported(String construct) {
        return new UnsupportedConstructException(SqlParserPos.ZERO, construct);
    }
}
