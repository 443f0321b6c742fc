package org.flinkcookbook.simulator.stream;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.ZoneId;
import java.util.List;
import org.flinkcookbook.csv.CsvLines;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.expression.EvaluationContext;
import org.flinkcookbook.simulator.expression.Expression;
import org.flinkcookbook.simulator.session.TableDefinition.CsvSource;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Timestamps;
import org.flinkcookbook.simulator.types.Values;

/**
 * Reads a bounded CSV fixture in file order, as Flink's filesystem source with the CSV format
 * does at parallelism 1, computes the computed columns, and, in streaming mode on a table with a
 * WATERMARK, runs Flink's watermark assigner over the rows. The file is streamed: memory does
 * not grow with its size, and read on a second thread ({@link ReadAhead}).
 */
public final class FixtureScan {

    private final CsvSource source;
    private final List<SqlType> physicalTypes;
    private final int[] physicalPositions;
    private final Expression[] computed;
    private final int[] computedPositions;
    private final int width;
    private final WatermarkStrategy watermarkStrategy;
    private final ZoneId sessionZone;

    /**
     * How the table's watermark is assigned in streaming mode.
     *
     * @param rowtimeIndex the rowtime column's position in the row
     * @param expression the WATERMARK clause's expression over the row
     * @param interval {@code pipeline.auto-watermark-interval} in milliseconds
     * @param periodicEmissionPlausible whether processing-time emissions can happen during a test run
     */
    public record WatermarkStrategy(
            int rowtimeIndex, Expression expression, long interval, boolean periodicEmissionPlausible) {}

    /**
     * @param physicalTypes types of the physical columns, in CSV field order
     * @param physicalPositions where each physical column goes in the row
     * @param computed computed column expressions, evaluated over the physical values in CSV order
     * @param computedPositions where each computed column goes in the row
     * @param watermarkStrategy null in batch mode or without a WATERMARK clause
     */
    public FixtureScan(
            CsvSource source,
            List<SqlType> physicalTypes,
            int[] physicalPositions,
            List<Expression> computed,
            int[] computedPositions,
            WatermarkStrategy watermarkStrategy,
            ZoneId sessionZone) {
        this.source = source;
        this.physicalTypes = List.copyOf(physicalTypes);
        this.physicalPositions = physicalPositions.clone();
        this.computed = computed.toArray(new Expression[0]);
        this.computedPositions = computedPositions.clone();
        this.width = physicalPositions.length + computedPositions.length;
        this.watermarkStrategy = watermarkStrategy;
        this.sessionZone = sessionZone;
    }

    public void run(RowSink downstream) {
        WatermarkAssigner assigner = watermarkStrategy == null
                ? null
                : new WatermarkAssigner(
                        watermarkStrategy.interval(), watermarkStrategy.periodicEmissionPlausible(), downstream);
        // the watermark expression is evaluated here, on the operators' thread, which has time to spare
        EvaluationContext context = EvaluationContext.withoutWatermark(sessionZone);
        try {
            ReadAhead.run(this::readFixture, (row, line) -> {
                if (assigner == null) {
                    downstream.row(row, line);
                } else {
                    assigner.row(row, line, watermarkOf(row, line, context));
                }
            });
        } catch (NoSuchFileException e) {
            throw new SimulationException(
                    null, "the fixture " + source.displayName() + " does not exist; add the CSV file or fix the path");
        } catch (IOException e) {
            throw new SimulationException(
                    null, "cannot read the fixture " + source.displayName() + ": " + e.getMessage(), e);
        }
        if (assigner == null) {
            downstream.endOfInput();
        } else {
            assigner.endOfInput();
        }
    }

    /** Parses the fixture's rows and computes their computed columns; runs on the reading thread. */
    private void readFixture(ReadAhead.ParsedRows into) throws IOException {
        EvaluationContext context = EvaluationContext.withoutWatermark(sessionZone);
        Object[] physical = new Object[physicalTypes.size()];
        // read by the rule of every read, which also records it as an input of the recipe
        CsvLines.read(
                FileAccess.readable(source.file()),
                (fields, line) -> into.row(read(fields, line, physical, context), line));
    }

    private Object[] read(CharSequence[] fields, int line, Object[] physical, EvaluationContext context) {
        if (fields.length != physical.length) {
            throw new SimulationException(
                    null,
                    source.displayName() + ":" + line + ": Row length mismatch. " + physical.length
                            + " fields expected but was " + fields.length + ".");
        }
        Object[] row = new Object[width];
        for (int i = 0; i < physical.length; i++) {
            CharSequence field = fields[i];
            try {
                physical[i] = Values.parseCsvField(field, physicalTypes.get(i));
            } catch (UnsupportedConstructException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new SimulationException(
                        null,
                        source.displayName() + ":" + line + ": field " + (i + 1) + " '" + field + "' is not a valid "
                                + physicalTypes.get(i) + " (" + e.getMessage() + ")",
                        e);
            }
            row[physicalPositions[i]] = physical[i];
        }
        for (int i = 0; i < computed.length; i++) {
            row[computedPositions[i]] = computed[i].evaluate(physical, context);
        }
        return row;
    }

    private Long watermarkOf(Object[] row, int line, EvaluationContext context) {
        if (row[watermarkStrategy.rowtimeIndex()] == null) {
            // WatermarkAssignerOperator#processElement fails the job on a NULL rowtime
            throw new SimulationException(
                    null,
                    source.displayName() + ":" + line
                            + ": RowTime field should not be null, please convert it to a non-null long value.");
        }
        return Timestamps.millis(watermarkStrategy.expression().evaluate(row, context));
    }
}
