package org.flinkcookbook.sql;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.sql.parser.ddl.SqlTableColumn;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTableAs;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewAs;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;

/**
 * Tracks, through a session, which column names carry values that differ from run to run
 * (processing time, the wall clock, random numbers), so their values are recorded as a placeholder
 * and can never make a recipe flaky. Names are followed through computed columns, views and
 * subqueries; a name-based match may also hide a deterministic column of the same name, which
 * costs a little checking but never a flaky build.
 */
public final class Nondeterminism {

    private static final Set<String> FUNCTIONS = Set.of(
            "PROCTIME",
            "NOW",
            "CURRENT_TIMESTAMP",
            "LOCALTIMESTAMP",
            "CURRENT_TIME",
            "LOCALTIME",
            "CURRENT_DATE",
            "CURRENT_ROW_TIMESTAMP",
            "RAND",
            "RAND_INTEGER",
            "UUID",
            "UNIX_TIMESTAMP");

    /** The functions whose values differ from one run to the next even on the same day: random numbers. */
    private static final Set<String> RANDOM_FUNCTIONS = Set.of("RAND", "RAND_INTEGER", "UUID");

    private final Set<String> functions;
    private final Set<String> names = new HashSet<>();

    /** Follows the values of processing time, the wall clock and random numbers. */
    public Nondeterminism() {
        this(FUNCTIONS);
    }

    private Nondeterminism(Set<String> functions) {
        this.functions = functions;
    }

    /**
     * Follows only random values. A value of the clock, compared with fixture rows of a fixed past,
     * keeps giving the same rows; a random one does not.
     */
    public static Nondeterminism ofRandomValues() {
        return new Nondeterminism(RANDOM_FUNCTIONS);
    }

