package org.flinkcookbook.flink;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.functions.BuiltInFunctionDefinition;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;

/**
 * Which columns of a compiled plan's sink carry values that differ from run to run, read from the
 * plan Flink runs: a column is nondeterministic when its expression in the plan calls a function
 * Flink declares nondeterministic or dynamic (its operator's {@code isDeterministic()} false or
 * {@code isDynamicFunction()} true: the wall clock, processing time, random values), or reads such
 * a column of the node below. What the planner folded away ({@code NOW() IS NOT NULL} is TRUE) is
 * no call in the plan, so no placeholder hides a value Flink computes the same every run, and the
 * simulator, which executes the same plan, marks the same columns.
 *
 * <p>Node by node: a calc's projections are followed expression by expression; a union's column
 * is nondeterministic when it is in any input; a join's columns are its inputs' side by side; an
 * aggregation's keys are followed, its aggregate results are nondeterministic when an argument is;
 * a node that keeps its input's columns in front (exchanges, watermark assigners, ranks, OVER
 * aggregations, window table functions ...) passes them on and adds columns by its own calls and
 * arguments. A node this reads no further marks every column when anything of its input or its
 * own calls is nondeterministic: a placeholder too many costs a little checking, one too few a
 * flaky build.
 */
final class PlanNondeterminism {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * CURRENT_WATERMARK is nondeterministic to Flink (it depends on when watermarks come), but the
     * watermark of a fixture's rows is what this plugin checks (with a warning where a periodic
     * watermark's timing could change a row), so it is no placeholder's business.
     */
    private static final String CURRENT_WATERMARK = "CURRENT_WATERMARK";

    /** The calls that read only whether their operand is NULL. */
    private static final Set<String> NULL_TESTS = Set.of("IS NULL", "IS NOT NULL");

    /** The node types that keep their input's columns, in order, in front of any they add. */
    private static final Set<String> KEEPS_INPUT_COLUMNS = Set.of(
            "exchange",
            "watermark-assigner",
            "mini-batch-assigner",
            "drop-update-before",
            "changelog-normalize",
            "sort",
            "sort-limit",
            "limit",
            "rank",
            "deduplicate",
            "window-rank",
            "window-deduplicate",
            "temporal-sort",
            "over-aggregate",
            "window-table-function",
            "lookup-join",
            "correlate",
            "sink");

    /** The names of the functions whose values differ between runs, by runtime mode (batch first). */
    private static final Map<Boolean, Set<String>> NONDETERMINISTIC = new ConcurrentHashMap<>();

    private final Map<Integer, JsonNode> nodes = new HashMap<>();
    private final Map<Integer, List<Integer>> inputs = new HashMap<>();
    private final Map<Integer, boolean[]> columns = new HashMap<>();
    private final Set<String> functions;

    private PlanNondeterminism(JsonNode plan, Set<String> functions) {
        this.functions = functions;
        for (JsonNode node : plan.path("nodes")) {
            nodes.put(node.path("id").asInt(), node);
            inputs.put(node.path("id").asInt(), new ArrayList<>());
        }
        for (JsonNode edge : plan.path("edges")) {
            inputs.get(edge.path("target").asInt()).add(edge.path("source").asInt());
        }
    }

    /**
     * The plan of one query or INSERT, read once for both questions below.
     *
     * @param planner the planner that compiled the plan, whose operators say which functions differ from run to run
     * @param batch whether the plan was compiled in batch mode, where the clock's functions are dynamic
     */
    static PlanNondeterminism of(String json, Planner planner, boolean batch) {
        return new PlanNondeterminism(read(json), nondeterministicFunctions(planner, batch));
    }

    /** For each column of the plan's sink, whether its value differs from run to run. */
    List<Boolean> sinkColumns() {
        int sink = nodes.keySet().stream()
                .filter(id -> type(nodes.get(id)).endsWith("-sink"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("Flink's compiled plan has no sink"));
        List<Boolean> result = new ArrayList<>();
        for (boolean column : columns(sink)) {
            result.add(column);
        }
        return result;
    }

    /**
     * Whether any node of the plan Flink runs calls a function it declares nondeterministic or
     * dynamic: a filter on {@code CURRENT_DATE} as much as a column of {@code NOW()}, or the
     * {@code PROCTIME()} a window over processing time reads. Its rows may differ another day with
     * every input the same. A scan's table definition is no call: a computed column the query reads
     * is computed by the calc above the scan, and one it does not read is pruned from the plan.
     */
    boolean callsAny() {
        return nodes.entrySet().stream()
                .anyMatch(node ->
                        !inputs.get(node.getKey()).isEmpty() && readsNondeterministic(node.getValue(), new boolean[0]));
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Flink's compiled plan is no JSON: " + e.getMessage(), e);
        }
    }

