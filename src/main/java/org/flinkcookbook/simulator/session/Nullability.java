package org.flinkcookbook.simulator.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlCase;

/**
 * Whether a computed column is nullable, as Calcite's return type inference derives it and Flink's
 * DESCRIBE prints it: a literal is NOT NULL, IS [NOT] NULL never is NULL, COALESCE is nullable only
 * when all its operands are, CASE when a branch is (or ELSE is missing), TO_TIMESTAMP and
 * TO_TIMESTAMP_LTZ always are, PROCTIME() never is, and the other modelled operators (CAST,
 * arithmetic, ||, UPPER, LOWER, comparisons, AND/OR/NOT) when an operand is. Measured on Flink 2.3.0
 * ({@code src/test/resources/adversarial/e*.md}).
 */
final class Nullability {

    private static final Set<SqlKind> NEVER_NULL = Set.of(
            SqlKind.IS_NULL,
            SqlKind.IS_NOT_NULL,
            SqlKind.IS_TRUE,
            SqlKind.IS_NOT_TRUE,
            SqlKind.IS_FALSE,
            SqlKind.IS_NOT_FALSE);
    private static final Set<SqlKind> NULL_IF_AN_OPERAND_IS = Set.of(
            SqlKind.CAST,
            SqlKind.PLUS,
            SqlKind.MINUS,
            SqlKind.TIMES,
            SqlKind.DIVIDE,
            SqlKind.MINUS_PREFIX,
            SqlKind.PLUS_PREFIX,
            SqlKind.EQUALS,
            SqlKind.NOT_EQUALS,
            SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL,
            SqlKind.GREATER_THAN,
            SqlKind.GREATER_THAN_OR_EQUAL,
            SqlKind.AND,
            SqlKind.OR,
            SqlKind.NOT);
    private static final Set<String> NULL_IF_AN_ARGUMENT_IS = Set.of("||", "UPPER", "LOWER");
    /** Their return types are forced nullable (a text or number that does not convert gives NULL). */
    private static final Set<String> ALWAYS_NULLABLE = Set.of("TO_TIMESTAMP", "TO_TIMESTAMP_LTZ");

    private Nullability() {}

    /**
     * @param columns the nullability of the columns the expression may read
     * @return whether the expression may be NULL, or null where this is not derived
     */
    static Boolean of(SqlNode expression, Map<String, Boolean> columns) {
        if (expression instanceof SqlIdentifier identifier) {
            return columns.get(identifier.names.get(identifier.names.size() - 1));
        }
        if (expression instanceof SqlLiteral literal) {
            return literal.getValue() == null;
        }
        if (expression instanceof SqlCase sqlCase) {
            if (sqlCase.getElseOperand() == null) {
                return true;
            }
            List<SqlNode> results = new ArrayList<>(sqlCase.getThenOperands().getList());
            results.add(sqlCase.getElseOperand());
            return any(results, columns);
        }
        if (!(expression instanceof SqlCall call)) {
            return null;
        }
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        if (NEVER_NULL.contains(call.getKind()) || name.equals("PROCTIME")) {
            return false;
        }
        if (ALWAYS_NULLABLE.contains(name)) {
            return true;
        }
        if (name.equals("COALESCE")) {
            Boolean any = null;
            for (SqlNode operand : call.getOperandList()) {
                Boolean nullable = of(operand, columns);
                if (nullable == null) {
                    return null;
                }
                if (!nullable) {
                    any = false;
                } else if (any == null) {
                    any = true;
                }
            }
            return any;
        }
        if (NULL_IF_AN_OPERAND_IS.contains(call.getKind()) || NULL_IF_AN_ARGUMENT_IS.contains(name)) {
            return any(call.getOperandList(), columns);
        }
        return null;
    }

    /** Whether any of the operands (data types aside) may be NULL; null when one is not derived. */
    private static Boolean any(List<SqlNode> operands, Map<String, Boolean> columns) {
        boolean nullable = false;
        for (SqlNode operand : operands) {
            if (operand instanceof SqlDataTypeSpec) {
                continue;
            }
            Boolean operandNullable = of(operand, columns);
            if (operandNullable == null) {
                return null;
            }
            nullable |= operandNullable;
        }
        return nullable;
    }
}
