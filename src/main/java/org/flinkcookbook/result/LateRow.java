package org.flinkcookbook.result;

/**
 * An input row a windowed operator dropped as late: every window it belongs to had already fired.
 *
 * @param fixture the fixture file the row came from, as shown to users
 * @param fixtureLine 1-based line of the row in that file
 * @param eventTime the row's event time, printed like its rowtime column
 * @param watermark the watermark the operator had received when the row arrived
 * @param windowStart start of the last window the row belonged to, which had closed; null for an
 *     OVER aggregation, which drops rows whose event time the watermark has passed
 * @param windowEnd end (exclusive) of that window, or null
 */
public record LateRow(
        String fixture, int fixtureLine, String eventTime, String watermark, String windowStart, String windowEnd) {

    /** One sentence for failure messages and reports. */
    @Override
    public String toString() {
        String reason = windowStart == null
                ? "had already passed it"
                : "had already closed window [" + windowStart + ", " + windowEnd + ")";
        return fixture + ":" + fixtureLine + ": row with event time " + eventTime + " dropped as late: watermark "
                + watermark + " " + reason;
    }
}
