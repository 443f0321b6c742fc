package org.flinkcookbook.simulator.stream;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import org.flinkcookbook.csv.CsvLines;
import org.flinkcookbook.guard.FileAccess;
import org.flinkcookbook.simulator.SimulationException;
import org.flinkcookbook.simulator.UnsupportedConstructException;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/**
 * Reads a bounded CSV fixture in file order, as Flink's filesystem source with the CSV format
 * does at parallelism 1, giving the columns the plan's projection push-down asks for. The file is
 * streamed: memory does not grow with its size, and read on a second thread ({@link ReadAhead}).
 */
public final class FixtureScan {

    private final CsvSource source;
    private final SqlType[] physicalTypes;
    /** Which physical column each produced column is; null when the row is all physical columns in file order. */
    private final int[] projection;

    /**
     * @param physicalTypes types of the physical columns, in CSV field order
     * @param projection which physical column each column of the produced row is
     */
    public FixtureScan(CsvSource source, List<SqlType> physicalTypes, int[] projection) {
        this.source = source;
        this.physicalTypes = physicalTypes.toArray(SqlType[]::new);
        this.projection = isIdentity(projection, this.physicalTypes.length) ? null : projection.clone();
    }

    private static boolean isIdentity(int[] projection, int columns) {
        for (int i = 0; i < projection.length; i++) {
            if (projection[i] != i) {
                return false;
            }
        }
        return projection.length == columns;
    }

    public void run(RowSink downstream) {
        try {
            ReadAhead.run(this::readFixture, downstream::row);
        } catch (NoSuchFileException e) {
            throw new SimulationException(
                    null, "the fixture " + source.displayName() + " does not exist; add the CSV file or fix the path");
        } catch (IOException e) {
            throw new SimulationException(
                    null, "cannot read the fixture " + source.displayName() + ": " + e.getMessage(), e);
        }
        downstream.endOfInput();
    }

    /** Parses the fixture's rows; runs on the reading thread. */
    private void readFixture(ReadAhead.ParsedRows into) throws IOException {
        Object[] reused = projection == null ? null : new Object[physicalTypes.length];
        // read by the rule of every read, which also records it as an input of the recipe
        CsvLines.read(FileAccess.readable(source.file()), (fields, line) -> {
            Object[] physical = reused == null ? new Object[physicalTypes.length] : reused;
            into.row(read(fields, line, physical), line);
        });
    }

    /** The row of a line: {@code physical} itself when the row is all of it, else a new row of the columns projected. */
    private Object[] read(CharSequence[] fields, int line, Object[] physical) {
        if (fields.length != physical.length) {
            throw new SimulationException(
                    null,
                    source.displayName() + ":" + line + ": Row length mismatch. " + physical.length
                            + " fields expected but was " + fields.length + ".");
        }
        for (int i = 0; i < physical.length; i++) {
            CharSequence field = fields[i];
            try {
                physical[i] = Values.parseCsvField(field, physicalTypes[i]);
            } catch (UnsupportedConstructException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new SimulationException(
                        null,
                        source.displayName() + ":" + line + ": field " + (i + 1) + " '" + field + "' is not a valid "
                                + physicalTypes[i] + " (" + e.getMessage() + ")",
                        e);
            }
        }
        if (projection == null) {
            return physical;
        }
        Object[] row = new Object[projection.length];
        for (int i = 0; i < projection.length; i++) {
            row[i] = physical[projection[i]];
        }
        return row;
    }
}
