package org.flinkcookbook.simulator.expression;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.binary.BinaryStringDataUtil;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;

/**
 * Flink's string functions as StringCallGen generates them: each calls the SqlFunctionUtils or BinaryStringDataUtil
 * method the generated code calls, with every operand computed first, NULL when one is NULL (CONCAT_WS, IS_ALPHA,
 * IS_DIGIT and IS_DECIMAL take NULL operands), and NULL where a method gives a null string.
 */
final class StringFunctions {

    private StringFunctions() {}

    /** The digest algorithms of MD5, SHA1 ... (StringCallGen#generateHashInternal). */
    private static final Map<String, String> DIGESTS = Map.of(
            "MD5", "MD5",
            "SHA1", "SHA",
            "SHA224", "SHA-224",
            "SHA256", "SHA-256",
            "SHA384", "SHA-384",
            "SHA512", "SHA-512");

    /** Whether {@link #call} computes the function of this name. */
    static boolean isStringFunction(String name) {
        return switch (name) {
            case "SPLIT_INDEX",
                    "REGEXP_REPLACE",
                    "REGEXP",
                    "LEFT",
                    "RIGHT",
                    "REPEAT",
                    "INSTR",
                    "LOCATE",
                    "CONCAT_WS",
                    "TO_BASE64",
                    "ASCII",
                    "CHR",
                    "HEX",
                    "BIN",
                    "REVERSE",
                    "REPLACE",
                    "LPAD",
                    "RPAD",
                    "INITCAP",
                    "IS_ALPHA",
                    "IS_DIGIT",
                    "IS_DECIMAL",
                    "OVERLAY" -> true;
            default -> DIGESTS.containsKey(name);
        };
    }

