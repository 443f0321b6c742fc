package org.flinkcookbook.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One row of a result: its kind and its values rendered as the Flink SQL client prints them. A SQL
 * NULL is a Java {@code null}; a value computed from processing time or another nondeterministic
 * function is {@link #NONDETERMINISTIC}.
 */
public record ResultRow(RowKind kind, List<String> values) {

    /** Stands for a value that differs from run to run, so it is never recorded or compared. */
    public static final String NONDETERMINISTIC = "<nondeterministic>";

    public ResultRow {
        values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    public static ResultRow insert(String... values) {
        return new ResultRow(RowKind.INSERT, List.of(values));
    }

    /** {@code +I[a, b, <NULL>]}: how a row reads in messages. */
    @Override
    public String toString() {
        List<String> shown =
                values.stream().map(value -> value == null ? "<NULL>" : value).toList();
        return kind.symbol() + "[" + String.join(", ", shown) + "]";
    }
}
