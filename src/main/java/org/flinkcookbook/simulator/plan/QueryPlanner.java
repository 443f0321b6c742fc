package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.session.Catalog;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.session.TableDefinition;
import org.flinkcookbook.simulator.stream.Calc;
import org.flinkcookbook.simulator.stream.SessionWindowAggregation;
import org.flinkcookbook.simulator.stream.UnionAll;
import org.flinkcookbook.simulator.stream.WindowRows;
import org.flinkcookbook.simulator.stream.WindowTableFunction;
import org.flinkcookbook.simulator.trace.StatementTrace;
import org.flinkcookbook.simulator.types.FlinkTypes;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/** Turns a parsed query into a streaming plan of simulator operators, the way Flink's planner shapes it. */
public final class QueryPlanner {

    private final Catalog catalog;
    private final SessionSettings settings;
    private final StatementTrace trace;
    private final TableScans scans;
    private final Map<String, SqlNode> commonTables = new HashMap<>();

    public QueryPlanner(Catalog catalog, SessionSettings settings, StatementTrace trace) {
        this.catalog = catalog;
        this.settings = settings;
        this.trace = trace;
        this.scans = new TableScans(settings);
    }

    /** A top-level query; ORDER BY and LIMIT are modelled in batch mode only. */
    public PlannedQuery plan(SqlNode statement) {
        SqlNode query = withCommonTables(statement);
        if (query instanceof SqlOrderBy orderBy) {
            if (settings.streaming()) {
                throw new UnsupportedConstructException(
                        orderBy.getParserPosition(), "ORDER BY or LIMIT in streaming mode");
            }
            if (orderBy.offset != null) {
                throw new UnsupportedConstructException(orderBy.offset.getParserPosition(), "OFFSET");
            }
            Relation relation = relation(orderBy.query);
            Comparator<Object[]> order =
                    orderBy.orderList.size() == 0 ? null : order(orderBy.orderList, relation.columns());
            long limit = orderBy.fetch == null ? -1 : ((SqlNumericLiteral) orderBy.fetch).longValue(true);
            return new PlannedQuery(relation, order, limit);
        }
        return new PlannedQuery(relation(query), null, -1);
    }

    Relation relation(SqlNode node) {
        SqlNode query = withCommonTables(node);
        if (query instanceof SqlSelect select) {
            return select(select);
        }
        if (query.getKind() == SqlKind.UNION && ((SqlSetOperator) ((SqlCall) query).getOperator()).isAll()) {
            return unionAll((SqlCall) query);
        }
        throw new UnsupportedConstructException(
                query.getParserPosition(), query.getKind() + " queries (" + firstWords(query) + ")");
    }

    private Relation select(SqlSelect query) {
        SqlSelect select = query.isDistinct() ? distinctAsGroupBy(query) : query;
        List<SqlCall> overCalls = OverPlanner.overCalls(select.getSelectList());
        if (select.getWindowList() != null && select.getWindowList().size() > 0 && overCalls.isEmpty()) {
            throw new UnsupportedConstructException(select.getParserPosition(), "the WINDOW clause");
        }
        if (select.getQualify() != null) {
            throw new UnsupportedConstructException(select.getQualify().getParserPosition(), "QUALIFY");
        }
        if (select.getFrom() == null) {
            throw new UnsupportedConstructException(select.getParserPosition(), "SELECT without FROM");
        }
        SqlNode from = unalias(select.getFrom());
        WindowTvf tvf = from.getKind() == SqlKind.COLLECTION_TABLE
                ? WindowTvf.of(
                        (SqlBasicCall) ((SqlCall) from).operand(0),
                        this::tableOrView,
                        settings.streaming(),
                        settings.streaming() && (isAggregate(select) || !overCalls.isEmpty()))
                : null;
        if (!overCalls.isEmpty()) {
            if (tvf != null
                    || (select.getGroup() != null && select.getGroup().size() > 0)
                    || select.getHaving() != null) {
                throw new UnsupportedConstructException(
                        select.getParserPosition(), "OVER aggregations together with windows or GROUP BY");
            }
            return new OverPlanner(settings, trace)
                    .plan(select, source(from).ordered(select.getParserPosition(), "an OVER aggregation"), overCalls);
        }
        if (isAggregate(select)) {
            if (tvf != null && settings.streaming() && AggregatePlanner.runsSessionTvfAlone(select, tvf)) {
                return new AggregatePlanner(settings, trace).planOverSessionRows(select, windowed(tvf, from), tvf);
            }
            if (tvf == null
                    && settings.streaming()
                    && !AggregatePlanner.groupWindowed(select)
                    && !emitsOnArrival(from)) {
                throw new UnsupportedConstructException(
                        select.getParserPosition(),
                        "a regular aggregation over rows that window, OVER or aggregation operators emit (rows of several"
                                + " keys whose timers fire together come in the order of Flink's timer heap; updates retract)");
            }
            Relation input = tvf != null ? tvf.data() : source(from);
            return new AggregatePlanner(settings, trace).plan(select, input, tvf, readsUnion(from));
        }
        Relation input = tvf != null
                ? windowed(tvf, from)
                : from instanceof SqlSelect inner && WindowTopNPlanner.rowNumber(inner) != null
                        ? new WindowTopNPlanner(settings, trace).plan(inner, select, this::windowSource)
                        : source(from);
        ExpressionCompiler compiler = new ExpressionCompiler(input.columns());
        Expression filter = select.getWhere() == null ? null : compiler.compile(select.getWhere());
        Projection projection = Projection.of(select.getSelectList(), compiler);
        if ((filter != null && filter.readsWatermark())
                || projection.expressions().stream().anyMatch(Expression::readsWatermark)) {
            input.ordered(select.getParserPosition(), "CURRENT_WATERMARK");
        }
        Calc.WatermarkFilterTrace filterTrace = watermarkFilterTrace(input, trace);
        return new Relation(
                projection.columns(),
                sink -> input.producer()
                        .run(new Calc(filter, projection.expressions(), sink, settings.timeZone(), filterTrace)),
                input.fixture(),
                input.windowShift(),
                input.interleaved());
    }

