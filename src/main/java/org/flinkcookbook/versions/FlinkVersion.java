package org.flinkcookbook.versions;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A Flink version as cookbook.flinkVersions and {@code cookbook:flink >=} markers write it
 * ({@code 1.20.3}, {@code 2.0}), ordered by its numbers: a missing number counts as 0, so 2.0 is
 * 2.0.0.
 */
public record FlinkVersion(String text, List<Integer> numbers) implements Comparable<FlinkVersion>, Serializable {

    public FlinkVersion {
        numbers = List.copyOf(numbers);
    }

    /** @throws IllegalArgumentException when {@code text} is not numbers separated by dots */
    public static FlinkVersion of(String text) {
        String trimmed = text.strip();
        List<Integer> numbers = new ArrayList<>();
        for (String part : trimmed.split("\\.", -1)) {
            if (part.isEmpty() || !part.chars().allMatch(Character::isDigit) || part.length() > 6) {
                throw new IllegalArgumentException("'" + text + "' is no Flink version; write it as 1.20.3 or 2.0");
            }
            numbers.add(Integer.parseInt(part));
        }
        return new FlinkVersion(trimmed, numbers);
    }

    /** Its line: 1 for 1.20.3, 2 for 2.0.0. */
    public int major() {
        return numbers.get(0);
    }

    public boolean olderThan(FlinkVersion other) {
        return compareTo(other) < 0;
    }

    @Override
    public int compareTo(FlinkVersion other) {
        for (int i = 0; i < Math.max(numbers.size(), other.numbers.size()); i++) {
            int difference = Integer.compare(number(i), other.number(i));
            if (difference != 0) {
                return difference;
            }
        }
        return 0;
    }

    private int number(int index) {
        return index < numbers.size() ? numbers.get(index) : 0;
    }

    @Override
    public String toString() {
        return text;
    }
}
