package org.flinkcookbook.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class VersionResultsTest {

    @Test
    void versionsCompareByTheirNumbersAMissingOneBeingZero() {
        assertThat(Stream.of("2.1.1", "1.20.3", "2.0", "1.19.3", "2.0.0", "1.9")
                        .map(FlinkVersion::of)
                        .sorted()
                        .map(FlinkVersion::toString))
                .containsExactly("1.9", "1.19.3", "1.20.3", "2.0", "2.0.0", "2.1.1");
        assertThat(FlinkVersion.of("2.0").compareTo(FlinkVersion.of("2.0.0"))).isZero();
        assertThat(FlinkVersion.of("1.20.3").olderThan(FlinkVersion.of("2.0"))).isTrue();
        assertThat(FlinkVersion.of("2.1").olderThan(FlinkVersion.of("2.0.9"))).isFalse();
        assertThatThrownBy(() -> FlinkVersion.of("2.x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'2.x' is no Flink version");
    }

    @Test
    void aRecipeWorksSinceTheOldestVersionFromWhichOnEveryListedOnePlansIt() {
        VersionOutcome failsOn119 = fails("1.19.3");
        assertThat(VersionResults.worksSince(
                        List.of(failsOn119, VersionOutcome.plans("1.20.3"), VersionOutcome.plans("2.0.0"))))
                .contains("1.20.3");
        // a version in between that fails breaks the run of versions
        assertThat(VersionResults.worksSince(
                        List.of(VersionOutcome.plans("1.19.3"), fails("1.20.3"), VersionOutcome.plans("2.0.0"))))
                .contains("2.0.0");
        assertThat(VersionResults.worksSince(List.of(VersionOutcome.plans("1.19.3"), fails("2.0.0"))))
                .isEmpty();
        // one that needs a newer version than the oldest is not planned there
        assertThat(VersionResults.worksSince(List.of(
                        new VersionOutcome("1.20.3", VersionOutcome.Verdict.NEEDS_NEWER, 3, "needs Flink 2.1"),
                        VersionOutcome.plans("2.1.1"))))
                .contains("2.1.1");
    }

    @Test
    void resultsOfSeveralVersionsAddUpPerRecipeAndCountPerVerdict() {
        VersionResults old = VersionResults.none();
        old.add("a.md", fails("1.20.3"));
        old.add("b.md", VersionOutcome.plans("1.20.3"));
        VersionResults newer = VersionResults.none();
        newer.add("a.md", VersionOutcome.plans("2.0.0"));
        assertThat(old.tally()).isEqualTo("1 plans, 1 fails");

        old.addAll(newer);

        assertThat(old.of("a.md")).containsExactly(fails("1.20.3"), VersionOutcome.plans("2.0.0"));
        assertThat(old.of("b.md")).containsExactly(VersionOutcome.plans("1.20.3"));
        assertThat(old.of("c.md")).isEmpty();
    }

    private static VersionOutcome fails(String version) {
        return new VersionOutcome(version, VersionOutcome.Verdict.FAILS, 8, "SELECT PRINTF(s): No match found");
    }
}
