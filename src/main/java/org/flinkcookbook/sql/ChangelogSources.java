package org.flinkcookbook.sql;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which changes a table's source emits, from its connector and formats: {@code upsert-kafka}
 * upserts by key, a {@code *-cdc} connector or a changelog format ({@code debezium-json}, ...)
 * emits every kind, anything else inserts only. A fixture bound to a source that emits changes
 * holds the row kind ({@code +I}, {@code -U}, {@code +U}, {@code -D}) as its first column.
 */
public final class ChangelogSources {

    /** The changes a source emits, named as the stand-in and fixture connectors take them. */
    public enum Changes {
        INSERT_ONLY("insert-only"),
        UPSERT("upsert"),
        ALL("all");

        private final String option;

        Changes(String option) {
            this.option = option;
        }

        public String option() {
            return option;
        }

        public static Changes ofOption(String option) {
            for (Changes changes : values()) {
                if (changes.option.equals(option)) {
                    return changes;
                }
            }
            return INSERT_ONLY;
        }
    }

    private static final List<String> FORMAT_KEYS = List.of("format", "key.format", "value.format");
    private static final Set<String> CHANGELOG_FORMATS = Set.of(
            "debezium-json", "debezium-avro-confluent", "debezium-protobuf", "canal-json", "maxwell-json", "ogg-json");

    private ChangelogSources() {}

    /** The changes a source with these WITH options emits. */
    public static Changes of(Map<String, String> options) {
        String connector = options.getOrDefault("connector", "").toLowerCase(Locale.ROOT);
        if (connector.equals("upsert-kafka")) {
            return Changes.UPSERT;
        }
        return connector.endsWith("-cdc") || writesChangelog(options) ? Changes.ALL : Changes.INSERT_ONLY;
    }

    /** Whether one of the table's formats is a changelog format. */
    public static boolean writesChangelog(Map<String, String> options) {
        return FORMAT_KEYS.stream().map(options::get).filter(Objects::nonNull).anyMatch(CHANGELOG_FORMATS::contains);
    }
}
