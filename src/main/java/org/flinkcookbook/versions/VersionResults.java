package org.flinkcookbook.versions;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every recipe's outcome on each Flink version listed in cookbook.flinkVersions, oldest version
 * first, by the recipe's display path. Planned in the engine JVMs of those versions before the goal
 * runs, and attached to each recipe's outcome by the run.
 */
public final class VersionResults implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Map<String, List<VersionOutcome>> byRecipe = new LinkedHashMap<>();

    /** No version listed. */
    public static VersionResults none() {
        return new VersionResults();
    }

    /** Adds a recipe's outcome on one more version; versions are added oldest first. */
    public void add(String path, VersionOutcome outcome) {
        byRecipe.computeIfAbsent(path, recipe -> new ArrayList<>()).add(outcome);
    }

    /** Adds every outcome of {@code more}, the results of a newer version. */
    public void addAll(VersionResults more) {
        more.byRecipe.forEach((path, outcomes) -> outcomes.forEach(outcome -> add(path, outcome)));
    }

    /** The recipe's outcome on each listed version, oldest first; empty when none is listed or it was not planned. */
    public List<VersionOutcome> of(String path) {
        return List.copyOf(byRecipe.getOrDefault(path, List.of()));
    }

    /** How the recipes came out on one version, as a line of the build output: {@code 10 plan, 1 fails}. */
    public String tally() {
        List<String> counts = new ArrayList<>();
        for (VersionOutcome.Verdict verdict : VersionOutcome.Verdict.values()) {
            long count = byRecipe.values().stream()
                    .flatMap(List::stream)
                    .filter(outcome -> outcome.verdict() == verdict)
                    .count();
            if (count > 0 || verdict == VersionOutcome.Verdict.PLANS || verdict == VersionOutcome.Verdict.FAILS) {
                counts.add(count + " " + verdict.word());
            }
        }
        return String.join(", ", counts);
    }

    /**
     * The oldest listed version from which on the recipe plans on every listed version; empty when it
     * fails on, or was not planned on, the newest.
     */
    public static Optional<String> worksSince(List<VersionOutcome> outcomes) {
        List<VersionOutcome> newestFirst = new ArrayList<>(outcomes);
        newestFirst.sort(Comparator.comparing((VersionOutcome outcome) -> FlinkVersion.of(outcome.version()))
                .reversed());
        String since = null;
        for (VersionOutcome outcome : newestFirst) {
            if (outcome.verdict() != VersionOutcome.Verdict.PLANS) {
                break;
            }
            since = outcome.version();
        }
        return Optional.ofNullable(since);
    }
}
