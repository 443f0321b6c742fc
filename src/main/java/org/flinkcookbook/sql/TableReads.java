package org.flinkcookbook.sql;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;

/**
 * The tables and views a statement reads: the names in table positions of its FROM clauses,
 * joins, window table functions and subqueries, never column names. Names are compared by their
 * last part, lower-cased, as a recipe session's in-memory catalog resolves them.
 */
public final class TableReads {

    private TableReads() {}

    public static Set<String> of(SqlNode statement) {
        Set<String> tables = new LinkedHashSet<>();
        Set<String> commonTableExpressions = new LinkedHashSet<>();
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select && select.getFrom() != null) {
                    fromClause(select.getFrom(), tables);
                } else if (call instanceof SqlWith with) {
                    for (SqlNode item : with.withList) {
                        commonTableExpressions.add(nameOf(((SqlWithItem) item).name));
                    }
                } else if (call.getKind() == SqlKind.INSERT) {
                    SqlNode source = ((org.apache.calcite.sql.SqlInsert) call).getSource();
                    if (source instanceof SqlIdentifier || source.getKind() == SqlKind.EXPLICIT_TABLE) {
                        fromClause(source, tables);
                    }
                }
                return super.visit(call);
            }
        });
        tables.removeAll(commonTableExpressions);
        return tables;
    }

    /** The table or view a CREATE TABLE or CREATE VIEW statement defines, named as reads are. */
    public static Optional<String> definedBy(SqlNode statement) {
        if (statement instanceof SqlCreateTable table) {
            return Optional.of(nameOf(table.getName()));
        }
        if (statement instanceof SqlCreateView view) {
            return Optional.of(nameOf(view.getName()));
        }
        return Optional.empty();
    }

    /** The last part of a possibly qualified name, lower-cased: how reads and definitions are matched. */
    public static String nameOf(SqlIdentifier identifier) {
        return identifier.names.get(identifier.names.size() - 1).toLowerCase(Locale.ROOT);
    }

    private static void fromClause(SqlNode node, Set<String> tables) {
        if (node instanceof SqlIdentifier identifier) {
            tables.add(nameOf(identifier));
        } else if (node instanceof SqlJoin join) {
            fromClause(join.getLeft(), tables);
            fromClause(join.getRight(), tables);
        } else if (node instanceof SqlBasicCall call) {
            switch (call.getKind()) {
                case AS, SNAPSHOT, EXPLICIT_TABLE, LATERAL, COLLECTION_TABLE, TABLESAMPLE ->
                    fromClause(call.operand(0), tables);
                case DESCRIPTOR, SELECT, UNION, INTERSECT, EXCEPT, VALUES -> {
                    // columns, or queries the visitor reaches on its own
                }
                default -> operands(call.getOperandList(), tables); // window table functions: TUMBLE(TABLE t, ...)
            }
        } else if (node instanceof SqlCall call
                && (call.getKind() == SqlKind.MATCH_RECOGNIZE
                        || call.getKind() == SqlKind.TABLE_REF
                        || call.getKind() == SqlKind.SNAPSHOT)) {
            // MATCH_RECOGNIZE over a table, a table with hints (t /*+ OPTIONS(...) */), t FOR SYSTEM_TIME AS OF ...
            fromClause(call.operand(0), tables);
        } else if (node instanceof SqlNodeList list) {
            operands(list.getList(), tables);
        }
    }

    private static void operands(List<SqlNode> operands, Set<String> tables) {
        for (SqlNode operand : operands) {
            // identifiers among a table function's arguments are columns or units, not tables
            if (operand != null && !(operand instanceof SqlIdentifier)) {
                fromClause(operand, tables);
            }
        }
    }
}
