package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.JUnitReport;
import org.flinkcookbook.report.JsonReport;
import org.flinkcookbook.report.RecipeOutcome;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.versions.VersionOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recipe that plans on the plugin's Flink but fails on a listed older one, in every report. */
class FlinkVersionsReportsTest {

    private static final String SENTENCE =
            "SELECT PRINTF('%s', s) FROM t: From line 8, column 8 to line 8, column 22: No match found for function signature PRINTF";

    @TempDir
    Path directory;

    private final RecipeOutcome labels = RecipeOutcome.of("recipes/labels.md", RecipeStatus.PLANNED)
            .problem(4, "planned with stand-ins")
            .build()
            .withFlinkVersions(List.of(
                    new VersionOutcome("1.19.3", VersionOutcome.Verdict.FAILS, 8, SENTENCE),
                    new VersionOutcome("1.20.3", VersionOutcome.Verdict.FAILS, 8, SENTENCE),
                    VersionOutcome.plans("2.0.0")));
    private final RecipeOutcome orders = RecipeOutcome.of("recipes/orders.md", RecipeStatus.PASSED)
            .build()
            .withFlinkVersions(List.of(
                    new VersionOutcome("1.19.3", VersionOutcome.Verdict.NEEDS_NEWER, 2, "needs Flink 1.20"),
                    VersionOutcome.plans("1.20.3"),
                    VersionOutcome.plans("2.0.0")));

    @Test
    void aFailureOnAListedVersionFailsTheBuildAndTheSummaryNamesVersionLineAndSentence() {
        RunSummary summary = new RunSummary(
                "flink",
                List.of(labels, orders),
                1.0,
                true,
                "target/cookbook/report.json",
                "target/cookbook/index.html",
                GoalCommand.PREFIX);

        assertThat(labels.failsBuild()).isTrue();
        assertThat(orders.failsBuild()).isFalse();
        assertThat(summary.failsBuild()).isTrue();
        assertThat(summary.screen())
                .contains("  FLINK 1.19.3 recipes/labels.md:8: on Flink 1.19.3: " + SENTENCE)
                .contains("  FLINK 1.20.3 recipes/labels.md:8: on Flink 1.20.3: " + SENTENCE)
                .contains("  next: mark the recipe <!-- cookbook:flink >= 2.0.0 -->, or write it so that Flink 1.20.3 "
                        + "plans it, then run mvn cookbook:verify again");
        assertThat(summary.line()).contains("1 failing on a listed Flink version");
        assertThat(summary.failureAdvice()).startsWith("1 failing on a listed Flink version (cookbook.flinkVersions)");
        assertThat(GithubAnnotations.of(labels, "recipes/labels.md", GoalCommand.PREFIX))
                .anySatisfy(
                        annotation -> assertThat(annotation)
                                .startsWith(
                                        "::error file=recipes/labels.md,line=8,title=cookbook fails on Flink 1.20.3::on Flink 1.20.3: "));
    }

    @Test
    void reportJsonGivesEachVersionsStatusAndWorksSince() throws Exception {
        Path report = directory.resolve("report.json");

        JsonReport.write(report, "flink", "2.3.0", List.of(labels, orders));

        JsonNode recipes = new ObjectMapper().readTree(report.toFile()).get("recipes");
        JsonNode failing = recipes.get(0).get("flinkVersions");
        assertThat(failing.get("1.20.3").get("status").asText()).isEqualTo("fails");
        assertThat(failing.get("1.20.3").get("line").asInt()).isEqualTo(8);
        assertThat(failing.get("1.20.3").get("message").asText()).isEqualTo(SENTENCE);
        assertThat(failing.get("2.0.0").toString()).isEqualTo("{\"status\":\"plans\"}");
        assertThat(recipes.get(0).get("worksSince").asText()).isEqualTo("2.0.0");
        assertThat(recipes.get(1)
                        .get("flinkVersions")
                        .get("1.19.3")
                        .get("status")
                        .asText())
                .isEqualTo("needs-newer-flink");
        assertThat(recipes.get(1).get("worksSince").asText()).isEqualTo("1.20.3");
    }

    @Test
    void junitHasATestPerListedVersion() throws Exception {
        JUnitReport.write(directory, "flink", List.of(labels), GoalCommand.PREFIX, true);

        String xml;
        try (var files = Files.list(directory)) {
            xml = Files.readString(files.findFirst().orElseThrow());
        }
        assertThat(xml.replaceAll(">\\s+<", "><"))
                .contains("<testcase classname=\"recipes.labels\" name=\"on Flink 1.20.3\" time=\"0.000\">"
                        + "<failure message=\"recipes/labels.md:8: on Flink 1.20.3: SELECT PRINTF")
                .contains("name=\"on Flink 2.0.0\" time=\"0.000\"/>")
                .contains("failures=\"2\"");
    }
}
