package org.flinkcookbook.simulator.plan;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.Litmus;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.aggregate.AggregateCall;
import org.flinkcookbook.simulator.aggregate.AggregateCall.Accumulator;
import org.flinkcookbook.simulator.aggregate.LagCall;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.Calc;
import org.flinkcookbook.simulator.stream.OverAggregation;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;

/**
 * Plans a SELECT with OVER calls: one window per query, PARTITION BY any columns, ORDER BY one
 * rowtime or proctime ascending, UNBOUNDED PRECEDING to CURRENT ROW (the default frame), in streaming mode;
 * LAG and the modelled aggregates. The SELECT list is evaluated over the input row followed by the
 * OVER results.
 */
final class OverPlanner {

    private final SessionSettings settings;
    private final StatementTrace trace;

    OverPlanner(SessionSettings settings, StatementTrace trace) {
        this.settings = settings;
        this.trace = trace;
    }

    static List<SqlCall> overCalls(SqlNode selectList) {
        List<SqlCall> calls = new ArrayList<>();
        selectList.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call.getKind() == SqlKind.OVER) {
                    calls.add(call);
                    return null;
                }
                return super.visit(call);
            }
        });
        return calls;
    }

    Relation plan(SqlSelect select, Relation input, List<SqlCall> overCalls) {
        if (!settings.streaming()) {
            throw new UnsupportedConstructException(select.getParserPosition(), "OVER aggregations in batch mode");
        }
        SqlWindow window = null;
        for (SqlCall over : overCalls) {
            SqlWindow own = window(over.operand(1), select);
            if (window != null && !sameWindow(window, own)) {
                throw new UnsupportedConstructException(
                        over.getParserPosition(), "OVER calls over different windows in one query");
            }
            window = own;
        }
        ExpressionCompiler inputCompiler = new ExpressionCompiler(input.columns());
        int timeIndex = timeAttribute(window, inputCompiler);
        boolean eventTime = input.columns().get(timeIndex).rowtime();
        List<Expression> partitionKeys = new ArrayList<>();
        for (SqlNode key : window.getPartitionList()) {
            partitionKeys.add(inputCompiler.compile(key));
        }
        // Calcite's ProjectToWindowRule (CalcRelSplitter#chooseLevels) computes what does not depend on OVER
        // results in a Calc before the OVER operator, where CURRENT_WATERMARK reads the watermark at the row's
        // arrival, only if the first expression of the SELECT list (operands first) is no OVER call; otherwise
        // in a Calc after it, which reads the watermark before the one that emitted the row
        // measured by RecipeFuzzTest: a WHERE clause puts it after whatever comes first (with CURRENT_WATERMARK in
        // the WHERE too) unless an OVER argument is computed; an AVG OVER (expanded to SUM / COUNT) or a SUM OVER
        // (CASE WHEN COUNT OVER > 0 THEN $SUM0 OVER END, SqlToRelConverter#convertOver) anywhere before again
        boolean overFirst = (firstExpressionIsOver(select.getSelectList())
                        || (select.getWhere() != null && overCalls.stream().noneMatch(OverPlanner::computesArguments)))
                && overCalls.stream().noneMatch(over -> {
                    String function = ((SqlCall) over.operand(0)).getOperator().getName();
                    return function.equalsIgnoreCase("AVG") || function.equalsIgnoreCase("SUM");
                });
        if (overFirst && overCalls.stream().anyMatch(OverPlanner::computesArguments)) {
            throw new UnsupportedConstructException(
                    select.getParserPosition(),
                    "OVER calls whose arguments are computed, after an OVER call without (Flink splits them "
                            + "over two OVER operators)");
        }
        List<SqlCall> watermarkCalls = overFirst ? List.of() : currentWatermarkCalls(select.getSelectList());
        List<Expression> arrival = new ArrayList<>();
        List<Column> extended = new ArrayList<>(input.columns());
        for (int i = 0; i < input.columns().size(); i++) {
            arrival.add(Expression.column(i, input.columns().get(i).type()));
        }
        for (SqlCall call : watermarkCalls) {
            Expression watermark = inputCompiler.compile(call);
            arrival.add(watermark);
            extended.add(new Column("$watermark" + arrival.size(), watermark.type(), false));
        }
        int firstWatermark = input.columns().size();
        List<Column> arrived = List.copyOf(extended);
        Function<SqlNode, Expression> computedOnArrival = node -> {
            int index = watermarkCalls.indexOf(node);
            return index < 0
                    ? null
                    : Expression.column(
                            firstWatermark + index,
                            arrived.get(firstWatermark + index).type());
        };
        ExpressionCompiler argumentCompiler = new ExpressionCompiler(arrived, computedOnArrival);
        List<Supplier<Accumulator>> calls = new ArrayList<>();
        for (SqlCall over : overCalls) {
            SqlCall function = over.operand(0);
            String name = function.getOperator().getName().toUpperCase(Locale.ROOT);
            if (name.equals("LAG") && window.getLowerBound() != null) {
                // Calcite's SqlValidatorImpl: LAG and LEAD do not allow framing
                throw new SimulationException(
                        window.getParserPosition(),
                        "ROW/RANGE not allowed with RANK, DENSE_RANK, ROW_NUMBER, PERCENTILE_CONT/DISC or LAG/LEAD functions");
            }
            if (name.equals("LAG")) {
                LagCall lag = lag(function, argumentCompiler);
                calls.add(lag::newAccumulator);
                extended.add(new Column("$over" + calls.size(), lag.argument().type(), false));
            } else if (AggregatePlanner.MODELLED_AGGREGATES.contains(name)) {
                AggregateCall aggregate = AggregatePlanner.aggregateCall(function, name, argumentCompiler, null)
                        .reduced();
                calls.add(aggregate::newAccumulator);
                extended.add(new Column("$over" + calls.size(), aggregate.resultType(), false));
            } else {
                throw new UnsupportedConstructException(
                        function.getParserPosition(),
                        "the OVER function " + function.getOperator().getName());
            }
        }
        int firstOver = arrived.size();
        ExpressionCompiler outputCompiler = new ExpressionCompiler(extended, node -> {
            int index = overCalls.indexOf(node);
            if (index >= 0) {
                return Expression.column(
                        firstOver + index, extended.get(firstOver + index).type());
            }
            return computedOnArrival.apply(node);
        });
        Projection projection = Projection.of(select.getSelectList(), outputCompiler);
        Expression filter = select.getWhere() == null ? null : inputCompiler.compile(select.getWhere());
        Calc.WatermarkFilterTrace filterTrace = QueryPlanner.watermarkFilterTrace(input, trace);
        boolean rows = window.isRows();
        SqlType timeType = input.columns().get(timeIndex).type();
        ZoneId zone = settings.timeZone();
        return new Relation(
                projection.columns(),
                sink -> {
                    Calc output = new Calc(null, projection.expressions(), sink, zone, null);
                    OverAggregation over = new OverAggregation(
                            partitionKeys,
                            eventTime ? timeIndex : -1,
                            timeType,
                            rows,
                            calls,
                            output,
                            trace,
                            input.fixture(),
                            zone);
                    boolean computesOnArrival = !watermarkCalls.isEmpty();
                    input.producer()
                            .run(
                                    filter == null && !computesOnArrival
                                            ? over
                                            : new Calc(
                                                    filter,
                                                    computesOnArrival ? arrival : null,
                                                    over,
                                                    zone,
                                                    filterTrace));
                },
                input.fixture());
    }

    /**
     * Whether the first expression Calcite's RexProgramBuilder registers for the SELECT list (items in
     * order, each call's operands before the call; columns are inputs, not expressions) is an OVER call.
     */
    private static boolean firstExpressionIsOver(SqlNodeList selectList) {
        for (SqlNode item : selectList) {
            Boolean over = firstExpression(item);
            if (over != null) {
                return over;
            }
        }
        return false;
    }

    /** TRUE when the first expression in {@code node} is an OVER call, FALSE when it is another one, null for none. */
    private static Boolean firstExpression(SqlNode node) {
        if (node instanceof SqlLiteral) {
            return false;
        }
        if (node instanceof SqlNodeList list) { // CASE's WHEN and THEN lists
            for (SqlNode item : list) {
                Boolean over = item == null ? null : firstExpression(item);
                if (over != null) {
                    return over;
                }
            }
            return null;
        }
        if (!(node instanceof SqlCall call) || node instanceof SqlWindow) {
            return null; // a column, or a window's name or specification
        }
        boolean alias = call.getKind() == SqlKind.AS;
        List<SqlNode> operands = call.getKind() == SqlKind.OVER
                ? ((SqlCall) call.operand(0)).getOperandList()
                : alias ? List.of(call.operand(0)) : call.getOperandList();
        for (SqlNode operand : operands) {
            Boolean over = operand == null ? null : firstExpression(operand);
            if (over != null) {
                return over;
            }
        }
        return alias ? null : call.getKind() == SqlKind.OVER;
    }

    /** Whether an OVER call's function has an argument other than a column (or *). */
    private static boolean computesArguments(SqlCall over) {
        return ((SqlCall) over.operand(0))
                .getOperandList().stream().anyMatch(operand -> !(operand instanceof SqlIdentifier));
    }

    /** The CURRENT_WATERMARK calls of a SELECT list, OVER arguments included. */
    private static List<SqlCall> currentWatermarkCalls(SqlNode selectList) {
        List<SqlCall> calls = new ArrayList<>();
        selectList.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call.getOperator().getName().equalsIgnoreCase("CURRENT_WATERMARK")) {
                    calls.add(call);
                    return null;
                }
                return super.visit(call);
            }
        });
        return calls;
    }

    static SqlWindow window(SqlNode node, SqlSelect select) {
        SqlWindow window = null;
        if (node instanceof SqlWindow inline) {
            window = inline;
        } else if (node instanceof SqlIdentifier name && select.getWindowList() != null) {
            for (SqlNode declared : select.getWindowList()) {
                SqlWindow candidate = (SqlWindow) declared;
                if (candidate.getDeclName() != null
                        && candidate.getDeclName().getSimple().equals(name.getSimple())) {
                    window = candidate;
                }
            }
        }
        if (window == null || window.getRefName() != null) {
            throw new UnsupportedConstructException(node.getParserPosition(), "the OVER window " + node);
        }
        boolean unboundedStart =
                window.getLowerBound() == null || SqlWindow.isUnboundedPreceding(window.getLowerBound());
        boolean endsAtCurrentRow = window.getUpperBound() == null || SqlWindow.isCurrentRow(window.getUpperBound());
        if (!unboundedStart || !endsAtCurrentRow) {
            throw new UnsupportedConstructException(
                    window.getParserPosition(), "bounded OVER windows (" + window + ")");
        }
        return window;
    }

    private static boolean sameWindow(SqlWindow a, SqlWindow b) {
        return a.getPartitionList().equalsDeep(b.getPartitionList(), Litmus.IGNORE)
                && a.getOrderList().equalsDeep(b.getOrderList(), Litmus.IGNORE)
                && a.isRows() == b.isRows();
    }

    /** The ORDER BY column: one time attribute, ascending. */
    private static int timeAttribute(SqlWindow window, ExpressionCompiler compiler) {
        if (window.getOrderList().size() != 1 || !(window.getOrderList().get(0) instanceof SqlIdentifier order)) {
            throw new UnsupportedConstructException(
                    window.getParserPosition(), "OVER windows not ordered by one ascending time attribute");
        }
        int index = compiler.resolve(order);
        Column column = compiler.columns().get(index);
        if (!column.rowtime() && !column.proctime()) {
            throw new UnsupportedConstructException(
                    window.getParserPosition(), "OVER windows ordered by anything but a time attribute");
        }
        return index;
    }

    private static LagCall lag(SqlCall function, ExpressionCompiler compiler) {
        List<SqlNode> operands = function.getOperandList();
        Expression argument = compiler.compile(operands.get(0));
        int offset = operands.size() > 1 ? ((SqlNumericLiteral) operands.get(1)).intValue(true) : 1;
        Expression fallback = operands.size() > 2 ? compiler.compile(operands.get(2)) : null;
        if (offset < 0 || (operands.size() > 1 && !(operands.get(1) instanceof SqlLiteral))) {
            throw new UnsupportedConstructException(
                    function.getParserPosition(), "LAG with an offset other than a non-negative literal");
        }
        return new LagCall(argument, offset, fallback);
    }
}
