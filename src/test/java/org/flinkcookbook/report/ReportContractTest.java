package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.WatermarkCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.json is a contract the README states: its example and the shapes its bullets give are checked
 * against a report.json JsonReport writes, field by field, so that neither can change without the other.
 */
class ReportContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path directory;

    /** The README's section on report.json, its whitespace made single spaces. */
    private static String contract() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("\n## report.json\n");
        int end = readme.indexOf("\n## ", start + 1);
        assertThat(start).as("README's report.json section").isPositive();
        return readme.substring(start, end);
    }

    private static JsonNode documentedExample() throws IOException {
        String section = contract();
        int start = section.indexOf("```json\n") + "```json\n".length();
        return JSON.readTree(section.substring(start, section.indexOf("```", start)));
    }

    /** The fields of the {@code {a, b, c}} the README gives right after naming {@code `field`} in a bullet. */
    private static List<String> documentedShape(String field) throws IOException {
        String text = contract().replaceAll("\\s+", " ");
        Matcher shape = Pattern.compile("`" + field + "` (?:lists|is).*?`\\{([^}]*)\\}`")
                .matcher(text);
        assertThat(shape.find()).as("README gives the shape of " + field).isTrue();
        return Arrays.stream(shape.group(1).split(",")).map(String::trim).toList();
    }

    private JsonNode written(RecipeOutcome outcome, String engine) throws IOException {
        Path file = directory.resolve("report.json");
        JsonReport.write(file, engine, "2.3.0", List.of(outcome));
        return JSON.readTree(file.toFile());
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static StatementResult windowed() {
        return windowed(18L, RowExplanations.NONE);
    }

    /** The one windowed result of line 42, with these late rows. */
    private static StatementResult windowed(long lateRowsDropped, RowExplanations explanations) {
        return new StatementResult(
                42,
                "SELECT window_start, ...",
                null,
                List.of("window_start", "cnt"),
                List.of(ResultRow.insert("2024-03-01 10:00:00.000", "31")),
                false,
                lateRowsDropped,
                explanations,
                0);
    }

    @Test
    void controlCharactersAreEscapedInTheFileAndReadBackAsTheyWere() throws IOException {
        String hostile = "a\u001b[31mred\u0007\u009bcsi\r::error::x\u0085nel\u2028sep\u007f";
        RecipeOutcome outcome = RecipeOutcome.of("recipes/" + hostile + ".md", RecipeStatus.ERROR)
                .problem(3, hostile)
                .build();

        JsonNode real = written(outcome, "flink");

        assertThat(Files.readString(directory.resolve("report.json")))
                .doesNotContainPattern("[\\p{Cc}&&[^\n]]|[\u2028\u2029]")
                .contains("\\u009Bcsi");
        assertThat(real.path("recipes").get(0).path("problem").path("message").asText())
                .isEqualTo(hostile);
    }

    @Test
    void aPassedRecipeOnFlinkHasExactlyTheFieldsOfTheReadmesExampleProblemNullIncluded() throws IOException {
        JsonNode example = documentedExample();
        JsonNode real = written(
                RecipeOutcome.of("recipes/x/late.md", RecipeStatus.PASSED)
                        .seconds(1.2)
                        .results(List.of(windowed()))
                        .build(),
                "flink");

        assertThat(fields(real)).containsExactlyElementsOf(fields(example));
        JsonNode recipe = real.get("recipes").get(0);
        JsonNode documented = example.get("recipes").get(0);
        assertThat(fields(recipe)).containsExactlyElementsOf(fields(documented));
        assertThat(fields(recipe.get("results").get(0)))
                .containsExactlyElementsOf(fields(documented.get("results").get(0)));
        // the example's values are those of this run: the README shows what a passed recipe's entry is
        assertThat(real).isEqualTo(example);
    }

    @Test
    void everyStatusTheReadmeListsIsOneARecipeCanHaveAndNoneIsMissing() throws IOException {
        String text = contract().replaceAll("\\s+", " ");
        Matcher statuses = Pattern.compile("`status`: one of the statuses above: (.*?)(?: \\(|\\.)")
                .matcher(text);
        assertThat(statuses.find()).isTrue();
        List<String> documented = Pattern.compile("`([a-z-]+)`")
                .matcher(statuses.group(1))
                .results()
                .map(match -> match.group(1))
                .toList();

        assertThat(documented)
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(RecipeStatus.values())
                        .map(RecipeStatus::word)
                        .toList());
    }

    @Test
    void mismatchesProblemsLateRowsAndWatermarkChecksHaveTheShapesTheReadmeGives() throws IOException {
        StatementResult explained = windowed()
                .withExplanations(new RowExplanations(
                        List.of(new LateRow(
                                "fixtures/events.csv",
                                4,
                                "2024-03-01 10:00:50.000",
                                "2024-03-01 10:01:05.000",
                                "2024-03-01 10:00:00.000",
                                "2024-03-01 10:01:00.000",
                                null)),
                        List.of(new WatermarkCheck(
                                "fixtures/events.csv",
                                5,
                                "2024-03-01 10:00:20.000",
                                "2024-03-01 10:01:05.000",
                                false))));
        Mismatch late = new Mismatch(42, explained.key(), Mismatch.Kind.LATE_ROWS_DROPPED, null, null, 0, "17", "18");
        Mismatch obsolete =
                new Mismatch(60, "INSERT INTO gone", Mismatch.Kind.MISSING_RESULT, null, null, 0, null, null);
        JsonNode recipe = written(
                        RecipeOutcome.of("recipes/x/late.md", RecipeStatus.FAILED)
                                .results(List.of(explained))
                                .mismatches(List.of(late, obsolete))
                                .problem(42, "late rows dropped: expected 17 but was 18")
                                .build(),
                        "simulator")
                .get("recipes")
                .get(0);
        JsonNode result = recipe.get("results").get(0);

        assertThat(fields(result.get("mismatches").get(0))).containsExactlyElementsOf(documentedShape("mismatches"));
        // the mismatches of results the recipe no longer produces stand at recipe level
        assertThat(fields(recipe.get("mismatches").get(0))).containsExactlyElementsOf(documentedShape("mismatches"));
        assertThat(recipe.get("mismatches").get(0).get("line").asInt()).isEqualTo(60);
        assertThat(fields(recipe.get("problem"))).containsExactlyElementsOf(documentedShape("problem"));
        assertThat(fields(result.get("lateRows").get(0))).containsExactlyElementsOf(documentedShape("lateRows"));
        assertThat(fields(result.get("watermarkChecks").get(0)))
                .containsExactlyElementsOf(documentedShape("watermarkChecks"));
    }

    @Test
    void theLateRowsWhoseLatenessChangedHaveTheShapeTheReadmeGives() throws IOException {
        // the expected file names rows 4 and 5; now 4 and 6 were dropped
        StatementResult now = windowed(2L, new RowExplanations(List.of(lateRow(4), lateRow(6)), List.of()));
        ExpectedResult expected = new ExpectedResult(
                windowed(),
                null,
                List.of(),
                List.of(),
                List.of(new FixtureLine("fixtures/events.csv", 4), new FixtureLine("fixtures/events.csv", 5)));
        RecipeOutcome outcome = RecipeOutcome.of("recipes/x/late.md", RecipeStatus.FAILED)
                .results(List.of(now))
                .expected(List.of(expected))
                .build();
        JsonNode changes = written(outcome, "simulator")
                .get("recipes")
                .get(0)
                .get("results")
                .get(0)
                .get("lateRowChanges");

        assertThat(fields(changes)).containsExactlyElementsOf(documentedShape("lateRowChanges"));
        assertThat(changes.get("newlyDropped").toString())
                .isEqualTo("[{\"fixture\":\"fixtures/events.csv\",\"fixtureLine\":6}]");
        assertThat(changes.get("noLongerDropped").toString())
                .isEqualTo("[{\"fixture\":\"fixtures/events.csv\",\"fixtureLine\":5}]");
        // index.html lists them as the console does
        Path html = directory.resolve("index.html");
        HtmlReport.write(html, "simulator", "2.3.0", List.of(outcome), GoalCommand.PREFIX, path -> List.of());
        assertThat(html)
                .content()
                .contains("2 rows whose lateness changed against the expected file:")
                .contains("<li>[newly dropped] fixtures/events.csv:6: ")
                .contains("<li>[no longer dropped] fixtures/events.csv:5: dropped as late before, not now</li>");
    }

    private static LateRow lateRow(int line) {
        return new LateRow(
                "fixtures/events.csv",
                line,
                "2024-03-01 10:00:50.000",
                "2024-03-01 10:01:05.000",
                "2024-03-01 10:00:00.000",
                "2024-03-01 10:01:00.000",
                null);
    }
}
