package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;

/**
 * A compiled SELECT list. Output names follow Calcite: the alias, else an identifier's own name,
 * else {@code EXPR$<position>}. A column stays an event-time attribute when it is selected as is.
 */
record Projection(List<Column> columns, List<Expression> expressions) {

    static Projection of(SqlNodeList selectList, ExpressionCompiler compiler) {
        List<Column> columns = new ArrayList<>();
        List<Expression> expressions = new ArrayList<>();
        for (int position = 0; position < selectList.size(); position++) {
            SqlNode item = selectList.get(position);
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                for (int i = 0; i < compiler.columns().size(); i++) {
                    Column column = compiler.columns().get(i);
                    if (column.name().startsWith("$")) {
                        continue; // the planner's own columns ($rownum, $over1, ...) are not the relation's
                    }
                    columns.add(column);
                    expressions.add(Expression.column(i, column.type()));
                }
                continue;
            }
            String name = null;
            SqlNode expression = item;
            if (item.getKind() == SqlKind.AS) {
                expression = ((SqlCall) item).operand(0);
                name = ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
            }
            Expression compiled = compiler.compile(expression);
            boolean rowtime = false;
            boolean proctime = false;
            Boolean nullable = null;
            if (expression instanceof SqlIdentifier identifier) {
                String own = identifier.names.get(identifier.names.size() - 1);
                name = name == null ? own : name;
                int index = compiler.indexOf(own);
                rowtime = index >= 0 && compiler.columns().get(index).rowtime();
                proctime = index >= 0 && compiler.columns().get(index).proctime();
                nullable = index >= 0 ? compiler.columns().get(index).nullable() : null;
            } else if (expression instanceof SqlCall call) {
                // TUMBLE_ROWTIME / HOP_ROWTIME stay time attributes (group windows)
                rowtime = call.getOperator().getName().toUpperCase(Locale.ROOT).endsWith("_ROWTIME")
                        && compiler.columns().stream().anyMatch(Column::rowtime);
            }
            columns.add(
                    new Column(name == null ? "EXPR$" + position : name, compiled.type(), rowtime, proctime, nullable));
            expressions.add(compiled);
        }
        return new Projection(columns, expressions);
    }
}
