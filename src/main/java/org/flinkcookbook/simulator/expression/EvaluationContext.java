package org.flinkcookbook.simulator.expression;

import java.time.ZoneId;

/** What an expression may read besides the row: the operator's watermark and the session time zone. */
public interface EvaluationContext {

    /** No watermark received yet: CURRENT_WATERMARK is NULL. */
    long NO_WATERMARK = Long.MIN_VALUE;

    /** The last watermark the evaluating operator received, or {@link #NO_WATERMARK}. */
    long currentWatermark();

    ZoneId sessionZone();

    /** For code that never receives a watermark (a source, a batch aggregation): CURRENT_WATERMARK stays NULL. */
    static EvaluationContext withoutWatermark(ZoneId sessionZone) {
        return at(NO_WATERMARK, sessionZone);
    }

    /** An operator's context after the watermark {@code watermark} (or {@link #NO_WATERMARK}). */
    static EvaluationContext at(long watermark, ZoneId sessionZone) {
        return new EvaluationContext() {
            @Override
            public long currentWatermark() {
                return watermark;
            }

            @Override
            public ZoneId sessionZone() {
                return sessionZone;
            }
        };
    }
}
