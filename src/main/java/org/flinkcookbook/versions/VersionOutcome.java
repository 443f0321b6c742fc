package org.flinkcookbook.versions;

import java.io.Serializable;

/**
 * What became of one recipe on one Flink version listed in cookbook.flinkVersions, where it is
 * parsed, validated and planned (never run).
 *
 * @param version the listed version
 * @param verdict what that Flink made of the recipe
 * @param line the Markdown line of the first statement it rejects, of the {@code cookbook:flink}
 *     marker it is too old for, or of what kept it from being planned; 0 when it plans
 * @param message that Flink's own message of the first failure, or why it was not planned; null when it plans
 */
public record VersionOutcome(String version, Verdict verdict, int line, String message) implements Serializable {

    /** What a listed Flink version made of a recipe. */
    public enum Verdict {
        /** It parses, validates and plans every statement. */
        PLANS("plans"),
        /** It rejects a statement: the build fails. */
        FAILS("fails"),
        /** The recipe's {@code cookbook:flink >=} marker names a newer version: not planned, not failed. */
        NEEDS_NEWER("needs-newer-flink"),
        /** The recipe was not planned on it, for a reason its own status tells (refused, not runnable, unreadable). */
        NOT_PLANNED("not-planned");

        private final String word;

        Verdict(String word) {
            this.word = word;
        }

        /** As {@code report.json} writes it. */
        public String word() {
            return word;
        }
    }

    public static VersionOutcome plans(String version) {
        return new VersionOutcome(version, Verdict.PLANS, 0, null);
    }

    public boolean fails() {
        return verdict == Verdict.FAILS;
    }

    /** One line for the build output and the reports: {@code recipe.md:12: on Flink 1.20.3: message}. */
    public String describe(String path) {
        return path + ":" + line + ": on Flink " + version + ": " + message;
    }
}
