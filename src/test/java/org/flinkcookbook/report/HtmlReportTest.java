package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.compare.Comparison;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.junit.jupiter.api.Test;

/** The HTML report's content; {@code HtmlReportBrowserIT} checks how a browser renders it. */
class HtmlReportTest {

    static final Path LAB =
            Path.of("recipes/late-data-lab/count-dropped-rows.md").toAbsolutePath();

    @Test
    void aValuesControlCharactersReachNoPageAsTheyAre() {
        String hostile = "a\u001b[31mred\u0007\u009bcsi\r::error::x\u0085nel\u2028sep\u007f";
        RecipeOutcome outcome = everywhere(hostile, "SELECT v", RecipeStatus.FAILED);

        String page = HtmlReport.page("flink", "2.3.0", List.of(outcome), GoalCommand.PREFIX);

        assertThat(page).doesNotContainPattern("[\\p{Cc}&&[^\t\n]]|[\u2028\u2029]");
        assertThat(page).contains("a\uFFFD[31mred\uFFFD\uFFFDcsi\uFFFD::error::x\uFFFDnel\uFFFDsep\uFFFD");
    }

    @Test
    void recipeTextIsEscapedEverywhereAndOnlyThePagesOwnScriptMayRun() {
        String hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'&";
        RecipeOutcome outcome = everywhere(hostile, "SELECT '" + hostile + "'", RecipeStatus.ERROR);

        String page = HtmlReport.page("simulator", "2.3.0", List.of(outcome), GoalCommand.PREFIX);

        assertThat(page)
                .doesNotContain("<script>alert", "<img")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;");
        assertThat(count(page, "<script")).isEqualTo(1);
        assertThat(page).contains("Content-Security-Policy\" content=\"default-src 'none';");
    }

    /**
     * An outcome that shows {@code text} everywhere a page shows recipe text: the recipe's path, the
     * sink, a column, a value, a mismatch, the problem and a warning.
     */
    private static RecipeOutcome everywhere(String text, String statement, RecipeStatus status) {
        StatementResult result = new StatementResult(
                3,
                statement,
                text,
                List.of(text),
                List.of(ResultRow.insert(text)),
                false,
                null,
                RowExplanations.NONE,
                0);
        return RecipeOutcome.of("recipes/" + text + ".md", status)
                .results(List.of(result))
                .mismatches(List.of(
                        Mismatch.changedRow(result, new Mismatch.RowKey(List.of(text), List.of(text)), text, text)))
                .problem(3, text)
                .warnings(List.of(text))
                .build();
    }

    @Test
    void aBrokenRecipeShowsItsSqlUpToTheLineFlinkNamesWithACaretUnderTheColumnsItPointsAt() {
        List<String> markdown = List.of(
                "# A recipe Flink rejects", "", "```sql", "SELECT id,", "\tno_such_column <x> FROM readings;", "```");
        RecipeOutcome broken = RecipeOutcome.of("recipes/broken.md", RecipeStatus.BROKEN)
                .problem(
                        5,
                        "SELECT id, no_such_column <x> FROM readings: From line 5, column 2 to line 5, column 15:"
                                + " Column 'no_such_column' not found in any table")
                .build();
        // a message without a position, or at another line than the problem's, gets no excerpt
        RecipeOutcome missing = RecipeOutcome.of("recipes/missing.md", RecipeStatus.ERROR)
                .problem(3, "the fixture fixtures/nowhere.csv for table events does not exist; add the CSV file")
                .build();

        String page = HtmlReport.page(
                "flink",
                "2.3.0",
                List.of(broken, missing),
                GoalCommand.PREFIX,
                path -> path.equals("recipes/broken.md") ? markdown : List.of("# Missing", "", "<!-- x -->"));

        assertThat(page)
                .contains(
                        "<pre class=\"excerpt\">3 | ```sql\n4 | SELECT id,\n5 | \tno_such_column &lt;x&gt; FROM readings;\n"
                                + "  | \t<span class=\"caret\">^^^^^^^^^^^^^^</span></pre>");
        assertThat(count(page, "<pre class=\"excerpt\">")).isEqualTo(1);
    }

    @Test
    void whatFailsTheBuildIsListedFirstAndACachedPassShowsItsResultsWithoutSayingThereAreNone() {
        StatementResult result = new StatementResult(
                3,
                "SELECT 1",
                null,
                List.of("n"),
                List.of(ResultRow.insert("1")),
                false,
                null,
                RowExplanations.NONE,
                0);
        List<RecipeOutcome> outcomes = List.of(
                RecipeOutcome.of("recipes/a.md", RecipeStatus.PASSED)
                        .cached()
                        .results(List.of(result))
                        .build(),
                RecipeOutcome.of("recipes/b.md", RecipeStatus.PLANNED).build(),
                RecipeOutcome.of("recipes/c.md", RecipeStatus.BROKEN)
                        .problem(3, "no")
                        .build(),
                RecipeOutcome.of("recipes/d.md", RecipeStatus.FAILED).build());

        String page = HtmlReport.page("flink", "2.3.0", outcomes, GoalCommand.PREFIX);

        assertThat(page.indexOf(">recipes/c.md</a>"))
                .isLessThan(page.indexOf(">recipes/d.md</a>"))
                .isLessThan(page.indexOf(">recipes/a.md</a>"));
        assertThat(page.indexOf(">recipes/a.md</a>")).isLessThan(page.indexOf(">recipes/b.md</a>"));
        assertThat(page)
                .contains("so it did not run: its results are those of the run that passed.")
                .doesNotContain("no results to show");
    }

