package org.flinkcookbook.simulator.types;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.flink.sql.parser.type.SqlTimestampLtzTypeNameSpec;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * The SQL types the simulator models. Values are held as plain Java objects: BOOLEAN as Boolean,
 * TINYINT/SMALLINT/INT as Integer, BIGINT as Long, FLOAT as Float, DOUBLE as Double, DECIMAL as
 * BigDecimal, character strings as String, TIMESTAMP and TIMESTAMP_LTZ as Long milliseconds
 * (TIMESTAMP: the wall-clock time read as UTC, as Flink's TimestampData does; TIMESTAMP_LTZ: the
 * epoch instant), day-time INTERVAL as Long milliseconds, DATE as Integer days since 1970-01-01 and
 * TIME as Integer milliseconds of the day (Flink's internal int of both).
 *
 * @param root the type family
 * @param precision decimal or fractional-second precision, or the length of CHAR(n) and
 *     VARCHAR(n); -1 where it does not apply (STRING)
 * @param scale decimal scale; {@link #FIXED_LENGTH} for CHAR(n); -1 where it does not apply
 */
public record SqlType(Root root, int precision, int scale) {

    public enum Root {
        BOOLEAN,
        TINYINT,
        SMALLINT,
        INT,
        BIGINT,
        FLOAT,
        DOUBLE,
        DECIMAL,
        STRING,
        TIMESTAMP,
        TIMESTAMP_LTZ,
        DATE,
        TIME,
        INTERVAL,
        NULL
    }

    /** The scale that tells CHAR(n) from VARCHAR(n). */
    private static final int FIXED_LENGTH = 1;

    public static final SqlType BOOLEAN = new SqlType(Root.BOOLEAN, -1, -1);
    public static final SqlType TINYINT = new SqlType(Root.TINYINT, -1, -1);
    public static final SqlType SMALLINT = new SqlType(Root.SMALLINT, -1, -1);
    public static final SqlType FLOAT = new SqlType(Root.FLOAT, -1, -1);
    public static final SqlType INT = new SqlType(Root.INT, -1, -1);
    public static final SqlType BIGINT = new SqlType(Root.BIGINT, -1, -1);
    public static final SqlType DOUBLE = new SqlType(Root.DOUBLE, -1, -1);
    public static final SqlType STRING = new SqlType(Root.STRING, -1, -1);
    public static final SqlType INTERVAL = new SqlType(Root.INTERVAL, -1, -1);
    public static final SqlType NULL = new SqlType(Root.NULL, -1, -1);
    public static final SqlType DATE = new SqlType(Root.DATE, -1, -1);
    /** window_start, window_end, TUMBLE_START, ...: always TIMESTAMP(3) in Flink. */
    public static final SqlType TIMESTAMP_3 = timestamp(3);

    public static SqlType timestamp(int precision) {
        return new SqlType(Root.TIMESTAMP, precision, -1);
    }

    public static SqlType time(int precision) {
        return new SqlType(Root.TIME, precision, -1);
    }

    public static SqlType timestampLtz(int precision) {
        return new SqlType(Root.TIMESTAMP_LTZ, precision, -1);
    }

    /** CHAR(n): values cast to it are padded with spaces or cut to n code points. */
    public static SqlType character(int length) {
        return new SqlType(Root.STRING, length, FIXED_LENGTH);
    }

    /** VARCHAR(n): values cast to it are cut to n code points; VARCHAR(2147483647) is STRING. */
    public static SqlType varchar(int length) {
        return length == Integer.MAX_VALUE ? STRING : new SqlType(Root.STRING, length, -1);
    }

    public static SqlType decimal(int precision, int scale) {
        return new SqlType(Root.DECIMAL, precision, scale);
    }

    /** The type a column declaration names; Flink's defaults: TIMESTAMP(6), DECIMAL(10, 0). */
    public static SqlType of(SqlDataTypeSpec spec) {
        SqlTypeNameSpec name = spec.getTypeNameSpec();
        int precision = name instanceof SqlBasicTypeNameSpec basic ? basic.getPrecision() : -1;
        int scale = name instanceof SqlBasicTypeNameSpec basic ? basic.getScale() : -1;
        if (name instanceof SqlTimestampLtzTypeNameSpec) {
            return timestampLtz(precision < 0 ? 6 : precision);
        }
        SqlTypeName typeName = SqlTypeName.get(name.getTypeName().getSimple().toUpperCase(Locale.ROOT));
        if (typeName == null) {
            throw new UnsupportedConstructException(spec.getParserPosition(), "the type " + name.getTypeName());
        }
        switch (typeName) {
            case BOOLEAN:
                return BOOLEAN;
            case TINYINT:
                return TINYINT;
            case SMALLINT:
                return SMALLINT;
            case INTEGER:
                return INT;
            case BIGINT:
                return BIGINT;
            case FLOAT:
                return FLOAT;
            case REAL:
                return FLOAT;
            case DOUBLE:
                return DOUBLE;
            case DECIMAL:
                return decimal(precision < 0 ? 10 : precision, scale < 0 ? 0 : scale);
            case CHAR:
                return character(precision < 0 ? 1 : precision);
            case VARCHAR:
                return precision < 0 ? STRING : varchar(precision);
            case TIMESTAMP:
                return timestamp(precision < 0 ? 6 : precision);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestampLtz(precision < 0 ? 6 : precision);
            default:
                throw new UnsupportedConstructException(spec.getParserPosition(), "the type " + typeName);
        }
    }

    /** A declared type as Flink's DESCRIBE prints it (LogicalType#asSummaryString without nullability). */
    public static String summary(SqlDataTypeSpec spec) {
        SqlTypeNameSpec name = spec.getTypeNameSpec();
        String typeName = name.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        int precision = name instanceof SqlBasicTypeNameSpec basic ? basic.getPrecision() : -1;
        if (typeName.equals("VARCHAR") || typeName.equals("STRING")) {
            return precision < 0 || precision == Integer.MAX_VALUE ? "STRING" : "VARCHAR(" + precision + ")";
        }
        if (typeName.equals("CHAR")) {
            return "CHAR(" + Math.max(precision, 1) + ")";
        }
        return of(spec).toString();
    }

    public boolean isNumeric() {
        return switch (root) {
            case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }

    /** TINYINT, SMALLINT and INT, all held as Integer. */
    public boolean isIntLike() {
        return root == Root.TINYINT || root == Root.SMALLINT || root == Root.INT;
    }

    public boolean isApproximate() {
        return root == Root.FLOAT || root == Root.DOUBLE;
    }

    /** CHAR(n) rather than VARCHAR(n) or STRING. */
    public boolean isFixedLength() {
        return root == Root.STRING && scale == FIXED_LENGTH;
    }

    /** TIMESTAMP, TIMESTAMP_LTZ, DATE or TIME. */
    public boolean isTemporal() {
        return isTimestamp() || root == Root.DATE || root == Root.TIME;
    }

    public boolean isTimestamp() {
        return root == Root.TIMESTAMP || root == Root.TIMESTAMP_LTZ;
    }

    @Override
    public String toString() {
        return switch (root) {
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            case TIMESTAMP, TIMESTAMP_LTZ, TIME -> root + "(" + precision + ")";
            case STRING -> precision < 0 ? "STRING" : (isFixedLength() ? "CHAR(" : "VARCHAR(") + precision + ")";
            default -> root.name();
        };
    }
}
