package org.flinkcookbook.result;

import java.util.List;

/**
 * Why rows of a result are missing or present, as the simulator can tell (the Flink engine leaves these empty).
 *
 * @param lateRows input rows windowed operators dropped as late, in arrival order
 * @param watermarkChecks rows that went through a CURRENT_WATERMARK filter, in arrival order
 * @param timeline the input rows against the watermark and the windows, for the HTML report; null
 *     when not traced (no windowed or CURRENT_WATERMARK operator, or no report asked for it)
 */
public record RowExplanations(List<LateRow> lateRows, List<WatermarkCheck> watermarkChecks, Timeline timeline) {

    public static final RowExplanations NONE = new RowExplanations(List.of(), List.of());

    public RowExplanations {
        lateRows = List.copyOf(lateRows);
        watermarkChecks = List.copyOf(watermarkChecks);
    }

    public RowExplanations(List<LateRow> lateRows, List<WatermarkCheck> watermarkChecks) {
        this(lateRows, watermarkChecks, null);
    }
}
