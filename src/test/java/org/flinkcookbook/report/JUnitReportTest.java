package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JUnitReportTest {

    @TempDir
    Path directory;

    private static RecipeOutcome error(String path, String problem) {
        return RecipeOutcome.of(path, RecipeStatus.ERROR)
                .seconds(0.1)
                .problem(3, problem)
                .build();
    }

    @Test
    void controlCharactersInValuesAndPathsStillGiveXmlThatParses() throws Exception {
        JUnitReport.write(
                directory,
                "flink",
                List.of(error(
                        "recipes/\u0001bell.md",
                        "value \u0000\u0007\u001b[31m\uFFFF \uD800 end \u009bcsi\u0085\u2028\r\u007f.")),
                GoalCommand.PREFIX,
                true);

        try (var files = Files.list(directory)) {
            Path file = files.findFirst().orElseThrow();
            var document =
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
            assertThat(document.getElementsByTagName("error").item(0).getTextContent())
                    .contains("value \uFFFD\uFFFD\uFFFD[31m\uFFFD \uFFFD end \uFFFDcsi\uFFFD\uFFFD\uFFFD\uFFFD.");
            // nor what XML may hold but a console acts on: C1's CSI and NEL, DEL, the line separators
            assertThat(Files.readString(file)).doesNotContainPattern("[\\p{Cc}&&[^\t\n]]|[\u2028\u2029]");
        }
    }

    @Test
    void theFilesOfRecipesThatAreGoneAreDeletedByARunOfEveryRecipeOnly() throws Exception {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("TEST-other-tool.xml"), "<testsuite/>");
        JUnitReport.write(
                directory,
                "flink",
                List.of(error("recipes/a.md", "one"), error("recipes/b.md", "two")),
                GoalCommand.PREFIX,
                true);

        JUnitReport.write(directory, "flink", List.of(error("recipes/a.md", "one")), GoalCommand.PREFIX, false);
        assertThat(directory.resolve("TEST-cookbook.recipes_b.md.xml")).exists();

        JUnitReport.write(directory, "flink", List.of(error("recipes/a.md", "one")), GoalCommand.PREFIX, true);
        try (var files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder("TEST-cookbook.recipes_a.md.xml", "TEST-other-tool.xml");
        }
    }

    @Test
    void recipesWhosePathsLookAlikeGetFilesOfTheirOwn() throws Exception {
        List<RecipeOutcome> outcomes = List.of(
                error("recipes/a/b.md", "one"), error("recipes/a_b.md", "two"), error("recipes/a b.md", "three"));
        JUnitReport.write(directory, "flink", outcomes, GoalCommand.PREFIX, true);

        try (var files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .hasSize(3)
                    .allMatch(name -> name.matches("TEST-cookbook\\.recipes_a_b\\.md-[0-9a-f]{8}\\.xml"));
        }
        assertThat(JUnitReport.fileName("recipes/a/b.md", outcomes))
                .startsWith("recipes_a_b.md-")
                .isNotEqualTo(JUnitReport.fileName("recipes/a b.md", outcomes));
        assertThat(JUnitReport.fileName("recipes/a/b.md", List.of(error("recipes/a/b.md", "alone"))))
                .isEqualTo("recipes_a_b.md");
    }

    @Test
    void aRecipeWhosePathIsLongerThanAFileNameMayBeStillGetsItsFileAndOtherRecipesTheirs() throws Exception {
        String longName = "recipes/" + "deep/".repeat(30) + "l".repeat(240) + ".md";
        String sameStart = "recipes/" + "deep/".repeat(30) + "l".repeat(239) + "m.md";
        JUnitReport.write(
                directory,
                "flink",
                List.of(error(longName, "one"), error(sameStart, "two"), error("recipes/a.md", "three")),
                GoalCommand.PREFIX,
                true);

        try (var files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .hasSize(3)
                    .contains("TEST-cookbook.recipes_a.md.xml")
                    .allMatch(name -> name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 200);
        }
    }
}
