package org.flinkcookbook.simulator.stream;

import java.time.ZoneId;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.simulator.types.SqlType;
import org.flinkcookbook.simulator.types.Values;

/** The late rows of operators that drop a row by its rowtime alone, outside any window. */
final class LateRows {

    private LateRows() {}

    /** A row at {@code rowtime} dropped when the operator had {@code watermark}, both shown in the rowtime's type. */
    static LateRow dropped(
            String fixture, int fixtureLine, long rowtime, long watermark, SqlType rowtimeType, ZoneId sessionZone) {
        return dropped(fixture, fixtureLine, rowtime, watermark, rowtimeType, sessionZone, null);
    }

    /** The same, placed on the timeline at {@code at} (or nowhere when null). */
    static LateRow dropped(
            String fixture,
            int fixtureLine,
            long rowtime,
            long watermark,
            SqlType rowtimeType,
            ZoneId sessionZone,
            LateRow.OnTimeline at) {
        return new LateRow(
                fixture,
                fixtureLine,
                Values.render(rowtime, rowtimeType, sessionZone),
                Values.render(watermark, rowtimeType, sessionZone),
                null,
                null,
                at);
    }
}
