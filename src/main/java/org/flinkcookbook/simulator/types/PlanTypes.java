package org.flinkcookbook.simulator.types;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * A logical type as Flink's compiled plan serializes it (a string such as {@code INT NOT NULL},
 * {@code VARCHAR(5)}, {@code TIMESTAMP(3) *ROWTIME*}, or an object for types without a summary
 * string), as the simulator's {@link SqlType}. A type the simulator does not model is
 * unsupported, by name.
 */
public final class PlanTypes {

    private PlanTypes() {}

    public static SqlType of(JsonNode logicalType) {
        throw new UnsupportedConstructException(
                SqlParserPos.ZERO, "types of Flink's plan are not modelled yet: " + logicalType);
    }

    /** Whether the serialized type allows NULL (no {@code NOT NULL}). */
    public static boolean nullable(JsonNode logicalType) {
        throw new UnsupportedConstructException(
                SqlParserPos.ZERO, "types of Flink's plan are not modelled yet: " + logicalType);
    }
}
