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

    /** A function computed by one runtime method: the operand kinds of its overloads, and the method. */
    private record Method(List<Kind> kinds, Body body) {
        Method(Body body, Kind... kinds) {
            this(List.of(kinds), body);
        }
    }

    /** A method's value from operands none of which is NULL; a null value is NULL. */
    @FunctionalInterface
    private interface Body {
        Object apply(Object[] values);
    }

    private static final Map<String, Method> METHODS = Map.ofEntries(
            Map.entry(
                    "SPLIT_INDEX",
                    new Method(
                            values -> values[1] instanceof String separator
                                    ? SqlFunctionUtils.splitIndex((String) values[0], separator, (Integer) values[2])
                                    : SqlFunctionUtils.splitIndex(
                                            (String) values[0], (Integer) values[1], (Integer) values[2]),
                            Kind.STRING,
                            Kind.STRING_OR_INT,
                            Kind.INT)),
            Map.entry(
                    "REGEXP_REPLACE",
                    new Method(
                            values -> SqlFunctionUtils.regexpReplace(
                                    (String) values[0], (String) values[1], (String) values[2]),
                            Kind.STRING,
                            Kind.STRING,
                            Kind.STRING)),
            Map.entry("REGEXP", new Method(StringFunctions::regExp, Kind.STRING, Kind.STRING)),
            Map.entry("LEFT", new Method(StringFunctions::left, Kind.STRING, Kind.INT)),
            Map.entry("RIGHT", new Method(StringFunctions::right, Kind.STRING, Kind.INT)),
            Map.entry(
                    "REPEAT",
                    new Method(
                            values -> SqlFunctionUtils.repeat((String) values[0], (Integer) values[1]),
                            Kind.STRING,
                            Kind.INT)),
            Map.entry(
                    "INSTR",
                    new Method(
                            values -> SqlFunctionUtils.instr(
                                    binary(values[0]),
                                    binary(values[1]),
                                    values.length > 2 ? (Integer) values[2] : 1,
                                    values.length > 3 ? (Integer) values[3] : 1),
                            Kind.STRING,
                            Kind.STRING,
                            Kind.INT,
                            Kind.INT)),
            Map.entry(
                    "LOCATE",
                    new Method(
                            values -> values.length == 2
                                    ? SqlFunctionUtils.position(binary(values[0]), binary(values[1]))
                                    : SqlFunctionUtils.position(
                                            binary(values[0]), binary(values[1]), (Integer) values[2]),
                            Kind.STRING,
                            Kind.STRING,
                            Kind.INT)),
            Map.entry("TO_BASE64", new Method(values -> SqlFunctionUtils.toBase64(binary(values[0])), Kind.STRING)),
            // the first byte of the UTF-8 bytes, signed (StringCallGen#generateAscii)
            Map.entry(
                    "ASCII",
                    new Method(
                            values -> binary(values[0]).getSizeInBytes() <= 0
                                    ? 0
                                    : (int) binary(values[0]).byteAt(0),
                            Kind.STRING)),
            Map.entry("CHR", new Method(values -> SqlFunctionUtils.chr(whole(values[0])), Kind.WHOLE)),
            Map.entry(
                    "HEX",
                    new Method(
                            values -> values[0] instanceof String string
                                    ? SqlFunctionUtils.hex(string)
                                    : SqlFunctionUtils.hex(whole(values[0])),
                            Kind.STRING_OR_WHOLE)),
            Map.entry("BIN", new Method(values -> Long.toBinaryString(whole(values[0])), Kind.WHOLE)),
            Map.entry(
                    "REVERSE",
                    new Method(
                            values -> BinaryStringDataUtil.reverse(binary(values[0]))
                                    .toString(),
                            Kind.STRING)),
            Map.entry(
                    "REPLACE",
                    new Method(
                            values -> SqlFunctionUtils.replace(
                                    (String) values[0], (String) values[1], (String) values[2]),
                            Kind.STRING,
                            Kind.STRING,
                            Kind.STRING)),
            Map.entry(
                    "LPAD",
                    new Method(
                            values ->
                                    SqlFunctionUtils.lpad((String) values[0], (Integer) values[1], (String) values[2]),
                            Kind.STRING,
                            Kind.INT,
                            Kind.STRING)),
            Map.entry(
                    "RPAD",
                    new Method(
                            values ->
                                    SqlFunctionUtils.rpad((String) values[0], (Integer) values[1], (String) values[2]),
                            Kind.STRING,
                            Kind.INT,
                            Kind.STRING)),
            Map.entry("INITCAP", new Method(values -> SqlFunctionUtils.initcap((String) values[0]), Kind.STRING)),
            Map.entry(
                    "OVERLAY",
                    new Method(
                            values -> values.length == 3
                                    ? SqlFunctionUtils.overlay(
                                            (String) values[0], (String) values[1], (Integer) values[2])
                                    : SqlFunctionUtils.overlay(
                                            (String) values[0], (String) values[1], (Integer) values[2], (Integer)
                                                    values[3]),
                            Kind.STRING,
                            Kind.STRING,
                            Kind.INT,
                            Kind.INT)));

    /** Whether {@link #call} computes the function of this name. */
    static boolean isStringFunction(String name) {
        return METHODS.containsKey(name)
                || DIGESTS.containsKey(name)
                || name.equals("CONCAT_WS")
                || name.equals("IS_ALPHA")
                || name.equals("IS_DIGIT")
                || name.equals("IS_DECIMAL");
    }

    static Expression call(CallSite site, String name, SqlType type, List<Expression> operands) {
        if (DIGESTS.containsKey(name)) {
            return digest(site, name, type, operands);
        }
        if (name.equals("CONCAT_WS")) {
            return concatWs(site, type, operands);
        }
        Method method = METHODS.get(name);
        if (method == null) {
            return characterClass(site, name, type, operands);
        }
        require(site, name, operands, method.kinds());
        return BuiltInFunctions.callIfArgsNotNull(
                site, type, operands, (values, context) -> method.body().apply(values));
    }

    /** REGEXP: SqlFunctionUtils#regExp; for an invalid regex it is null, which the generated code unboxes and fails. */
    private static Object regExp(Object[] values) {
        Boolean matches = SqlFunctionUtils.regExp((String) values[0], (String) values[1]);
        if (matches == null) {
            throw new IllegalArgumentException("invalid regular expression " + values[1]);
        }
        return matches;
    }

    /** LEFT(s, n) as StringCallGen#generateLeft: empty for n <= 0, else the first n characters. */
    private static Object left(Object[] values) {
        int length = (Integer) values[1];
        return length <= 0
                ? ""
                : BinaryStringDataUtil.substringSQL(binary(values[0]), 1, length)
                        .toString();
    }

    /** RIGHT(s, n) as StringCallGen#generateRight: empty for n <= 0, s itself when n is its length or more. */
    private static Object right(Object[] values) {
        BinaryStringData text = binary(values[0]);
        int length = (Integer) values[1];
        if (length <= 0) {
            return "";
        }
        return length >= text.numChars()
                ? values[0]
                : BinaryStringDataUtil.substringSQL(text, -length).toString();
    }

    private static long whole(Object value) {
        return ((Number) value).longValue();
    }

    /** IS_ALPHA, IS_DIGIT, IS_DECIMAL: SqlFunctionUtils' test of the string, FALSE for NULL (generateCallIfArgsNullable). */
    private static Expression characterClass(CallSite site, String name, SqlType type, List<Expression> operands) {
        require(site, name, operands, List.of(Kind.STRING));
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
        require(site, name, operands, List.of(Kind.STRING));
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
    private static void require(CallSite site, String name, List<Expression> operands, List<Kind> kinds) {
        if (operands.size() > kinds.size()) {
            throw site.unsupported(name + " of " + operands.size() + " operands");
        }
        for (int i = 0; i < operands.size(); i++) {
            if (!kinds.get(i).accepts(operands.get(i).type())) {
                throw site.unsupported(name + " of " + operands.get(i).type());
            }
        }
    }

    private static BinaryStringData binary(Object text) {
        return BinaryStringData.fromString((String) text);
    }
}