    /**
     * SELECT DISTINCT as Calcite converts it: an aggregation grouped by every item of the SELECT list,
     * without aggregate calls (in streaming mode a group's first row inserts it, later ones change nothing).
     */
    private static SqlSelect distinctAsGroupBy(SqlSelect select) {
        if (isAggregate(select)
                || !OverPlanner.overCalls(select.getSelectList()).isEmpty()) {
            throw new UnsupportedConstructException(
                    select.getParserPosition(), "SELECT DISTINCT with GROUP BY, aggregates or OVER");
        }
        SqlNodeList group = new SqlNodeList(select.getParserPosition());
        for (SqlNode item : select.getSelectList()) {
            SqlNode value = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
            if (value instanceof SqlIdentifier identifier && identifier.isStar()) {
                throw new UnsupportedConstructException(item.getParserPosition(), "SELECT DISTINCT *");
            }
            group.add(value);
        }
        SqlSelect grouped = (SqlSelect) select.clone(select.getParserPosition());
        grouped.setOperand(0, SqlNodeList.EMPTY); // the DISTINCT keyword
        grouped.setGroupBy(group);
        return grouped;
    }

    /**
     * {@code a UNION ALL b}: the inputs' rows, their columns named by the first input and typed by
     * LogicalTypeMerging#findCommonType, a rowtime attribute where every input has one.
     */
    private Relation unionAll(SqlCall union) {
        List<Relation> inputs = new ArrayList<>();
        for (SqlNode operand : union.getOperandList()) {
            inputs.add(relation(operand));
        }
        List<Column> first = inputs.get(0).columns();
        for (Relation input : inputs) {
            if (input.columns().size() != first.size()) {
                throw new SimulationException(union.getParserPosition(), "Column count mismatch in UNION ALL");
            }
        }
        List<Column> columns = new ArrayList<>();
        SqlType[][] inputTypes = new SqlType[inputs.size()][first.size()];
        for (int i = 0; i < first.size(); i++) {
            List<SqlType> types = new ArrayList<>();
            boolean rowtime = true;
            for (int j = 0; j < inputs.size(); j++) {
                Column column = inputs.get(j).columns().get(i);
                inputTypes[j][i] = column.type();
                types.add(column.type());
                rowtime &= column.rowtime();
            }
            int index = i;
            SqlType type = FlinkTypes.commonType(types)
                    .orElseThrow(() -> new SimulationException(
                            union.getParserPosition(),
                            "Type mismatch in column " + (index + 1) + " of UNION ALL: " + types));
            columns.add(new Column(first.get(i).name(), type, rowtime && settings.streaming()));
        }
        SqlType[] types = columns.stream().map(Column::type).toArray(SqlType[]::new);
        return new Relation(
                columns,
                sink -> {
                    UnionAll unionAll = new UnionAll(inputTypes, types, sink);
                    for (int j = 0; j < inputs.size(); j++) {
                        inputs.get(j).producer().run(unionAll.input(j));
                    }
                },
                inputs.get(0).fixture(),
                inputs.get(0).windowShift(),
                settings.streaming());
    }