    /**
     * Whether a statement names one of the functions Flink's planner declares nondeterministic (a
     * call, or a niladic one such as {@code CURRENT_TIMESTAMP}, in its parse tree): a session none of
     * whose statements does has no such value in any plan, so its plans need not be read.
     */
    static boolean names(SqlNode statement, Planner planner, boolean batch) {
        Set<String> functions = nondeterministicFunctions(planner, batch);
        Boolean found = statement.accept(new SqlBasicVisitor<Boolean>() {
            @Override
            public Boolean visit(SqlCall call) {
                if (functions.contains(call.getOperator().getName().toUpperCase(Locale.ROOT))) {
                    return true;
                }
                for (SqlNode operand : call.getOperandList()) {
                    if (operand != null && Boolean.TRUE.equals(operand.accept(this))) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Boolean visit(SqlNodeList list) {
                for (SqlNode node : list) {
                    if (node != null && Boolean.TRUE.equals(node.accept(this))) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Boolean visit(SqlIdentifier identifier) {
                return functions.contains(
                        identifier.names.get(identifier.names.size() - 1).toUpperCase(Locale.ROOT));
            }
        });
        return Boolean.TRUE.equals(found);
    }

    /** Whether each column node {@code id} gives is nondeterministic. */
    private boolean[] columns(int id) {
        boolean[] known = columns.get(id);
        if (known == null) {
            known = compute(id);
            columns.put(id, known);
        }
        return known;
    }

    private boolean[] compute(int id) {
        JsonNode node = nodes.get(id);
        String type = type(node);
        String kind = type.substring(type.indexOf("-exec-") + "-exec-".length());
        int arity = arity(node);
        List<boolean[]> in = inputs.get(id).stream().map(this::columns).toList();
        boolean[] out = new boolean[arity];
        if (in.isEmpty()) {
            return out; // a scan's physical columns or a values node's literals (a computed column is the calc above)
        }
        if (kind.equals("calc")) {
            int i = 0;
            for (JsonNode projection : node.path("projection")) {
                out[i++] = readsNondeterministic(projection, in.get(0));
            }
            return out;
        }
        if (kind.equals("union")) {
            for (boolean[] input : in) {
                for (int i = 0; i < Math.min(arity, input.length); i++) {
                    out[i] |= input[i];
                }
            }
            return out;
        }
        if (in.size() == 1 && node.has("grouping") && node.has("aggCalls")) {
            return aggregate(node, in.get(0), out);
        }
        if (in.size() == 1 && KEEPS_INPUT_COLUMNS.contains(kind) && arity >= in.get(0).length) {
            boolean[] input = in.get(0);
            System.arraycopy(input, 0, out, 0, input.length);
            Arrays.fill(out, input.length, arity, addsNondeterministic(node, input));
            return out;
        }
        if (in.size() > 1 && kind.contains("join") && !readsNondeterministic(node, new boolean[0])) {
            int at = 0;
            for (boolean[] input : in) {
                for (int i = 0; i < input.length && at < arity; i++) {
                    out[at++] = input[i];
                }
            }
            return out;
        }
        boolean any = readsNondeterministic(node, new boolean[0]);
        for (boolean[] input : in) {
            for (boolean column : input) {
                any |= column;
            }
        }
        Arrays.fill(out, any);
        return out;
    }

    /** Keys as the input's columns; aggregate results, window properties by the node's arguments and calls. */
    private boolean[] aggregate(JsonNode node, boolean[] input, boolean[] out) {
        JsonNode grouping = node.path("grouping");
        for (int i = 0; i < grouping.size() && i < out.length; i++) {
            int key = grouping.get(i).asInt();
            out[i] = key < input.length && input[key];
        }
        Arrays.fill(out, Math.min(grouping.size(), out.length), out.length, addsNondeterministic(node, input));
        return out;
    }

    /**
     * Whether the columns a node adds to its input's are nondeterministic: when it calls such a
     * function, reads such a column as an aggregate's argument, or is an OVER aggregation whose
     * RANGE frame reaches back a stretch of processing time (the rows it covers depend on when
     * they arrive; a ROWS frame or an unbounded one over processing time takes the fixture's order).
     */
    private boolean addsNondeterministic(JsonNode node, boolean[] input) {
        if (readsNondeterministic(node, input)) {
            return true;
        }
        for (JsonNode arguments : node.findValues("argList")) {
            for (JsonNode argument : arguments) {
                if (argument.asInt() < input.length && input[argument.asInt()]) {
                    return true;
                }
            }
        }
        for (JsonNode group : node.path("overSpec").path("groups")) {
            boolean range = !group.path("isRows").asBoolean(true);
            boolean bounded = !group.path("lowerBound").path("kind").asText().equals("UNBOUNDED_PRECEDING");
            for (JsonNode field : group.path("orderBy").path("fields")) {
                if (range
                        && bounded
                        && proctime(
                                inputs.get(intId(node)).get(0),
                                field.path("index").asInt())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether an expression (or any expression under a node) calls a nondeterministic function or
     * reads a nondeterministic input column ({@code INPUT_REF}).
     */
    private boolean readsNondeterministic(JsonNode expression, boolean[] input) {
        if (expression.isObject()) {
            String kind = expression.path("kind").asText();
            if (kind.equals("INPUT_REF")) {
                int index = expression.path("inputIndex").asInt();
                if (index < input.length && input[index]) {
                    return true;
                }
            } else if (kind.equals("CALL")) {
                String function = functionName(expression);
                if (functions.contains(function)) {
                    return true;
                }
                if (NULL_TESTS.contains(function)
                        && !nullable(expression.path("operands").path(0).path("type"))) {
                    return false; // a value of a NOT NULL type is never NULL, however it was computed
                }
            }
        }
        for (JsonNode child : expression) {
            if (readsNondeterministic(child, input)) {
                return true;
            }
        }
        return false;
    }

    /** Whether column {@code index} of node {@code id} is a processing-time attribute, as its output type says. */
    private boolean proctime(int id, int index) {
        JsonNode fields = nodes.get(id).path("outputType").path("fields");
        return index < fields.size()
                && fields.get(index).path("fieldType").path("kind").asText().equals("PROCTIME");
    }

    private int intId(JsonNode node) {
        return node.path("id").asInt();
    }

    /** Whether a serialized type allows NULL: a string without {@code NOT NULL}, an object without {@code "nullable": false}. */
    private static boolean nullable(JsonNode type) {
        if (type.isObject()) {
            return type.path("nullable").asBoolean(true);
        }
        return !type.isTextual()
                || LogicalTypeParser.parse(type.asText(), PlanNondeterminism.class.getClassLoader())
                        .isNullable();
    }

    /** The number of columns of a node's output type ({@code ROW<...>} as a string, or an object with fields). */
    private static int arity(JsonNode node) {
        JsonNode type = node.path("outputType");
        if (type.isObject()) {
            return type.path("fields").size();
        }
        return LogicalTypeParser.parse(type.asText(), PlanNondeterminism.class.getClassLoader())
                .getChildren()
                .size();
    }

    /** A built-in call's function name: its internal name without the {@code $...$version} frame, else its kind. */
    private static String functionName(JsonNode call) {
        String internal = call.path("internalName").asText("");
        if (internal.startsWith("$") && internal.lastIndexOf('$') > 0) {
            return internal.substring(1, internal.lastIndexOf('$'));
        }
        return call.path("sqlKind").asText(internal);
    }

    /** A node's type without its version: {@code stream-exec-calc} for {@code stream-exec-calc_1}. */
    private static String type(JsonNode node) {
        String type = node.path("type").asText();
        int version = type.lastIndexOf('_');
        return version < 0 ? type : type.substring(0, version);
    }

    /**
     * The functions whose values differ between runs, as Flink's planner declares them: the
     * operators of its operator table (FlinkSqlOperatorTable, in the planner's own class loader,
     * read through Calcite's SqlOperator there) that are not deterministic or are dynamic, and the
     * built-in function definitions that are not deterministic; CURRENT_WATERMARK aside.
     */
    private static Set<String> nondeterministicFunctions(Planner planner, boolean batch) {
        return NONDETERMINISTIC.computeIfAbsent(batch, mode -> {
            Set<String> names = new HashSet<>();
            for (BuiltInFunctionDefinition definition : BuiltInFunctionDefinitions.getDefinitions()) {
                if (!definition.isDeterministic()) {
                    names.add(definition.getName().toUpperCase(Locale.ROOT));
                    if (definition.getSqlName() != null) {
                        names.add(definition.getSqlName());
                    }
                }
            }
            try {
                ClassLoader loader = planner.getClass().getClassLoader();
                Class<?> operator = loader.loadClass("org.apache.calcite.sql.SqlOperator");
                Method name = operator.getMethod("getName");
                Method deterministic = operator.getMethod("isDeterministic");
                Method dynamic = operator.getMethod("isDynamicFunction");
                Object table = loader.loadClass("org.apache.flink.table.planner.functions.sql.FlinkSqlOperatorTable")
                        .getMethod("instance", boolean.class)
                        .invoke(null, mode);
                for (Object op :
                        (List<?>) table.getClass().getMethod("getOperatorList").invoke(table)) {
                    if (!(Boolean) deterministic.invoke(op) || (Boolean) dynamic.invoke(op)) {
                        names.add((String) name.invoke(op));
                    }
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(
                        "cannot read which functions Flink's planner declares nondeterministic: " + e, e);
            }
            names.remove(CURRENT_WATERMARK);
            return Set.copyOf(names);
        });
    }
}
