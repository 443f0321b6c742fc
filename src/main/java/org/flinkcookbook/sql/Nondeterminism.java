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
 * Tracks, through a session's SQL, which column names carry random values (RAND, RAND_INTEGER,
 * UUID), for the guard's one question: does a statement keep or drop rows by one (then no fixture
 * can make its rows repeatable). Names are followed through computed columns, views and
 * subqueries. Which result columns an engine prints as placeholders is no business of this: the
 * Flink engine reads them from the plan Flink runs ({@code flink.PlanNondeterminism}).
 */
public final class Nondeterminism {

    /** The functions whose values differ from one run to the next even on the same day: random numbers. */
    private static final Set<String> RANDOM_FUNCTIONS = Set.of("RAND", "RAND_INTEGER", "UUID");

    private final Set<String> functions = RANDOM_FUNCTIONS;
    private final Set<String> names = new HashSet<>();

    private Nondeterminism() {}

    /**
     * Follows random values. A value of the clock, compared with fixture rows of a fixed past,
     * keeps giving the same rows; a random one does not.
     */
    public static Nondeterminism ofRandomValues() {
        return new Nondeterminism();
    }

    /** Learns the random columns a statement defines (computed columns, view and subquery columns). */
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
    private List<Boolean> selectColumns(SqlNode query) {
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
                if (call instanceof SqlBasicCall
                        && functions.contains(call.getOperator().getName().toUpperCase(Locale.ROOT))) {
                    return true;
                }
                return anyOf(call.getOperandList());
            }

            @Override
            public Boolean visit(SqlIdentifier identifier) {
                String last = identifier.names.get(identifier.names.size() - 1);
                return names.contains(key(last)); // every random function takes parentheses: a bare name is a column
            }
        });
        return Boolean.TRUE.equals(found);
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