    /** Registers the WITH items of a query, visible to the rest of the statement, and returns its body. */
    private SqlNode withCommonTables(SqlNode query) {
        if (!(query instanceof SqlWith with)) {
            return query;
        }
        for (SqlNode node : with.withList) {
            SqlWithItem item = (SqlWithItem) node;
            if (item.columnList != null && item.columnList.size() > 0) {
                throw new UnsupportedConstructException(item.getParserPosition(), "WITH items with a column list");
            }
            commonTables.put(item.name.getSimple(), item.query);
        }
        return with.body;
    }

    /** A window TVF not followed by an aggregation, at {@code from}. */
    private Relation windowed(WindowTvf tvf, SqlNode from) {
        Relation data = tvf.data();
        if (tvf.spec() == null) {
            ExpressionCompiler compiler = new ExpressionCompiler(data.columns());
            List<Expression> keys =
                    tvf.partitionKeys().stream().map(compiler::compile).toList();
            return new Relation(
                    tvf.columns(settings.streaming()),
                    sink -> data.producer()
                            .run(SessionWindowAggregation.tableFunction(
                                    tvf.sessionGap(),
                                    tvf.rowtimeIndex(),
                                    tvf.rowtimeType(),
                                    keys,
                                    sink,
                                    trace,
                                    data.fixture(),
                                    settings.timeZone())),
                    data.fixture(),
                    WindowRows.shiftZone(tvf.rowtimeType(), settings.timeZone()));
        }
        return new Relation(
                tvf.columns(settings.streaming()),
                sink -> data.producer()
                        .run(new WindowTableFunction(
                                tvf.spec(), tvf.rowtimeIndex(), tvf.rowtimeType(), settings.timeZone(), sink)),
                data.fixture(),
                WindowRows.shiftZone(tvf.rowtimeType(), settings.timeZone()),
                data.interleaved());
    }

    /** The FROM item of a window top-N's inner query: a window TVF or a relation with window columns. */
    private Relation windowSource(SqlNode fromItem) {
        SqlNode from = unalias(fromItem);
        if (from.getKind() != SqlKind.COLLECTION_TABLE) {
            return source(from).ordered(from.getParserPosition(), "a window top-N");
        }
        WindowTvf tvf = WindowTvf.of(
                (SqlBasicCall) ((SqlCall) from).operand(0),
                this::tableOrView,
                settings.streaming(),
                settings.streaming());
        if (tvf.spec() == null) {
            throw new UnsupportedConstructException(
                    from.getParserPosition(), "a window top-N over a SESSION window TVF");
        }
        tvf.data().ordered(from.getParserPosition(), "a window top-N");
        return windowed(tvf, from);
    }

    /** A FROM item: a table, a view, or a subquery. */
    private Relation source(SqlNode from) {
        if (from instanceof SqlIdentifier identifier) {
            return tableOrView(identifier);
        }
        if (from instanceof SqlSelect || from instanceof SqlOrderBy || from.getKind() == SqlKind.UNION) {
            return relation(from);
        }
        throw new UnsupportedConstructException(from.getParserPosition(), describeFrom(from));
    }

    private Relation tableOrView(SqlNode node) {
        if (!(node instanceof SqlIdentifier identifier)) {
            throw new UnsupportedConstructException(
                    node.getParserPosition(), "TABLE of anything but a table or view name");
        }
        String name = Catalog.name(identifier);
        Optional<SqlNode> definition = definition(identifier);
        if (definition.isPresent()) {
            return relation(definition.get());
        }
        TableDefinition table = catalog.table(name)
                .orElseThrow(() ->
                        new SimulationException(identifier.getParserPosition(), "Object '" + name + "' not found"));
        return scans.scan(table, identifier.getParserPosition());
    }

    /** The query a name stands for: a WITH item of this statement, else a view; empty for a table. */
    private Optional<SqlNode> definition(SqlIdentifier identifier) {
        String name = Catalog.name(identifier);
        return commonTables.containsKey(name) ? Optional.of(commonTables.get(name)) : catalog.view(name);
    }

    private static SqlNode unalias(SqlNode from) {
        if (from.getKind() == SqlKind.AS) {
            SqlCall alias = (SqlCall) from;
            if (alias.operandCount() > 2) {
                throw new UnsupportedConstructException(from.getParserPosition(), "column aliases in FROM");
            }
            return alias.operand(0);
        }
        return from;
    }

    private static String describeFrom(SqlNode from) {
        return switch (from.getKind()) {
            case JOIN -> "joins";
            case UNION, INTERSECT, EXCEPT -> "set operations (" + from.getKind() + ")";
            case VALUES -> "VALUES";
            case LATERAL -> "LATERAL";
            default -> "FROM " + firstWords(from);
        };
    }

