package org.flinkcookbook.simulator.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.Column;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.expression.ExpressionCompiler;
import org.flinkcookbook.simulator.session.SessionSettings;
import org.flinkcookbook.simulator.session.TableDefinition;
import org.flinkcookbook.simulator.session.TableDefinition.ColumnDefinition;
import org.flinkcookbook.simulator.stream.FixtureScan;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.sql.Nondeterminism;

/** Plans reading a table: its CSV fixture, computed columns and, in streaming mode, its watermark. */
final class TableScans {

    /**
     * The assigner's processing-time timer fires every interval; a recipe's test job runs for
     * seconds, so only intervals below this can emit a held-back watermark mid-input.
     */
    static final long PERIODIC_EMISSION_HORIZON_MILLIS = 10_000;

    private final SessionSettings settings;

    TableScans(SessionSettings settings) {
        this.settings = settings;
    }

    Relation scan(TableDefinition table, SqlParserPos position) {
        if (table.source() == null) {
            throw new UnsupportedConstructException(
                    position,
                    "reading table '" + table.name()
                            + "', which has no cookbook:fixture and is not a CSV filesystem table");
        }
        boolean streaming = settings.streaming();
        List<Column> columns = new ArrayList<>();
        List<Column> physicalColumns = new ArrayList<>();
        List<Integer> physicalPositions = new ArrayList<>();
        List<Integer> computedPositions = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnDefinition definition = table.columns().get(i);
            boolean rowtime = streaming && definition.name().equals(table.rowtimeColumn());
            boolean proctime = !definition.physical()
                    && definition
                            .computedExpression()
                            .toString()
                            .replace("`", "")
                            .equalsIgnoreCase("PROCTIME()");
            // FlinkTypeFactory#createRowtimeIndicatorType: a rowtime attribute is TIMESTAMP(3) or TIMESTAMP_LTZ(3) in
            // queries whatever precision it was declared with, so a TIMESTAMP(0) fixture's milliseconds show
            SqlType type = rowtime ? timeIndicator(definition.type()) : definition.type();
            Column column = new Column(definition.name(), type, rowtime, proctime, definition.nullable());
            columns.add(column);
            if (definition.physical()) {
                physicalColumns.add(column);
                physicalPositions.add(i);
            } else {
                computedPositions.add(i);
            }
        }
        ExpressionCompiler overPhysical = new ExpressionCompiler(physicalColumns);
        List<Expression> computed = new ArrayList<>();
        for (int computedPosition : computedPositions) {
            computed.add(
                    overPhysical.compile(table.columns().get(computedPosition).computedExpression()));
        }
        FixtureScan.WatermarkStrategy watermark = null;
        if (streaming && table.rowtimeColumn() != null) {
            SqlNode rowtimeExpression = table.columns().stream()
                    .filter(column -> column.name().equals(table.rowtimeColumn()))
                    .findFirst()
                    .orElseThrow()
                    .computedExpression();
            if (rowtimeExpression != null && Nondeterminism.callsNondeterministicFunction(rowtimeExpression)) {
                throw new UnsupportedConstructException(
                        position,
                        "a rowtime computed from the wall clock or random values (" + rowtimeExpression
                                + "): its watermarks and windows differ from run to run");
            }
            ExpressionCompiler overRow = new ExpressionCompiler(columns);
            long interval = settings.watermarkIntervalMillis();
            watermark = new FixtureScan.WatermarkStrategy(
                    overRow.indexOf(table.rowtimeColumn()),
                    overRow.compile(table.watermarkStrategy()),
                    interval,
                    interval > 0 && interval < PERIODIC_EMISSION_HORIZON_MILLIS);
        }
        FixtureScan scan = new FixtureScan(
                table.source(),
                physicalColumns.stream().map(Column::type).toList(),
                toArray(physicalPositions),
                computed,
                toArray(computedPositions),
                watermark,
                settings.timeZone());
        return new Relation(columns, scan::run, table.source().displayName());
    }

    private static SqlType timeIndicator(SqlType declared) {
        return declared.root() == SqlType.Root.TIMESTAMP_LTZ ? SqlType.timestampLtz(3) : SqlType.TIMESTAMP_3;
    }

    private static int[] toArray(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
