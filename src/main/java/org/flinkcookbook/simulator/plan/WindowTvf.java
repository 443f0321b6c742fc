package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.SqlType.Root;
import org.flinkcookbook.simulator.window.WindowSpec;

/**
 * A window table function call in FROM: {@code TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), size [, offset]))},
 * HOP (slide, size), CUMULATE (step, size) or SESSION ({@code TABLE t [PARTITION BY keys]}, gap),
 * positional or with named arguments.
 *
 * @param data the windowed relation
 * @param spec the windows, or null for SESSION
 * @param sessionGap the SESSION gap, else 0
 * @param partitionKeys the columns of SESSION's PARTITION BY, else empty
 * @param rowtimeIndex the DESCRIPTOR column in {@code data}
 * @param rowtimeType its type
 */
record WindowTvf(
        Relation data,
        WindowSpec spec,
        long sessionGap,
        List<SqlIdentifier> partitionKeys,
        int rowtimeIndex,
        SqlType rowtimeType) {

    static final List<String> WINDOW_COLUMNS = List.of("window_start", "window_end", "window_time");

    /** The TVF's output columns: the data columns (CURRENT_WATERMARK still accepts their rowtime), then the window columns. */
    List<Column> columns(boolean streaming) {
        List<Column> columns = new ArrayList<>(data.columns());
        columns.add(new Column("window_start", SqlType.TIMESTAMP_3, false));
        columns.add(new Column("window_end", SqlType.TIMESTAMP_3, false));
        columns.add(new Column("window_time", windowTimeType(rowtimeType), streaming));
        return columns;
    }

    /** window_time and *_ROWTIME: TIMESTAMP_LTZ(3) over an LTZ rowtime, TIMESTAMP(3) otherwise. */
    static SqlType windowTimeType(SqlType rowtimeType) {
        // the time attribute's type: TIMESTAMP(3) or TIMESTAMP_LTZ(3) in streaming mode, the declared precision in
        // batch mode, where the column is no time indicator (a TIMESTAMP(1) rowtime's window_time prints 59.9)
        return rowtimeType.root() == Root.TIMESTAMP_LTZ
                ? SqlType.timestampLtz(rowtimeType.precision())
                : SqlType.timestamp(rowtimeType.precision());
    }

    /** Parses the call inside {@code TABLE(...)}; {@code dataOf} plans the TABLE argument. */
    /**
     * @param sliced whether a windowed operator keeps the windows' state in slices (streaming
     *     aggregation and top-N), which needs a size that is a multiple of the HOP slide; a window TVF
     *     whose rows are only selected (AlignedWindowTableFunctionOperator) and batch mode do not
     */
    static WindowTvf of(SqlBasicCall call, Function<SqlNode, Relation> dataOf, boolean streaming, boolean sliced) {
        String function = call.getOperator().getName().toUpperCase(Locale.ROOT);
        List<String> parameters = switch (function) {
            case "TUMBLE" -> List.of("DATA", "TIMECOL", "SIZE", "OFFSET");
            case "HOP" -> List.of("DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET");
            case "CUMULATE" -> List.of("DATA", "TIMECOL", "STEP", "SIZE", "OFFSET");
            case "SESSION" -> List.of("DATA", "TIMECOL", "GAP");
            default ->
                throw new UnsupportedConstructException(
                        call.getParserPosition(),
                        "the table function " + call.getOperator().getName());
        };
        Map<String, SqlNode> arguments = arguments(call, parameters);
        SqlNode table = arguments.get("DATA");
        List<SqlIdentifier> partitionKeys = new ArrayList<>();
        if (function.equals("SESSION") && table.getKind() == SqlKind.SET_SEMANTICS_TABLE) {
            // TABLE t PARTITION BY k [ORDER BY ...]: Calcite's SqlSetSemanticsTableOperator(table, keys, order)
            SqlCall partitioned = (SqlCall) table;
            for (SqlNode key : (SqlNodeList) partitioned.operand(1)) {
                if (!(key instanceof SqlIdentifier identifier)) {
                    throw new UnsupportedConstructException(key.getParserPosition(), "PARTITION BY an expression");
                }
                partitionKeys.add(identifier);
            }
            table = partitioned.operand(0);
        }
        if (!(table instanceof SqlCall explicit) || explicit.getKind() != SqlKind.EXPLICIT_TABLE) {
            throw new UnsupportedConstructException(
                    call.getParserPosition(), "window TVF data other than TABLE <name>");
        }
        // over a UNION ALL: aligned windows are checked row by row (WindowAggregation), others need one order
        Relation data = dataOf.apply(explicit.operand(0));
        SqlNode descriptor = arguments.get("TIMECOL");
        if (!(descriptor instanceof SqlCall descriptorCall)
                || !(descriptorCall.operand(0) instanceof SqlIdentifier timeColumn)) {
            throw new UnsupportedConstructException(call.getParserPosition(), "TIMECOL other than DESCRIPTOR(column)");
        }
        int rowtimeIndex = new ExpressionCompiler(data.columns()).resolve(timeColumn);
        Column rowtime = data.columns().get(rowtimeIndex);
        if (rowtime.proctime() && streaming) {
            throw AggregatePlanner.processingTimeWindows(call);
        }
        if (!rowtime.type().isTimestamp() || (streaming && !rowtime.rowtime())) {
            throw new SimulationException(
                    descriptor.getParserPosition(),
                    "The window function requires the timecol is a time attribute type, but is " + rowtime.type()
                            + ".");
        }
        if (function.equals("SESSION")) {
            data.ordered(call.getParserPosition(), "a SESSION window TVF");
            if (!streaming) {
                // BatchExecWindowTableFunction#translateWithUnalignedWindow
                throw new SimulationException(
                        call.getParserPosition(),
                        "Unaligned windows like session are not supported in batch mode yet.");
            }
            return new WindowTvf(
                    data, null, interval(arguments, "GAP", call), partitionKeys, rowtimeIndex, rowtime.type());
        }
        long size = interval(arguments, "SIZE", call);
        long offset = arguments.containsKey("OFFSET") ? interval(arguments, "OFFSET", call) : 0;
        if (function.equals("TUMBLE") && Math.abs(offset) >= size) {
            // found by RecipeFuzzTest: WindowUtil#convertToWindowingStrategy checks abs(offset) < size for TUMBLE
            // only; HOP and CUMULATE take any offset
            throw new SimulationException(
                    call.getParserPosition(),
                    function + " table function parameters must satisfy abs(offset) < size, but got size " + size
                            + " ms and offset " + offset + " ms.");
        }
        WindowSpec spec = switch (function) {
            case "TUMBLE" -> WindowSpec.tumble(size, offset);
            case "HOP" -> {
                long slide = interval(arguments, "SLIDE", call);
                yield WindowSpec.hop(size, sliced || slide <= 0 ? slicedStep(slide, size, call) : slide, offset);
            }
            default -> WindowSpec.cumulate(size, slicedStep(interval(arguments, "STEP", call), size, call), offset);
        };
        return new WindowTvf(data, spec, 0, List.of(), rowtimeIndex, rowtime.type());
    }

    /** Flink slices HOP and CUMULATE windows and rejects a size that is not a multiple of the slide or step (SliceAssigners). */
    private static long slicedStep(long step, long size, SqlBasicCall call) {
        if (step <= 0 || size % step != 0) {
            String function = call.getOperator().getName().toUpperCase(Locale.ROOT);
            throw new SimulationException(
                    call.getParserPosition(),
                    function + " table function based aggregate requires size must be an integral multiple of "
                            + (function.equals("HOP") ? "slide" : "step") + ", but got size " + size + "ms and "
                            + (function.equals("HOP") ? "slide " : "step ") + step + "ms");
        }
        return step;
    }

    private static Map<String, SqlNode> arguments(SqlBasicCall call, List<String> parameters) {
        Map<String, SqlNode> arguments = new HashMap<>();
        List<SqlNode> operands = call.getOperandList();
        for (int i = 0; i < operands.size(); i++) {
            SqlNode operand = operands.get(i);
            if (operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT) {
                SqlCall assignment = (SqlCall) operand;
                arguments.put(assignment.operand(1).toString().toUpperCase(Locale.ROOT), assignment.operand(0));
            } else if (i < parameters.size()) {
                arguments.put(parameters.get(i), operand);
            }
        }
        boolean optionalLast = parameters.get(parameters.size() - 1).equals("OFFSET");
        for (String required : parameters.subList(0, parameters.size() - (optionalLast ? 1 : 0))) {
            if (!arguments.containsKey(required)) {
                throw new SimulationException(
                        call.getParserPosition(), call.getOperator().getName() + " needs the argument " + required);
            }
        }
        return arguments;
    }

    private static long interval(Map<String, SqlNode> arguments, String name, SqlNode call) {
        if (!(arguments.get(name) instanceof SqlIntervalLiteral literal)) {
            throw new UnsupportedConstructException(call.getParserPosition(), name + " other than an INTERVAL literal");
        }
        return ExpressionCompiler.intervalMillis(literal);
    }
}
