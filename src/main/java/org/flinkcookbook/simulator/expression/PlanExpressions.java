package org.flinkcookbook.simulator.expression;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;

/**
 * Flink's own reduced expressions, as its compiled plan serializes them (RexNodeJsonSerializer:
 * INPUT_REF, LITERAL, CALL by internal name, FIELD_ACCESS, ...), made into the simulator's
 * evaluators. Everything the planner decided (implicit casts, constant folding, propagated
 * equalities) is already in the expression; this class only executes it, and throws
 * {@link UnsupportedConstructException} naming any call, literal or type it does not model.
 */
public final class PlanExpressions {

    private PlanExpressions() {}

    /**
     * @param rexNode one serialized RexNode of a plan's ExecNode (a projection, a condition)
     * @param input the columns of the node's input row, in order
     */
    public static Expression compile(JsonNode rexNode, List<Column> input) {
        throw new UnsupportedConstructException(
                SqlParserPos.ZERO, "expressions of Flink's plan are not modelled yet: " + rexNode);
    }
}
