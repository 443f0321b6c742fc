package org.flinkcookbook.simulator.plan;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.stream.Calc;
import org.flinkcookbook.simulator.stream.WindowTopN;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/**
 * Plans Flink's window top-N pattern: {@code SELECT ... FROM (SELECT ..., ROW_NUMBER() OVER
 * (PARTITION BY window_start, window_end, ... ORDER BY ...) AS rownum FROM windowed) WHERE rownum <= N}.
 * The inner query becomes a {@link WindowTopN}; the outer query is planned over it as usual.
 */
final class WindowTopNPlanner {

    private final SessionSettings settings;
    private final StatementTrace trace;

    WindowTopNPlanner(SessionSettings settings, StatementTrace trace) {
        this.settings = settings;
        this.trace = trace;
    }

    /** The inner query's ROW_NUMBER() OVER call, or null when it has none. */
    static SqlCall rowNumber(SqlSelect inner) {
        for (SqlCall over : OverPlanner.overCalls(inner.getSelectList())) {
            SqlCall function = over.operand(0);
            if (function.getOperator().getName().toUpperCase(Locale.ROOT).equals("ROW_NUMBER")) {
                return over;
            }
        }
        return null;
    }

    Relation plan(SqlSelect inner, SqlSelect outer, Function<SqlNode, Relation> windowSource) {
        SqlNode outerWhere = outer.getWhere();
        SqlCall over = rowNumber(inner);
        if (OverPlanner.overCalls(inner.getSelectList()).size() != 1) {
            throw new UnsupportedConstructException(
                    over.getParserPosition(), "ROW_NUMBER together with other OVER calls");
        }
        Relation input = windowSource.apply(inner.getFrom());
        ExpressionCompiler compiler = new ExpressionCompiler(input.columns());
        SqlWindow window = OverPlanner.window(over.operand(1), inner);
        List<Expression> partitionKeys = new ArrayList<>();
        boolean start = false;
        boolean end = false;
        for (SqlNode key : window.getPartitionList()) {
            partitionKeys.add(compiler.compile(key));
            start |= key instanceof SqlIdentifier identifier
                    && identifier.getSimple().equals("window_start");
            end |= key instanceof SqlIdentifier identifier
                    && identifier.getSimple().equals("window_end");
        }
        if (!start || !end) {
            throw new UnsupportedConstructException(
                    window.getParserPosition(),
                    "ROW_NUMBER not partitioned by window_start and window_end (a Top-N that emits updates)");
        }
        String alias = rowNumberAlias(inner, over);
        long limit = limit(outerWhere, alias);
        List<Column> ranked = new ArrayList<>(input.columns());
        ranked.add(new Column("$rownum", SqlType.BIGINT, false));
        int rownum = input.columns().size();
        ExpressionCompiler outputCompiler =
                new ExpressionCompiler(ranked, node -> node == over ? Expression.column(rownum, SqlType.BIGINT) : null);
        Projection projection = Projection.of(inner.getSelectList(), outputCompiler);
        Expression filter = inner.getWhere() == null ? null : compiler.compile(inner.getWhere());
        var order = QueryPlanner.order(window.getOrderList(), input.columns(), Values::sortKeyCompare);
        var exactOrder = QueryPlanner.order(window.getOrderList(), input.columns());
        int windowStart = compiler.indexOf("window_start");
        int windowEnd = compiler.indexOf("window_end");
        boolean streaming = settings.streaming();
        ZoneId zone = settings.timeZone();
        Calc.WatermarkFilterTrace filterTrace = QueryPlanner.watermarkFilterTrace(input, trace);
        return new Relation(
                projection.columns(),
                sink -> {
                    Calc output = new Calc(null, projection.expressions(), sink, zone, null);
                    WindowTopN topN = new WindowTopN(
                            partitionKeys,
                            windowStart,
                            windowEnd,
                            order,
                            exactOrder,
                            limit,
                            keepsLastOfTies(window, input.columns(), limit, outer, alias),
                            input.windowShift(),
                            streaming,
                            output,
                            trace,
                            input.fixture(),
                            zone);
                    input.producer().run(filter == null ? topN : new Calc(filter, null, topN, zone, filterTrace));
                },
                input.fixture(),
                input.windowShift());
    }

    /**
     * Flink turns a top-1 ordered by the rowtime alone, descending, whose row number is not
     * selected, into a window deduplication (StreamPhysicalWindowRankRule#canConvertToWindowDeduplicate,
     * WindowDeduplicateRule), which keeps the last of the rows tied on rowtime
     * (RowTimeDeduplicateRecordsCombiner#isDuplicate: {@code preRow.rowtime <= row.rowtime}).
     * Window rank and keep-first deduplication keep the first.
     */
    private static boolean keepsLastOfTies(
            SqlWindow window, List<Column> columns, long limit, SqlSelect outer, String alias) {
        if (limit != 1
                || window.getOrderList().size() != 1
                || !(window.getOrderList().get(0) instanceof SqlCall descending)
                || descending.getKind() != SqlKind.DESCENDING
                || !(descending.operand(0) instanceof SqlIdentifier key)) {
            return false;
        }
        String name = key.names.get(key.names.size() - 1);
        boolean onRowtime = columns.stream().anyMatch(column -> column.name().equals(name) && column.rowtime());
        return onRowtime && !mentions(outer.getSelectList(), alias);
    }

    /** Whether a node refers to the column (by name or through {@code *}). */
    private static boolean mentions(SqlNode node, String column) {
        if (node instanceof SqlIdentifier identifier) {
            return identifier.isStar()
                    || identifier.names.get(identifier.names.size() - 1).equals(column);
        }
        if (node instanceof SqlNodeList list) {
            return list.stream().anyMatch(item -> mentions(item, column));
        }
        return node instanceof SqlCall call
                && call.getOperandList().stream().anyMatch(operand -> mentions(operand, column));
    }

    private static String rowNumberAlias(SqlSelect inner, SqlCall over) {
        for (SqlNode item : inner.getSelectList()) {
            if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) == over) {
                return ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
            }
        }
        throw new UnsupportedConstructException(over.getParserPosition(), "ROW_NUMBER without an alias");
    }

    /**
     * N of the outer {@code rownum <= N} or {@code rownum < N + 1}, which makes it a window top-N, or
     * 1 of {@code rownum = 1}: the planner's rank range is [1, 1] then, as for {@code rownum <= 1}
     * (RankUtil#extractRankRange: a ConstantRankRange, which StreamPhysicalWindowRankRule and
     * WindowDeduplicateRule take alike).
     */
    private static long limit(SqlNode where, String alias) {
        if (where instanceof SqlBasicCall call
                && (call.getKind() == SqlKind.LESS_THAN_OR_EQUAL
                        || call.getKind() == SqlKind.LESS_THAN
                        || call.getKind() == SqlKind.EQUALS)
                && call.operand(0) instanceof SqlIdentifier identifier
                && identifier.getSimple().equals(alias)
                && call.operand(1) instanceof SqlNumericLiteral bound
                && (call.getKind() != SqlKind.EQUALS || bound.longValue(true) == 1)) {
            return call.getKind() == SqlKind.LESS_THAN ? bound.longValue(true) - 1 : bound.longValue(true);
        }
        throw new UnsupportedConstructException(
                where == null ? null : where.getParserPosition(),
                "ROW_NUMBER without an outer WHERE " + alias + " <= N or " + alias
                        + " = 1 (a Top-N that emits updates)");
    }
}
