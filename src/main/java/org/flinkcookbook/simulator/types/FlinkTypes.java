package org.flinkcookbook.simulator.types;

import java.util.List;
import java.util.Optional;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.NullType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.utils.LogicalTypeCasts;
import org.apache.flink.table.types.logical.utils.LogicalTypeMerging;

/**
 * Flink's own type rules, asked through its logical types: which casts a sink accepts, and the
 * common type of CASE and COALESCE branches.
 */
public final class FlinkTypes {

    private FlinkTypes() {}

    /** LogicalTypeCasts#supportsImplicitCast: what DynamicSinkUtils lets an INSERT write into a sink column. */
    public static boolean implicitlyCasts(SqlType from, SqlType to) {
        return from.root() == SqlType.Root.INTERVAL
                || LogicalTypeCasts.supportsImplicitCast(logical(from), logical(to));
    }

    /** LogicalTypeMerging#findCommonType: the type CASE and COALESCE give their branches, if any. */
    public static Optional<SqlType> commonType(List<SqlType> types) {
        if (types.stream().anyMatch(type -> type.root() == SqlType.Root.INTERVAL)) {
            return types.stream().distinct().count() == 1 ? Optional.of(types.get(0)) : Optional.empty();
        }
        return LogicalTypeMerging.findCommonType(
                        types.stream().map(FlinkTypes::logical).toList())
                .map(FlinkTypes::of);
    }

    /**
     * An exact operand of DECIMAL arithmetic as a DECIMAL: an integer type becomes DECIMAL(its
     * digits, 0), as FlinkTypeSystem derives decimal arithmetic types.
     */
    public static SqlType asDecimal(SqlType exact) {
        return switch (exact.root()) {
            case TINYINT -> SqlType.decimal(3, 0);
            case SMALLINT -> SqlType.decimal(5, 0);
            case INT -> SqlType.decimal(10, 0);
            case BIGINT -> SqlType.decimal(19, 0);
            default -> exact;
        };
    }

    /** LogicalTypeMerging#find*DecimalType: the result type of + - * / on two DECIMALs. */
    public static SqlType decimalArithmetic(char operator, SqlType a, SqlType b) {
        DecimalType type = switch (operator) {
            case '+', '-' ->
                LogicalTypeMerging.findAdditionDecimalType(a.precision(), a.scale(), b.precision(), b.scale());
            case '*' ->
                LogicalTypeMerging.findMultiplicationDecimalType(a.precision(), a.scale(), b.precision(), b.scale());
            default -> LogicalTypeMerging.findDivisionDecimalType(a.precision(), a.scale(), b.precision(), b.scale());
        };
        return of(type);
    }

    /** LogicalTypeMerging#findAvgAggType: AVG of a DECIMAL. */
    public static SqlType decimalAverage(SqlType argument) {
        return of(LogicalTypeMerging.findAvgAggType(logical(argument)));
    }

    public static LogicalType logical(SqlType type) {
        return switch (type.root()) {
            case BOOLEAN -> new BooleanType();
            case TINYINT -> new TinyIntType();
            case SMALLINT -> new SmallIntType();
            case INT -> new IntType();
            case BIGINT -> new BigIntType();
            case FLOAT -> new FloatType();
            case DOUBLE -> new DoubleType();
            case DECIMAL -> new DecimalType(type.precision(), type.scale());
            case STRING ->
                type.isFixedLength()
                        ? (type.precision() == 0 ? CharType.ofEmptyLiteral() : new CharType(type.precision()))
                        : type.precision() < 0
                                ? VarCharType.STRING_TYPE
                                : type.precision() == 0
                                        ? VarCharType.ofEmptyLiteral()
                                        : new VarCharType(type.precision());
            case TIMESTAMP -> new TimestampType(type.precision());
            case TIMESTAMP_LTZ -> new LocalZonedTimestampType(type.precision());
            case DATE -> new DateType();
            case TIME -> new TimeType(type.precision());
            case NULL -> new NullType();
            case INTERVAL -> throw new IllegalArgumentException("no logical type for " + type);
        };
    }

    static SqlType of(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> SqlType.BOOLEAN;
            case TINYINT -> SqlType.TINYINT;
            case SMALLINT -> SqlType.SMALLINT;
            case INTEGER -> SqlType.INT;
            case BIGINT -> SqlType.BIGINT;
            case FLOAT -> SqlType.FLOAT;
            case DOUBLE -> SqlType.DOUBLE;
            case DECIMAL -> SqlType.decimal(((DecimalType) type).getPrecision(), ((DecimalType) type).getScale());
            case CHAR -> SqlType.character(((CharType) type).getLength());
            case VARCHAR -> SqlType.varchar(((VarCharType) type).getLength());
            case TIMESTAMP_WITHOUT_TIME_ZONE -> SqlType.timestamp(((TimestampType) type).getPrecision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                SqlType.timestampLtz(((LocalZonedTimestampType) type).getPrecision());
            case DATE -> SqlType.DATE;
            case TIME_WITHOUT_TIME_ZONE -> SqlType.time(((TimeType) type).getPrecision());
            case NULL -> SqlType.NULL;
            default -> throw new IllegalArgumentException("no simulator type for " + type);
        };
    }
}