    /** Learns the nondeterministic columns a statement defines (computed columns, view and subquery columns). */
    public void learn(SqlNode statement) {
        if (statement instanceof SqlCreateTable table) {
            for (SqlNode column : table.getColumnList()) {
                if (column instanceof SqlTableColumn.SqlComputedColumn computed
                        && isNondeterministic(computed.getExpr())) {
                    names.add(key(computed.getName().getSimple()));
                }
            }
            if (table instanceof SqlCreateTableAs createAs) {
                selectColumns(createAs.getAsQuery());
            } else if (table instanceof SqlReplaceTableAs replaceAs) {
                selectColumns(replaceAs.getAsQuery());
            }
        } else if (statement instanceof SqlAlterViewAs alterView) {
            selectColumns(alterView.getNewQuery());
        } else if (statement instanceof SqlCreateView view) {
            List<Boolean> columns = selectColumns(view.getQuery());
            SqlNodeList declared = view.getFieldList();
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i) && declared != null && i < declared.size()) {
                    names.add(key(declared.get(i).toString()));
                }
            }
        } else {
            selectColumns(statement);
        }
    }

    /**
     * For each item of the statement's outermost select list, whether its value is
     * nondeterministic; empty when the list cannot be read positionally (for example {@code *}).
     */
    public List<Boolean> selectColumns(SqlNode query) {
        SqlNode body = outermostQuery(query);
        if (body instanceof SqlSelect select) {
            return selectColumns(select);
        }
        if (body != null && body.getKind().belongsTo(SqlKind.SET_QUERY)) {
            return setColumns((SqlCall) body);
        }
        return List.of();
    }

    /** UNION, INTERSECT, EXCEPT: a column is nondeterministic when it is in any branch. */
    private List<Boolean> setColumns(SqlCall setOperation) {
        List<List<Boolean>> branches = new java.util.ArrayList<>();
        for (SqlNode branch : setOperation.getOperandList()) {
            branches.add(selectColumns(branch));
        }
        List<Boolean> columns = new java.util.ArrayList<>(branches.get(0));
        for (List<Boolean> branch : branches) {
            if (branch.isEmpty() || branch.size() != columns.size()) {
                return List.of();
            }
            for (int i = 0; i < columns.size(); i++) {
                columns.set(i, columns.get(i) || branch.get(i));
            }
        }
        return columns;
    }

    private List<Boolean> selectColumns(SqlSelect select) {
        learnFrom(select.getFrom());
        List<Boolean> columns = new java.util.ArrayList<>();
        boolean star = false;
        for (SqlNode item : select.getSelectList()) {
            star |= item instanceof SqlIdentifier identifier && identifier.isStar();
            boolean nondeterministic = isNondeterministic(item);
            columns.add(nondeterministic);
            String alias = aliasOf(item);
            if (nondeterministic && alias != null) {
                names.add(key(alias));
            }
        }
        return star ? List.of() : columns;
    }

    /**
     * Whether the query keeps or drops rows by a value followed here (a WHERE, JOIN ... ON or HAVING
     * condition on one, in any of its selects): then which rows it gives can differ from run to run,
     * and no placeholder can hide that.
     */
    public boolean filtersByNondeterministicValues(SqlNode query) {
        Boolean found = query.accept(new AnyNodeVisitor() {
            @Override
            public Boolean visit(SqlCall call) {
                if (call instanceof SqlSelect select) {
                    selectColumns(select); // learns the columns its subqueries define
                    if (condition(select.getWhere()) || condition(select.getHaving())) {
                        return true;
                    }
                }
                if (call instanceof SqlJoin join && condition(join.getCondition())) {
                    return true;
                }
                return anyOf(call.getOperandList());
            }

            private boolean condition(SqlNode condition) {
                return condition != null && isNondeterministic(condition);
            }
        });
        return Boolean.TRUE.equals(found);
    }

    /** Whether a column of this name was found to be nondeterministic earlier in the session. */
    public boolean isNondeterministicName(String column) {
        return names.contains(key(column));
    }

    private void learnFrom(SqlNode from) {
        if (from == null) {
            return;
        }
        from.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect nested) {
                    selectColumns(nested);
                    return null;
                }
                return super.visit(call);
            }
        });
    }

    /** Whether an expression calls a function of processing time, the wall clock or randomness. */
    public static boolean callsNondeterministicFunction(SqlNode expression) {
        return new Nondeterminism().isNondeterministic(expression);
    }

    private boolean isNondeterministic(SqlNode expression) {
        Boolean found = expression.accept(new AnyNodeVisitor() {
            @Override
            public Boolean visit(SqlCall call) {
                if (call instanceof SqlSelect scalarQuery) {
                    return selectColumns(scalarQuery).contains(true);
                }
                if (call.getKind() == SqlKind.AS) {
                    return Boolean.TRUE.equals(
                            call.operand(0).accept(this)); // the alias names the value, it is not read
                }
                if (call.getKind() == SqlKind.OVER) {
                    // An OVER window ordered by processing time takes the rows in the order they arrive, the
                    // fixture's order: LAG and running totals come out the same every run. Only a RANGE
                    // frame reaching back a stretch of processing time depends on the wall clock.
                    return Boolean.TRUE.equals(call.operand(0).accept(this))
                            || call.operand(1) instanceof SqlWindow window
                                    && reachesBackInTime(window)
                                    && Boolean.TRUE.equals(window.getOrderList().accept(this));
                }
                String function = call.getOperator().getName().toUpperCase(Locale.ROOT);
                if (call instanceof SqlBasicCall
                        && functions.contains(function)
                        && !(function.equals("UNIX_TIMESTAMP") && call.operandCount() > 0)) {
                    return true; // UNIX_TIMESTAMP(string) converts its argument; only UNIX_TIMESTAMP() reads the clock
                }
                return anyOf(call.getOperandList());
            }

            @Override
            public Boolean visit(SqlIdentifier identifier) {
                String last = identifier.names.get(identifier.names.size() - 1);
                return functions.contains(last.toUpperCase(Locale.ROOT)) || names.contains(key(last));
            }
        });
        return Boolean.TRUE.equals(found);
    }

    private static boolean reachesBackInTime(SqlWindow window) {
        SqlNode lowerBound = window.getLowerBound();
        return !window.isRows() && lowerBound != null && !SqlWindow.isUnboundedPreceding(lowerBound);
    }

    /** The select or set operation that gives the query its columns; the queries a WITH names are learned on the way. */
    private SqlNode outermostQuery(SqlNode query) {
        SqlNode node = query;
        while (node != null) {
            if (node instanceof SqlWith with) {
                for (SqlNode item : with.withList) {
                    learnWithItem((SqlWithItem) item);
                }
                node = with.body;
            } else if (node.getKind() == SqlKind.ORDER_BY) {
                node = ((SqlCall) node).operand(0);
            } else {
                return node;
            }
        }
        return null;
    }

    /** {@code WITH name (columns) AS (query)}: as a view, for the query that follows. */
    private void learnWithItem(SqlWithItem item) {
        List<Boolean> columns = selectColumns(item.query);
        SqlNodeList declared = item.columnList;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i) && declared != null && i < declared.size()) {
                names.add(key(declared.get(i).toString()));
            }
        }
    }

    private static String aliasOf(SqlNode item) {
        if (item.getKind() == SqlKind.AS) {
            return ((SqlCall) item).operand(1).toString();
        }
        if (item instanceof SqlIdentifier identifier) {
            return identifier.names.get(identifier.names.size() - 1);
        }
        return null;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** A visitor that finds whether any node of a tree matches: lists and calls match when one of their nodes does. */
    private abstract static class AnyNodeVisitor extends SqlBasicVisitor<Boolean> {

        @Override
        public Boolean visit(SqlCall call) {
            return anyOf(call.getOperandList());
        }

        @Override
        public Boolean visit(SqlNodeList list) {
            return anyOf(list);
        }

        final boolean anyOf(Iterable<SqlNode> nodes) {
            for (SqlNode node : nodes) {
                if (node != null && Boolean.TRUE.equals(node.accept(this))) {
                    return true;
                }
            }
            return false;
        }
    }
}