    static Expression call(CallSite site, String name, SqlType type, List<Expression> operands) {
        if (DIGESTS.containsKey(name)) {
            return digest(site, name, type, operands);
        }
        return switch (name) {
            case "SPLIT_INDEX" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING_OR_INT, Kind.INT);
                yield text(
                        site,
                        type,
                        operands,
                        values -> values[1] instanceof String separator
                                ? SqlFunctionUtils.splitIndex((String) values[0], separator, (Integer) values[2])
                                : SqlFunctionUtils.splitIndex(
                                        (String) values[0], (Integer) values[1], (Integer) values[2]));
            }
            case "REGEXP_REPLACE" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING, Kind.STRING);
                yield text(
                        site,
                        type,
                        operands,
                        values -> SqlFunctionUtils.regexpReplace(
                                (String) values[0], (String) values[1], (String) values[2]));
            }
            case "REGEXP" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING);
                yield BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
                    Boolean matches = SqlFunctionUtils.regExp((String) values[0], (String) values[1]);
                    if (matches == null) { // an invalid regex: the generated code unboxes it and fails
                        throw new IllegalArgumentException("invalid regular expression " + values[1]);
                    }
                    return matches;
                });
            }
            case "LEFT", "RIGHT" -> {
                require(site, name, operands, Kind.STRING, Kind.INT);
                boolean left = name.equals("LEFT");
                yield BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
                    BinaryStringData text = binary(values[0]);
                    int length = (Integer) values[1];
                    // StringCallGen#generateLeft / #generateRight
                    if (length <= 0) {
                        return "";
                    }
                    if (left) {
                        return BinaryStringDataUtil.substringSQL(text, 1, length)
                                .toString();
                    }
                    return length >= text.numChars()
                            ? values[0]
                            : BinaryStringDataUtil.substringSQL(text, -length).toString();
                });
            }
            case "REPEAT" -> {
                require(site, name, operands, Kind.STRING, Kind.INT);
                yield text(
                        site,
                        type,
                        operands,
                        values -> SqlFunctionUtils.repeat((String) values[0], (Integer) values[1]));
            }
            case "INSTR" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING, Kind.INT, Kind.INT);
                yield BuiltInFunctions.callIfArgsNotNull(
                        site,
                        type,
                        operands,
                        (values, context) -> SqlFunctionUtils.instr(
                                binary(values[0]),
                                binary(values[1]),
                                values.length > 2 ? (Integer) values[2] : 1,
                                values.length > 3 ? (Integer) values[3] : 1));
            }
            case "LOCATE" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING, Kind.INT);
                yield BuiltInFunctions.callIfArgsNotNull(
                        site,
                        type,
                        operands,
                        (values, context) -> values.length == 2
                                ? SqlFunctionUtils.position(binary(values[0]), binary(values[1]))
                                : SqlFunctionUtils.position(binary(values[0]), binary(values[1]), (Integer) values[2]));
            }
            case "CONCAT_WS" -> concatWs(site, type, operands);
            case "TO_BASE64" -> {
                require(site, name, operands, Kind.STRING);
                yield text(site, type, operands, values -> SqlFunctionUtils.toBase64(binary(values[0])));
            }
            case "ASCII" -> {
                require(site, name, operands, Kind.STRING);
                yield BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
                    BinaryStringData text = binary(values[0]);
                    return text.getSizeInBytes() <= 0 ? 0 : (int) text.byteAt(0); // a signed byte of UTF-8
                });
            }
            case "CHR" -> {
                require(site, name, operands, Kind.WHOLE);
                yield text(site, type, operands, values -> SqlFunctionUtils.chr(((Number) values[0]).longValue()));
            }
            case "HEX" -> {
                require(site, name, operands, Kind.STRING_OR_WHOLE);
                yield text(
                        site,
                        type,
                        operands,
                        values -> values[0] instanceof String string
                                ? SqlFunctionUtils.hex(string)
                                : SqlFunctionUtils.hex(((Number) values[0]).longValue()));
            }
            case "BIN" -> {
                require(site, name, operands, Kind.WHOLE);
                yield text(site, type, operands, values -> Long.toBinaryString(((Number) values[0]).longValue()));
            }
            case "REVERSE" -> {
                require(site, name, operands, Kind.STRING);
                yield text(
                        site,
                        type,
                        operands,
                        values ->
                                BinaryStringDataUtil.reverse(binary(values[0])).toString());
            }
            case "REPLACE" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING, Kind.STRING);
                yield text(
                        site,
                        type,
                        operands,
                        values -> SqlFunctionUtils.replace((String) values[0], (String) values[1], (String) values[2]));
            }
            case "LPAD", "RPAD" -> {
                require(site, name, operands, Kind.STRING, Kind.INT, Kind.STRING);
                boolean left = name.equals("LPAD");
                yield text(
                        site,
                        type,
                        operands,
                        values -> left
                                ? SqlFunctionUtils.lpad((String) values[0], (Integer) values[1], (String) values[2])
                                : SqlFunctionUtils.rpad((String) values[0], (Integer) values[1], (String) values[2]));
            }
            case "INITCAP" -> {
                require(site, name, operands, Kind.STRING);
                yield text(site, type, operands, values -> SqlFunctionUtils.initcap((String) values[0]));
            }
            case "OVERLAY" -> {
                require(site, name, operands, Kind.STRING, Kind.STRING, Kind.INT, Kind.INT);
                yield text(
                        site,
                        type,
                        operands,
                        values -> values.length == 3
                                ? SqlFunctionUtils.overlay((String) values[0], (String) values[1], (Integer) values[2])
                                : SqlFunctionUtils.overlay(
                                        (String) values[0], (String) values[1], (Integer) values[2], (Integer)
                                                values[3]));
            }
            default -> characterClass(site, name, type, operands);
        };
    }

    /** IS_ALPHA, IS_DIGIT, IS_DECIMAL: SqlFunctionUtils' test of the string, FALSE for NULL (generateCallIfArgsNullable). */
    private static Expression characterClass(CallSite site, String name, SqlType type, List<Expression> operands) {
        require(site, name, operands, Kind.STRING);
        Expression text = operands.get(0);
        return Operators.derived(
                type,
                (row, context) -> {
                    Object value = text.evaluate(row, context);
                    return switch (name) {
                        case "IS_ALPHA" -> SqlFunctionUtils.isAlpha(value);
                        case "IS_DIGIT" -> SqlFunctionUtils.isDigit(value);
                        default -> SqlFunctionUtils.isDecimal(value);
                    };
                },
                text);
    }

    /**
     * CONCAT_WS(separator, s1, s2, ...): BinaryStringDataUtil#concatWs with every operand, NULL ones included
     * (generateCallIfArgsNullable): NULL when the separator is NULL, the NULL strings skipped.
     */
    private static Expression concatWs(CallSite site, SqlType type, List<Expression> operands) {
        for (Expression operand : operands) {
            if (operand.type().root() != Root.STRING) {
                throw site.unsupported("CONCAT_WS of " + operand.type());
            }
        }
        return new Expression(
                type,
                (row, context) -> {
                    BinaryStringData[] parts = new BinaryStringData[operands.size() - 1];
                    BinaryStringData separator = null;
                    for (int i = 0; i < operands.size(); i++) {
                        Object value = operands.get(i).evaluate(row, context);
                        if (value == org.flinkcookbook.simulator.types.Values.NONDETERMINISTIC) {
                            return value;
                        }
                        BinaryStringData string = value == null ? null : binary(value);
                        if (i == 0) {
                            separator = string;
                        } else {
                            parts[i - 1] = string;
                        }
                    }
                    BinaryStringData joined = BinaryStringDataUtil.concatWs(separator, parts);
                    return joined == null ? null : joined.toString();
                },
                operands.stream().anyMatch(Expression::readsWatermark));
    }

    /** MD5(s), SHA1(s) ... SHA512(s): BinaryStringDataUtil#hash of the UTF-8 bytes, in hex; with a charset not modelled. */
    private static Expression digest(CallSite site, String name, SqlType type, List<Expression> operands) {
        if (operands.size() != 1) {
            throw site.unsupported(name + " with a charset");
        }
        require(site, name, operands, Kind.STRING);
        String algorithm = DIGESTS.get(name);
        return BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> {
            try {
                return BinaryStringDataUtil.hash(binary(values[0]), MessageDigest.getInstance(algorithm))
                        .toString();
            } catch (NoSuchAlgorithmException missing) {
                throw new IllegalStateException(missing);
            }
        });
    }

    /** A method with a String result (generateStringResultCallIfArgsNotNull): a null string is NULL. */
    private static Expression text(CallSite site, SqlType type, List<Expression> operands, TextBody body) {
        return BuiltInFunctions.callIfArgsNotNull(site, type, operands, (values, context) -> body.apply(values));
    }

    @FunctionalInterface
    private interface TextBody {
        Object apply(Object[] values);
    }

    /** The operand types a function's overloads take. */
    private enum Kind {
        STRING,
        INT,
        WHOLE,
        STRING_OR_INT,
        STRING_OR_WHOLE;

        boolean accepts(SqlType type) {
            boolean string = type.root() == Root.STRING;
            boolean whole = type.isIntLike() || type.root() == Root.BIGINT;
            return switch (this) {
                case STRING -> string;
                case INT -> type.root() == Root.INT;
                case WHOLE -> whole;
                case STRING_OR_INT -> string || type.root() == Root.INT;
                case STRING_OR_WHOLE -> string || whole;
            };
        }
    }

    /** Each operand of the kind its position takes (a call may have fewer operands than kinds), else unsupported. */
    private static void require(CallSite site, String name, List<Expression> operands, Kind... kinds) {
        if (operands.size() > kinds.length) {
            throw site.unsupported(name + " of " + operands.size() + " operands");
        }
        for (int i = 0; i < operands.size(); i++) {
            if (!kinds[i].accepts(operands.get(i).type())) {
                throw site.unsupported(name + " of " + operands.get(i).type());
            }
        }
    }

    private static BinaryStringData binary(Object text) {
        return BinaryStringData.fromString((String) text);
    }
}
