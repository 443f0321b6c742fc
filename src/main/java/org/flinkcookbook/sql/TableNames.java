package org.flinkcookbook.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

/** The tables and views a parsed statement creates or reads, by their last name part in lower case. */
public final class TableNames {

    private TableNames() {}

    /** The table or view a CREATE TABLE or CREATE VIEW statement defines. */
    public static Optional<String> created(SqlNode statement) {
        if (statement instanceof SqlCreateTable table) {
            return Optional.of(key(table.getName()));
        }
        if (statement instanceof SqlCreateView view) {
            return Optional.of(key(view.getName()));
        }
        return Optional.empty();
    }

    /** The tables and views the statement reads: those named in FROM clauses, not common table expressions. */
    public static Set<String> read(SqlNode statement) {
        Set<String> tables = new LinkedHashSet<>();
        Set<String> commonTableExpressions = new HashSet<>();
        SqlNode query = statement instanceof RichSqlInsert insert ? insert.getSource()
                : statement instanceof SqlCreateView view ? view.getQuery() : statement;
        query.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select && select.getFrom() != null) {
                    fromItems(select.getFrom(), tables);
                } else if (call instanceof SqlWithItem item) {
                    commonTableExpressions.add(key(item.name));
                }
                return super.visit(call);
            }
        });
        tables.removeAll(commonTableExpressions);
        return tables;
    }

    /** The table names of a FROM clause; subqueries in it are visited on their own. */
    private static void fromItems(SqlNode from, Set<String> tables) {
        if (from instanceof SqlIdentifier identifier) {
            tables.add(key(identifier));
        } else if (from instanceof SqlJoin join) {
            fromItems(join.getLeft(), tables);
            fromItems(join.getRight(), tables);
        } else if (from instanceof SqlCall call) {
            List<SqlNode> operands = new ArrayList<>(call.getOperandList());
            if (call.getKind() == SqlKind.AS || call.getKind() == SqlKind.SNAPSHOT || call.getKind() == SqlKind.LATERAL
                    || call.getKind() == SqlKind.TABLE_REF || call.getKind() == SqlKind.EXPLICIT_TABLE) {
                fromItems(operands.get(0), tables);
            } else if (call.getKind() == SqlKind.COLLECTION_TABLE) {
                // TABLE(TUMBLE(TABLE t, ...)): the window function's table arguments
                for (SqlNode argument : ((SqlCall) operands.get(0)).getOperandList()) {
                    if (argument != null && argument.getKind() == SqlKind.EXPLICIT_TABLE) {
                        fromItems(((SqlCall) argument).operand(0), tables);
                    }
                }
            }
        }
    }

    private static String key(SqlIdentifier identifier) {
        return identifier.names.get(identifier.names.size() - 1).toLowerCase(Locale.ROOT);
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