    @Test
    void aFailedResultShowsExpectedAndActualRowsSideBySideWithTheChangedValuesHighlighted() {
        List<String> columns = List.of("window_start", "cnt");
        StatementResult expected = new StatementResult(
                5,
                "SELECT window_start, COUNT(*)",
                null,
                columns,
                List.of(ResultRow.insert("10:00", "2"), ResultRow.insert("10:01", "3"), ResultRow.insert("10:02", "1")),
                false,
                0L,
                RowExplanations.NONE,
                0);
        StatementResult actual = new StatementResult(
                5,
                "SELECT window_start, COUNT(*)",
                null,
                columns,
                List.of(ResultRow.insert("10:00", "2"), ResultRow.insert("10:01", "4"), ResultRow.insert("10:03", "7")),
                false,
                0L,
                RowExplanations.NONE,
                0);
        List<ExpectedResult> expectedResults = List.of(new ExpectedResult(expected, null, List.of()));
        List<Mismatch> mismatches = Comparison.compare(expectedResults, List.of(actual));
        RecipeOutcome outcome = RecipeOutcome.of("r.md", RecipeStatus.FAILED)
                .results(List.of(actual))
                .mismatches(mismatches)
                .expected(expectedResults)
                .build();

        String page = HtmlReport.page("flink", "2.3.0", List.of(outcome), GoalCommand.PREFIX);

        assertThat(page).contains("<th class=\"side\" colspan=\"3\">expected</th>");
        assertThat(rowsOf(page, "same")).containsExactly("+I|10:00|2|+I|10:00|2");
        // the window's count changed: beside each other, only the count highlighted
        assertThat(page)
                .contains(
                        "<tr class=\"changed\"><td class=\"e\">+I</td><td class=\"e\">10:01</td><td class=\"e changed\">3</td>");
        assertThat(rowsOf(page, "changed")).containsExactly("+I|10:01|3|+I|10:01|4");
        assertThat(rowsOf(page, "missing")).containsExactly("+I|10:02|1|||");
        assertThat(rowsOf(page, "extra")).containsExactly("|||+I|10:03|7");
    }

    @Test
    void everyTracedResultOfTheLateDataLabHasATimelineWhoseRedMarksAreItsDroppedRows() throws Exception {
        RecipeRun run = new SimulatorEngine(Path.of("fixtures").toAbsolutePath(), false, true)
                .run(new RecipeParser().parse(LAB, "late-data-lab/count-dropped-rows.md"));
        RecipeOutcome outcome = RecipeOutcome.of("late-data-lab/count-dropped-rows.md", RecipeStatus.PASSED)
                .results(run.results())
                .build();

        String page = HtmlReport.page("simulator", "2.3.0", List.of(outcome), GoalCommand.PREFIX);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/late-data-lab.html"), page); // to look at

        List<StatementResult> traced = run.results().stream()
                .filter(result -> result.explanations().timeline() != null)
                .toList();
        assertThat(traced).extracting(StatementResult::line).containsExactly(92, 120, 136, 154, 174, 191);
        assertThat(count(page, "<figure class=\"timeline\"")).isEqualTo(traced.size());
        String[] figures = page.split("<figure class=\"timeline\"");
        for (int i = 0; i < traced.size(); i++) {
            String figure = figures[i + 1].substring(0, figures[i + 1].indexOf("</figure>"));
            List<Integer> marked = new ArrayList<>();
            Matcher late = Pattern.compile("<circle class=\"late\"[^>]* data-line=\"(\\d+)\"")
                    .matcher(figure);
            while (late.find()) {
                marked.add(Integer.parseInt(late.group(1)));
            }
            assertThat(marked)
                    .as("line %d", traced.get(i).line())
                    .containsExactlyElementsOf(traced.get(i).explanations().lateRows().stream()
                            .map(LateRow::fixtureLine)
                            .toList())
                    .hasSize(Objects.requireNonNullElse(traced.get(i).lateRowsDropped(), 0L)
                            .intValue());
        }
        // the lab's figures side by side: delays 5, 0 and 30 s drop 8, 12 and 6 rows; 110 rows are not late (the
        // query keeps the 23 late ones); filtering the late rows in front of the window leaves none to drop; the slow
        // interval drops 2
        assertThat(count(page, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"thumb\""))
                .isEqualTo(traced.size());
        assertThat(Pattern.compile("<span class=\"big ([a-z]+)-count\">(\\d+)</span>")
                        .matcher(page)
                        .results()
                        .map(m -> m.group(1) + " " + m.group(2))
                        .toList())
                .containsExactly("late 8", "late 12", "late 6", "filtered 110", "late 0", "filtered 23", "late 2");
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** The table rows of a kind, cells joined with |. */
    private static List<String> rowsOf(String page, String kind) {
        return Pattern.compile("<tr class=\"" + kind + "\">(.*?)</tr>")
                .matcher(page)
                .results()
                .map(m -> m.group(1)
                        .replaceAll("<td class=\"gap\"></td>", "|")
                        .replaceAll("</td><td[^>]*>", "|")
                        .replaceAll("</?td[^>]*>", ""))
                .toList();
    }
}
