package org.flinkcookbook.result;

/**
 * A row that went through a filter reading CURRENT_WATERMARK: the watermark it saw and whether it passed.
 *
 * @param fixture the fixture file the row came from, as shown to users
 * @param fixtureLine 1-based line of the row in that file
 * @param eventTime the row's event time, printed like its rowtime column
 * @param watermark the watermark the filter had received, or null before the first (CURRENT_WATERMARK is NULL)
 * @param passed whether the row passed the filter
 */
public record WatermarkCheck(String fixture, int fixtureLine, String eventTime, String watermark, boolean passed) {

    @Override
    public String toString() {
        return fixture + ":" + fixtureLine + ": row with event time " + eventTime + " saw watermark "
                + (watermark == null ? "NULL (none yet)" : watermark) + " and "
                + (passed ? "passed" : "was filtered out");
    }
}
