package org.flinkcookbook.result;

/**
 * An input row a windowed operator dropped as late: every window it belongs to had already fired.
 * The one record of a late row: messages and {@code report.json} print its values, the timeline of
 * the HTML report draws it where it stands ({@link #at}).
 *
 * @param fixture the fixture file the row came from, as shown to users
 * @param fixtureLine 1-based line of the row in that file, its place in arrival order
 * @param eventTime the row's event time, printed like its rowtime column
 * @param watermark the watermark the operator had received when the row arrived
 * @param windowStart start of the last window the row belonged to, which had closed; null for an
 *     OVER aggregation, which drops rows whose event time the watermark has passed
 * @param windowEnd end (exclusive) of that window, or null
 * @param at where the row's timeline draws it; null when its operator records no timeline
 */
public record LateRow(
        String fixture,
        int fixtureLine,
        String eventTime,
        String watermark,
        String windowStart,
        String windowEnd,
        OnTimeline at) {

    /**
     * A late row's times as the timeline draws them: wall-clock milliseconds in the session time zone.
     *
     * @param eventTime the row's event time
     * @param watermark the watermark it met, or null before the first one
     * @param windowStart the start of the window it missed, or null (OVER aggregations)
     * @param windowEnd that window's end, or null
     */
    public record OnTimeline(long eventTime, Long watermark, Long windowStart, Long windowEnd) {}

    /** The fixture row it was. */
    public FixtureLine origin() {
        return new FixtureLine(fixture, fixtureLine);
    }

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