    /**
     * Whether a FROM item reads a UNION ALL, itself or through views, WITH items, subqueries and
     * window TVFs.
     */
    private boolean readsUnion(SqlNode fromItem) {
        if (fromItem instanceof SqlIdentifier identifier) {
            return definition(identifier).map(this::readsUnion).orElse(false);
        }
        if (fromItem instanceof SqlSelect select) {
            return select.getFrom() != null && readsUnion(select.getFrom());
        }
        return fromItem instanceof SqlCall call
                && (call.getKind() == SqlKind.UNION
                        || call.getOperandList().stream().anyMatch(operand -> operand != null && readsUnion(operand)));
    }

    private static boolean isAggregate(SqlSelect select) {
        return (select.getGroup() != null && select.getGroup().size() > 0)
                || select.getHaving() != null
                || AggregatePlanner.containsAggregate(select.getSelectList());
    }

    /**
     * Whether a FROM item's rows come as the fixture's rows arrive: a table, or a view, WITH item or
     * subquery that only filters and projects one. Window, OVER, Top-N and aggregation operators emit
     * rows when timers fire (those of several keys with one time in the order of Flink's timer heap) or
     * as updates; a window TVF and UNION ALL are left out too.
     */
    private boolean emitsOnArrival(SqlNode fromItem) {
        SqlNode from = unalias(fromItem);
        if (from instanceof SqlIdentifier identifier) {
            return definition(identifier).map(this::emitsOnArrival).orElse(true);
        }
        if (from.getKind() == SqlKind.UNION) { // interleaved in streaming mode: refused by the aggregation itself
            return ((SqlCall) from).getOperandList().stream().allMatch(this::emitsOnArrival);
        }
        return from instanceof SqlSelect select
                && !isAggregate(select)
                && OverPlanner.overCalls(select.getSelectList()).isEmpty()
                && select.getFrom() != null
                && unalias(select.getFrom()).getKind() != SqlKind.COLLECTION_TABLE
                && emitsOnArrival(select.getFrom());
    }

    /** Traces a CURRENT_WATERMARK filter over this input, showing the input's rowtime as the event time. */
    static Calc.WatermarkFilterTrace watermarkFilterTrace(Relation input, StatementTrace trace) {
        int rowtime = input.rowtimeIndex();
        return rowtime < 0
                ? null
                : new Calc.WatermarkFilterTrace(
                        trace,
                        input.fixture(),
                        rowtime,
                        input.columns().get(rowtime).type());
    }

    /** ORDER BY over output columns, by name or ordinal; NULLs sort first ascending (Flink's NullCollation.LOW). */
    static Comparator<Object[]> order(SqlNodeList orderList, List<Column> columns) {
        return order(orderList, columns, Values::compare);
    }

    /** The same, comparing non-null values with {@code compare}. */
    static Comparator<Object[]> order(SqlNodeList orderList, List<Column> columns, Comparator<Object> compare) {
        Comparator<Object[]> order = null;
        for (SqlNode item : orderList) {
            boolean descending = false;
            Boolean nullsFirst = null;
            SqlNode key = item;
            while (key instanceof SqlCall call
                    && (call.getKind() == SqlKind.DESCENDING
                            || call.getKind() == SqlKind.NULLS_FIRST
                            || call.getKind() == SqlKind.NULLS_LAST)) {
                if (call.getKind() == SqlKind.DESCENDING) {
                    descending = true;
                } else if (nullsFirst == null) {
                    nullsFirst = call.getKind() == SqlKind.NULLS_FIRST;
                }
                key = call.operand(0);
            }
            int index = orderIndex(key, columns);
            boolean nullFirst = nullsFirst != null ? nullsFirst : !descending;
            boolean desc = descending;
            Comparator<Object[]> byKey = (a, b) -> {
                Object x = a[index];
                Object y = b[index];
                if (x == null || y == null) {
                    return x == y ? 0 : (x == null) == nullFirst ? -1 : 1;
                }
                int compared = compare.compare(x, y);
                return desc ? -compared : compared;
            };
            order = order == null ? byKey : order.thenComparing(byKey);
        }
        return order;
    }

    private static int orderIndex(SqlNode key, List<Column> columns) {
        if (key instanceof SqlNumericLiteral ordinal) {
            return ordinal.intValue(true) - 1;
        }
        if (key instanceof SqlIdentifier identifier) {
            String name = identifier.names.get(identifier.names.size() - 1);
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(name)) {
                    return i;
                }
            }
        }
        throw new UnsupportedConstructException(
                key.getParserPosition(), "ORDER BY on anything but an output column (" + key + ")");
    }

    static String firstWords(SqlNode node) {
        String text = node.toString().replaceAll("\\s+", " ");
        return text.length() > 60 ? text.substring(0, 60) + " ..." : text;
    }
}
