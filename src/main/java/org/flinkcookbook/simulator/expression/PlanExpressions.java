package org.flinkcookbook.simulator.expression;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.table.runtime.util.collections.DoubleHashSet;
import org.apache.flink.table.runtime.util.collections.FloatHashSet;
import org.apache.flink.table.utils.DateTimeUtils;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Operators.Comparison;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.PlanTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Flink's own reduced expressions, as its compiled plan serializes them (RexNodeJsonSerializer:
 * INPUT_REF, LITERAL, CALL by internal name such as {@code $+$1} or {@code $UPPER$1}), made into
 * the simulator's evaluators. Everything the planner decided (implicit casts, constant folding,
 * propagated equalities, the result type of every call) is already in the expression; this class
 * only executes it, as Flink's generated code does, and throws {@link
 * UnsupportedConstructException} naming any call, literal or type it does not model.
 */
public final class PlanExpressions {

    private final List<Column> input;

    private PlanExpressions(List<Column> input) {
        this.input = List.copyOf(input);
    }

    /**
     * @param rexNode one serialized RexNode of a plan's ExecNode (a projection, a condition)
     * @param input the columns of the node's input row, in order
     */
    public static Expression compile(JsonNode rexNode, List<Column> input) {
        return new PlanExpressions(input).expression(rexNode);
    }

    /**
     * A projection of a Calc: the expression, written into its output field as Flink's generated code writes it. A
     * field typed NOT NULL is written without a null check, so where its expression is NULL (a nullable value CAST to a
     * NOT NULL sink column, as an INSERT's implicit cast makes it) the field holds the generated code's initial value,
     * CodeGenUtils#primitiveDefaultValue: FALSE, -1, -1.0, an empty string (a CHAR(n) not padded); NULL for other types.
     */
    public static Expression projection(JsonNode rexNode, List<Column> input) {
        Expression expression = compile(rexNode, input);
        if (PlanTypes.nullable(rexNode.path("type"))) {
            return expression;
        }
        Object initial = primitiveDefault(expression.type());
        return initial == null
                ? expression
                : new Expression(
                        expression.type(),
                        (row, context) -> {
                            Object value = expression.evaluate(row, context);
                            return value == null ? initial : value;
                        },
                        expression.readsWatermark());
    }

    /** CodeGenUtils#primitiveDefaultValue, as the simulator holds values; null where it is null. */
    private static Object primitiveDefault(SqlType type) {
        return switch (type.root()) {
            case BOOLEAN -> Boolean.FALSE;
            case TINYINT, SMALLINT, INT, DATE, TIME -> -1; // DATE and TIME are ints
            case BIGINT, INTERVAL -> -1L;
            case FLOAT -> -1.0f;
            case DOUBLE -> -1.0d;
            case STRING -> "";
            default -> null;
        };
    }

    private Expression expression(JsonNode node) {
        String kind = node.path("kind").asText();
        return switch (kind) {
            case "INPUT_REF" -> {
                int index = node.path("inputIndex").asInt(-1);
                if (index < 0 || index >= input.size()) {
                    throw unsupported("an input reference to field " + index + " of " + input.size());
                }
                yield Expression.column(index, input.get(index).type());
            }
            case "LITERAL" -> literal(node);
            case "CALL" -> call(node);
            default -> throw unsupported("the expression kind " + kind + " (" + describe(node) + ")");
        };
    }

    private Expression literal(JsonNode node) {
        if (node.has("sarg")) {
            throw unsupported("a search argument outside SEARCH");
        }
        if (node.has("symbol")) {
            throw unsupported("the symbol " + node.path("value").asText() + " outside a call that reads it");
        }
        SqlType type = PlanTypes.of(node.path("type"));
        return Expression.constant(value(node.path("value"), type), type);
    }

