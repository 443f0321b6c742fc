package org.flinkcookbook.compare;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.result.FixtureLine;

/**
 * Which fixture rows' lateness changed against the expected file: dropped as late now and not
 * before, or before and not now (a row read twice counts twice).
 *
 * @param newlyLate rows dropped now that the expected file does not name, in {@link FixtureLine#ORDER}
 * @param noLongerLate rows the expected file names that were not dropped now, in that order
 */
public record LateRowChanges(List<FixtureLine> newlyLate, List<FixtureLine> noLongerLate) {

    public LateRowChanges {
        newlyLate = List.copyOf(newlyLate);
        noLongerLate = List.copyOf(noLongerLate);
    }

    /** The changes from the rows the expected file names to those dropped now, both in {@link FixtureLine#ORDER}. */
    public static LateRowChanges of(List<FixtureLine> expected, List<FixtureLine> actual) {
        List<FixtureLine> newlyLate = new ArrayList<>();
        List<FixtureLine> noLongerLate = new ArrayList<>();
        int e = 0;
        int a = 0;
        while (e < expected.size() || a < actual.size()) {
            int order = e == expected.size()
                    ? 1
                    : a == actual.size() ? -1 : FixtureLine.ORDER.compare(expected.get(e), actual.get(a));
            if (order == 0) {
                e++;
                a++;
            } else if (order < 0) {
                noLongerLate.add(expected.get(e++));
            } else {
                newlyLate.add(actual.get(a++));
            }
        }
        return new LateRowChanges(newlyLate, noLongerLate);
    }

    /** How many rows changed. */
    public int size() {
        return newlyLate.size() + noLongerLate.size();
    }
}
