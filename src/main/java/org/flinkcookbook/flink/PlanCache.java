package org.flinkcookbook.flink;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.flinkcookbook.flink.CompiledPlans.CompiledQuery;

/**
 * Flink's compiled (and translated) plans kept in this JVM, so that a statement planned before on the same session
 * state is not planned again: a watch's next run after a fixture was saved, or after a save that changed another
 * statement of the recipe, re-plans only what changed. The key is everything a plan depends on: the statement's SQL
 * (the INSERTs of a statement set together), the session state before it (the options SET and the definitions, each
 * with the fixture file it binds, in order: {@link FlinkBackEnd#sessionState}) and the fixtures directory; the plugin's
 * build and Flink's version are this JVM's. A fixture's content is no part of it: a plan reads no data. Only plans
 * Flink compiled and translated are kept; a statement Flink refuses is planned again, to give its error again. At
 * most {@value #CAPACITY} keys, the least recently used going first.
 */
final class PlanCache {

    private static final int CAPACITY = 512;

    private static final Map<String, List<CompiledQuery>> PLANS =
            Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, List<CompiledQuery>> eldest) {
                    return size() > CAPACITY;
                }
            });

    private PlanCache() {}

    /** The key of statements planned on a session state in a fixtures directory. */
    static String key(String fixturesDirectory, String sessionState, List<String> statements) {
        return fixturesDirectory + "\u0000" + sessionState + "\u0000" + String.join("\u0000", statements);
    }

    static Optional<List<CompiledQuery>> get(String key) {
        return Optional.ofNullable(PLANS.get(key));
    }

    static void put(String key, List<CompiledQuery> plans) {
        PLANS.put(key, List.copyOf(plans));
    }
}