    /**
     * A literal's value as RexNodeJsonSerializer writes it for its type, as the generated code holds it
     * (GenerateUtils#generateLiteral): integers as numbers, FLOAT, DOUBLE and DECIMAL as exact decimals (a DOUBLE
     * literal is that decimal's nearest double), TIMESTAMP and TIMESTAMP_LTZ as Calcite's timestamp text (of an
     * LTZ the UTC instant), day-time intervals as milliseconds.
     */
    private static Object value(JsonNode value, SqlType type) {
        if (value.isNull() || value.isMissingNode()) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN -> value.asBoolean();
            case TINYINT, SMALLINT, INT -> value.asInt();
            case BIGINT -> value.asLong();
            case FLOAT -> new BigDecimal(value.asText()).floatValue();
            case DOUBLE -> new BigDecimal(value.asText()).doubleValue();
            case DECIMAL -> Values.fitDecimal(new BigDecimal(value.asText()), type);
            case STRING -> value.asText();
            case TIMESTAMP, TIMESTAMP_LTZ -> Timestamps.parseLiteral(value.asText(), type.precision());
            case DATE -> DateTimeUtils.parseDate(value.asText()); // Calcite's DateString and TimeString
            case TIME -> DateTimeUtils.parseTime(value.asText());
            case INTERVAL -> new BigDecimal(value.asText()).longValueExact();
            case NULL -> null;
        };
    }

    private Expression call(JsonNode node) {
        String name = functionName(node);
        List<JsonNode> operands = new ArrayList<>();
        node.path("operands").forEach(operands::add);
        CallSite site = new CallSite(SqlParserPos.ZERO, describe(node));
        SqlType type = PlanTypes.of(node.path("type"));
        switch (name) {
            case "AND":
            case "OR":
                return Operators.logical(all(operands), name.equals("AND"));
            case "NOT":
                return Operators.not(expression(operands.get(0)));
            case "IS NULL":
            case "IS NOT NULL":
                return Operators.isNull(expression(operands.get(0)), name.equals("IS NULL"));
            case "IS TRUE":
            case "IS NOT TRUE":
                return Operators.is(expression(operands.get(0)), Boolean.TRUE, name.equals("IS NOT TRUE"));
            case "IS FALSE":
            case "IS NOT FALSE":
                return Operators.is(expression(operands.get(0)), Boolean.FALSE, name.equals("IS NOT FALSE"));
            case "=":
                return comparison(site, Comparison.EQUALS, operands);
            case "<>":
                return comparison(site, Comparison.NOT_EQUALS, operands);
            case "<":
                return comparison(site, Comparison.LESS_THAN, operands);
            case "<=":
                return comparison(site, Comparison.LESS_THAN_OR_EQUAL, operands);
            case ">":
                return comparison(site, Comparison.GREATER_THAN, operands);
            case ">=":
                return comparison(site, Comparison.GREATER_THAN_OR_EQUAL, operands);
            case "IS DISTINCT FROM":
            case "IS NOT DISTINCT FROM":
                return distinctFrom(site, operands, name.equals("IS DISTINCT FROM"));
            case "+":
            case "-":
            case "*":
            case "/":
            case "/INT":
                return arithmetic(site, name.charAt(0), type, operands);
            case "MOD":
            case "%":
                return BuiltInFunctions.mod(site, type, expression(operands.get(0)), expression(operands.get(1)));
            case "AS": // a Table API alias (the captured INSERT's columns) names the value, nothing more
                return expression(operands.get(0));
            case "CAST":
                return Operators.cast(site, expression(operands.get(0)), type);
            case "REINTERPRET":
                return PlanTypes.isYearMonthInterval(operands.get(0).path("type"))
                        ? monthsBetween(site, operands.get(0), type)
                        : reinterpret(site, expression(operands.get(0)), type);
            case "CASE":
            case "IF":
                return caseWhen(operands, type);
            case "COALESCE":
                return Operators.coalesce(all(operands).stream()
                        .map(operand -> Operators.castTo(operand, type))
                        .toList());
            case "SEARCH":
                return search(site, expression(operands.get(0)), operands.get(1));
            case "LIKE":
                return like(site, operands);
            case "SIMILAR TO":
            case "NOT SIMILAR TO":
                return BuiltInFunctions.similarTo(site, all(operands), name.equals("NOT SIMILAR TO"));
            case "UPPER":
            case "LOWER":
                return Operators.changeCase(type, expression(operands.get(0)), name.equals("UPPER"));
            case "||":
            case "CONCAT":
                return Operators.concat(type, all(operands));
            case "CHAR_LENGTH":
            case "CHARACTER_LENGTH":
                return typed(type, BuiltInFunctions.charLength(site, expression(operands.get(0))));
            case "SUBSTRING":
            case "SUBSTR":
                return typed(type, BuiltInFunctions.substring(site, all(operands)));
            case "TRIM": {
                String flag = symbol(site, operands.get(0), "TRIM");
                return typed(
                        type,
                        BuiltInFunctions.trim(
                                site,
                                !flag.equals("TRAILING"),
                                !flag.equals("LEADING"),
                                expression(operands.get(1)),
                                expression(operands.get(2))));
            }
            case "POSITION":
                return typed(type, BuiltInFunctions.position(site, all(operands)));
            case "REGEXP_EXTRACT":
                return typed(type, BuiltInFunctions.regexpExtract(site, all(operands)));
            case "DATE_FORMAT":
                return typed(
                        type,
                        BuiltInFunctions.dateFormat(site, expression(operands.get(0)), expression(operands.get(1))));
            case "CONVERT_TZ":
                return typed(type, BuiltInFunctions.convertTz(site, all(operands)));
            case "ABS":
                return typed(type, BuiltInFunctions.abs(site, expression(operands.get(0))));
            case "ROUND":
                return typed(
                        type,
                        BuiltInFunctions.round(
                                site,
                                expression(operands.get(0)),
                                operands.size() > 1 ? intLiteral(site, operands.get(1), "ROUND") : 0));
            case "EXTRACT":
                return typed(
                        type,
                        BuiltInFunctions.extract(
                                site,
                                DateTimeUtils.TimeUnitRange.valueOf(symbol(site, operands.get(0), "TIME_UNIT_RANGE")),
                                expression(operands.get(1))));
            case "TO_TIMESTAMP_LTZ":
                return typed(
                        type,
                        BuiltInFunctions.toTimestampLtz(
                                site,
                                expression(operands.get(0)),
                                operands.size() > 1 ? intLiteral(site, operands.get(1), "TO_TIMESTAMP_LTZ") : 3));
            case "TO_TIMESTAMP":
                return typed(
                        type,
                        BuiltInFunctions.toTimestamp(
                                site,
                                expression(operands.get(0)),
                                operands.size() > 1 ? stringLiteral(site, operands.get(1), "TO_TIMESTAMP") : null));
            case "FLOOR":
            case "CEIL":
                return operands.size() == 2
                        ? TemporalFunctions.floorOrCeil(
                                site,
                                name.equals("FLOOR"),
                                DateTimeUtils.TimeUnitRange.valueOf(symbol(site, operands.get(1), "TIME_UNIT_RANGE")),
                                type,
                                expression(operands.get(0)))
                        : MathFunctions.floorOrCeil(site, name.equals("FLOOR"), type, expression(operands.get(0)));
            case "POWER":
            case "ATAN2":
                return MathFunctions.binary(site, name, type, expression(operands.get(0)), expression(operands.get(1)));
            case "LOG":
                return operands.size() == 2
                        ? MathFunctions.binary(
                                site, name, type, expression(operands.get(0)), expression(operands.get(1)))
                        : MathFunctions.unary(site, "LN", type, expression(operands.get(0)));
            case "TRUNCATE":
                return MathFunctions.truncate(site, type, all(operands));
            case "SIGN":
                return MathFunctions.sign(site, type, expression(operands.get(0)));
            case "GREATEST":
            case "LEAST":
                return BuiltInFunctions.greatestOrLeast(site, type, all(operands), name.equals("GREATEST"));
            case "IFNULL":
                return Operators.coalesce(all(operands).stream()
                        .map(operand -> Operators.castTo(operand, type))
                        .toList());
            case "TRY_CAST":
                return BuiltInFunctions.tryCast(site, expression(operands.get(0)), type);
            case "TO_DATE":
                return TemporalFunctions.toDate(site, type, all(operands));
            case "UNIX_TIMESTAMP":
                return TemporalFunctions.unixTimestamp(site, type, all(operands));
            case "FROM_UNIXTIME":
                return TemporalFunctions.fromUnixtime(site, type, all(operands));
            case "CURRENT_WATERMARK":
                return Operators.currentWatermark(type);
            case "PROCTIME":
            case "PROCTIME_MATERIALIZE":
            case "NOW":
            case "CURRENT_TIMESTAMP":
            case "LOCALTIMESTAMP":
            case "CURRENT_DATE":
            case "CURRENT_TIME":
            case "LOCALTIME":
            case "CURRENT_ROW_TIMESTAMP":
            case "RAND":
            case "RAND_INTEGER":
            case "UUID":
                return Expression.constant(Values.NONDETERMINISTIC, type);
            default:
                if (MathFunctions.isUnary(name)) {
                    return MathFunctions.unary(site, name, type, expression(operands.get(0)));
                }
                if (StringFunctions.isStringFunction(name)) {
                    return StringFunctions.call(site, name, type, all(operands));
                }
                throw unsupported("the function " + name);
        }
    }

    /** The function a call names: a built-in's internal name without its {@code $...$1} frame. */
    private static String functionName(JsonNode call) {
        JsonNode internal = call.path("internalName");
        if (internal.isTextual()) {
            return withoutFrame(internal.asText());
        }
        if (call.path("sqlKind").isTextual()) {
            return call.path("sqlKind").asText();
        }
        String function = call.path("systemName").isTextual()
                ? call.path("systemName").asText()
                : call.path("catalogName").isMissingNode()
                        ? call.path("class").asText()
                        : call.path("catalogName").toString();
        throw unsupported("the user-defined function " + function);
    }

    /** A built-in function's internal name (BuiltInSqlOperator#toQualifiedName: {@code $NAME$version}) as NAME. */
    public static String withoutFrame(String internalName) {
        int end = internalName.lastIndexOf('$');
        return internalName.startsWith("$") && end > 0 ? internalName.substring(1, end) : internalName;
    }

    private List<Expression> all(List<JsonNode> operands) {
        List<Expression> compiled = new ArrayList<>();
        for (JsonNode operand : operands) {
            compiled.add(expression(operand));
        }
        return compiled;
    }

    /** An expression with the type the plan gives its call. */
    private static Expression typed(SqlType type, Expression expression) {
        return new Expression(type, expression.evaluator(), expression.readsWatermark());
    }

    private Expression comparison(CallSite site, Comparison kind, List<JsonNode> operands) {
        Expression left = expression(operands.get(0));
        Expression right = expression(operands.get(1));
        checkComparable(site, left.type(), right.type());
        return Operators.comparison(site, kind, left, right, Operators::order);
    }

    private static void checkComparable(CallSite site, SqlType left, SqlType right) {
        boolean comparable = left.root() == Root.NULL
                || right.root() == Root.NULL
                || (left.isNumeric() && right.isNumeric())
                || (left.isTimestamp() && right.isTimestamp())
                || left.root() == right.root();
        if (!comparable) {
            throw site.unsupported("comparing " + left + " with " + right + " in " + site);
        }
    }

    /**
     * IS [NOT] DISTINCT FROM as ScalarOperatorGens#generateIsNotDistinctFrom: two NULLs are not distinct, a NULL and a
     * value are, two values are as {@code =} compares them.
     */
    private Expression distinctFrom(CallSite site, List<JsonNode> operands, boolean distinct) {
        Expression left = expression(operands.get(0));
        Expression right = expression(operands.get(1));
        checkComparable(site, left.type(), right.type());
        Expression equal = Operators.comparison(site, Comparison.EQUALS, left, right, Operators::order);
        return new Expression(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object a = left.evaluate(row, context);
                    Object b = right.evaluate(row, context);
                    boolean same = a == null || b == null ? a == b : Boolean.TRUE.equals(equal.evaluate(row, context));
                    return same != distinct;
                },
                equal.readsWatermark());
    }

    private Expression arithmetic(CallSite site, char operator, SqlType type, List<JsonNode> operands) {
        Expression first = expression(operands.get(0));
        if (operands.size() == 1) {
            return operator == '-' ? typed(type, Operators.negation(site, first)) : typed(type, first);
        }
        return Operators.arithmetic(site, operator, type, first, expression(operands.get(1)));
    }

    /**
     * REINTERPRET: the same value seen as another type with the same representation, as the generated code passes it
     * on (an INTERVAL's milliseconds as a BIGINT, a time attribute as its TIMESTAMP); any other is not modelled.
     */
    private static Expression reinterpret(CallSite site, Expression operand, SqlType type) {
        Root from = operand.type().root();
        Root to = type.root();
        boolean same = from == to
                || (from == Root.INTERVAL && to == Root.BIGINT)
                || (from == Root.BIGINT && to == Root.INTERVAL);
        if (!same) {
            throw site.unsupported("REINTERPRET of " + operand.type() + " as " + type);
        }
        return typed(type, operand);
    }

    /**
     * REINTERPRET of a difference of two TIMESTAMPs in months, as Calcite's TIMESTAMPDIFF convertlet writes {@code
     * TIMESTAMPDIFF(MONTH|QUARTER|YEAR, t1, t2)}: ScalarOperatorGens#generateTemporalPlusMinus computes {@code
     * DateTimeUtils#subtractMonths(t2, t1)} on the milliseconds (an int, passed on as the BIGINT the call gives). Any
     * other use of a year-month interval is not modelled.
     */
    private Expression monthsBetween(CallSite site, JsonNode difference, SqlType type) {
        List<JsonNode> operands = new ArrayList<>();
        difference.path("operands").forEach(operands::add);
        if (!difference.path("kind").asText().equals("CALL")
                || !functionName(difference).equals("-")
                || operands.size() != 2
                || type.root() != Root.BIGINT) {
            throw site.unsupported("the year-month interval of " + describe(difference) + " as " + type);
        }
        Expression end = expression(operands.get(0));
        Expression start = expression(operands.get(1));
        if (end.type().root() != Root.TIMESTAMP || start.type().root() != Root.TIMESTAMP) {
            throw site.unsupported("a difference in months of " + end.type() + " and " + start.type());
        }
        return BuiltInFunctions.callIfArgsNotNull(site, type, List.of(end, start), (values, context) ->
                (long) DateTimeUtils.subtractMonths(Timestamps.millis(values[0]), Timestamps.millis(values[1])));
    }

    /** CASE WHEN c1 THEN v1 ... ELSE e END (operands c1, v1, ..., e) and IF(c, a, b), each branch cast to the call's type. */
    private Expression caseWhen(List<JsonNode> operands, SqlType type) {
        List<Expression> conditions = new ArrayList<>();
        List<Expression> results = new ArrayList<>();
        for (int i = 0; i + 1 < operands.size(); i += 2) {
            conditions.add(expression(operands.get(i)));
            results.add(Operators.castTo(expression(operands.get(i + 1)), type));
        }
        results.add(Operators.castTo(expression(operands.get(operands.size() - 1)), type));
        return Operators.firstTrue(conditions, results);
    }

    /** {@code s LIKE pattern} with a pattern literal without escapes, as LikeCallGen matches it. */
    private Expression like(CallSite site, List<JsonNode> operands) {
        if (operands.size() != 2) {
            throw site.unsupported("LIKE with an ESCAPE");
        }
        String pattern = stringLiteral(site, operands.get(1), "LIKE");
        if (pattern == null || pattern.contains("\\")) {
            throw site.unsupported("LIKE other than with a pattern literal without escapes");
        }
        Expression text = expression(operands.get(0));
        if (text.type().root() != Root.STRING) {
            throw site.unsupported("LIKE of " + text.type());
        }
        return Operators.like(text, pattern, false);
    }

    /**
     * SEARCH(x, sarg), Calcite's form of IN, NOT IN, BETWEEN and OR-ed ranges of literals, as SearchOperatorGen
     * generates it. A set of points (or all but a set of points) is a hash set of the points cast to the common type of
     * x and the points, which x is cast to: Flink's own FloatHashSet and DoubleHashSet for FLOAT and DOUBLE (which tell
     * -0.0 from 0.0 by their bits: {@code d IN (0e0)} is FALSE for -0.0 where {@code d = 0e0} is TRUE, measured),
     * equality otherwise. Other ranges are ORs of comparisons of x with the bounds in the search argument's type. A NULL
     * x gives what the argument's nullAs says.
     */
    private Expression search(CallSite site, Expression target, JsonNode sargLiteral) {
        JsonNode sarg = sargLiteral.path("sarg");
        if (!sarg.isObject()) {
            throw site.unsupported("SEARCH of " + describe(sargLiteral));
        }
        SqlType boundType = PlanTypes.of(sargLiteral.path("type"));
        // Sarg#nullAs: what a NULL x gives (measured for TRUE, as in x IN (1, 2) OR x IS NULL, and UNKNOWN)
        String nullAs = sarg.path("nullAs").asText();
        Boolean whenNull = nullAs.equals("TRUE") ? Boolean.TRUE : nullAs.equals("FALSE") ? Boolean.FALSE : null;
        List<Range> ranges = new ArrayList<>();
        for (JsonNode range : sarg.path("ranges")) {
            ranges.add(new Range(Bound.of(range.path("lower"), boundType), Bound.of(range.path("upper"), boundType)));
        }
        List<Object> points = points(ranges);
        boolean complemented = points == null;
        if (complemented) {
            points = complementedPoints(ranges);
        }
        if (points == null) {
            return ranges(target, ranges, whenNull);
        }
        SqlType common = FlinkTypes.commonType(List.of(target.type(), boundType))
                .orElseThrow(() -> site.unsupported("SEARCH of " + target.type() + " in " + boundType));
        Predicate<Object> haystack = haystack(points, boundType, common);
        boolean negated = complemented;
        SqlType from = target.type();
        return Operators.derived(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object value = target.evaluate(row, context);
                    if (value == null) {
                        return whenNull;
                    }
                    return haystack.test(Values.cast(value, from, common, context.sessionZone())) != negated;
                },
                target);
    }

    /** One bound of a range: its value in the search argument's type, and whether it is included; null when unbounded. */
    private record Bound(Object value, boolean closed) {
        static Bound of(JsonNode bound, SqlType type) {
            return bound.isObject()
                    ? new Bound(
                            PlanExpressions.value(bound.path("value"), type),
                            bound.path("boundType").asText().equals("CLOSED"))
                    : null;
        }
    }

    private record Range(Bound lower, Bound upper) {
        boolean isPoint() {
            return lower != null
                    && upper != null
                    && lower.closed()
                    && upper.closed()
                    && Values.compare(lower.value(), upper.value()) == 0;
        }
    }

    /** The points of a search argument whose ranges are all points, else null (Sarg#isPoints). */
    private static List<Object> points(List<Range> ranges) {
        return ranges.stream().allMatch(Range::isPoint)
                ? ranges.stream().map(range -> range.lower().value()).toList()
                : null;
    }

    /**
     * The points a search argument excludes where it is everything else (Sarg#isComplementedPoints: {@code (-∞, a),
     * (a, b), (b, +∞)}), else null.
     */
    private static List<Object> complementedPoints(List<Range> ranges) {
        if (ranges.size() < 2
                || ranges.get(0).lower() != null
                || ranges.get(ranges.size() - 1).upper() != null) {
            return null;
        }
        List<Object> points = new ArrayList<>();
        for (int i = 0; i + 1 < ranges.size(); i++) {
            Bound upper = ranges.get(i).upper();
            Bound lower = ranges.get(i + 1).lower();
            if (upper == null
                    || lower == null
                    || upper.closed()
                    || lower.closed()
                    || Values.compare(upper.value(), lower.value()) != 0) {
                return null;
            }
            points.add(upper.value());
        }
        return points;
    }

    /** The set of the points cast to the common type, as CodeGeneratorContext#addReusableHashSet makes it. */
    private static Predicate<Object> haystack(List<Object> points, SqlType boundType, SqlType common) {
        List<Object> cast = points.stream()
                .map(point -> Values.cast(point, boundType, common, null))
                .toList();
        if (common.root() == Root.DOUBLE) {
            DoubleHashSet set = new DoubleHashSet();
            cast.forEach(point -> set.add((Double) point));
            set.optimize();
            return value -> set.contains((Double) value);
        }
        if (common.root() == Root.FLOAT) {
            FloatHashSet set = new FloatHashSet();
            cast.forEach(point -> set.add((Float) point));
            set.optimize();
            return value -> set.contains((Float) value);
        }
        Set<Object> set = new HashSet<>(cast);
        return set::contains;
    }

    /** An OR of each range's comparisons of the target with its bounds, as SearchOperatorGen's RangeToExpression. */
    private static Expression ranges(Expression target, List<Range> ranges, Boolean whenNull) {
        return Operators.derived(
                SqlType.BOOLEAN,
                (row, context) -> {
                    Object value = target.evaluate(row, context);
                    if (value == null) {
                        return whenNull;
                    }
                    for (Range range : ranges) {
                        if (within(value, range.lower(), 1) && within(value, range.upper(), -1)) {
                            return true;
                        }
                    }
                    return false;
                },
                target);
    }

    /** Whether a value lies on the inner side ({@code side} 1 above a lower bound, -1 below an upper one) of a bound. */
    private static boolean within(Object value, Bound bound, int side) {
        if (bound == null) {
            return true;
        }
        Integer order = Operators.order(value, bound.value());
        if (order == null) {
            return false; // NaN: every comparison is FALSE
        }
        Operators.checkStringOrder(value, bound.value(), order);
        return order * side > 0 || (order == 0 && bound.closed());
    }

    /** The value of a symbol operand (TRIM's flag, EXTRACT's unit) of the kind the call reads. */
    private static String symbol(CallSite site, JsonNode operand, String kind) {
        if (!operand.path("symbol").asText().equals(kind)) {
            throw site.unsupported(site + " with " + describe(operand));
        }
        return operand.path("value").asText();
    }

    private static int intLiteral(CallSite site, JsonNode operand, String what) {
        if (!operand.path("kind").asText().equals("LITERAL")
                || !operand.path("value").isIntegralNumber()) {
            throw site.unsupported(what + " with the argument " + describe(operand));
        }
        return operand.path("value").asInt();
    }

    private static String stringLiteral(CallSite site, JsonNode operand, String what) {
        if (!operand.path("kind").asText().equals("LITERAL")
                || !operand.path("value").isTextual()) {
            throw site.unsupported(what + " with the argument " + describe(operand));
        }
        return operand.path("value").asText();
    }

    /** A serialized RexNode as Flink's plan prints it, roughly: {@code UPPER($2)}, {@code +($0, 1)}. */
    private static String describe(JsonNode node) {
        return switch (node.path("kind").asText()) {
            case "INPUT_REF" -> "$" + node.path("inputIndex").asInt();
            case "LITERAL" ->
                node.has("sarg")
                        ? "Sarg" + node.path("sarg").path("ranges")
                        : node.path("value").isTextual()
                                ? "'" + node.path("value").asText() + "'"
                                : node.path("value").toString();
            case "CALL" -> {
                List<String> operands = new ArrayList<>();
                node.path("operands").forEach(operand -> operands.add(describe(operand)));
                String name = node.path("internalName").isTextual()
                        ? withoutFrame(node.path("internalName").asText())
                        : node.path("sqlKind").asText(node.path("systemName").asText("?"));
                yield name + "(" + String.join(", ", operands) + ")";
            }
            default -> node.path("kind").asText() + " " + node;
        };
    }

    private static UnsupportedConstructException unsupported(String construct) {
        return new UnsupportedConstructException(SqlParserPos.ZERO, construct);
    }
}
