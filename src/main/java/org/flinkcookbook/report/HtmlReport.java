package org.flinkcookbook.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flinkcookbook.compare.LateRowChanges;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.expected.ExpectedResult;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.result.Timeline;
import org.flinkcookbook.versions.VersionOutcome;

/**
 * {@code target/cookbook/index.html}: the run for people. One self-contained file (inline CSS, SVG
 * and one small script; its Content-Security-Policy lets nothing load and no other script run, so it
 * opens offline from a CI artifact, and recipe text, which may come from strangers, is escaped and
 * could not run even if it were not): an overview of the recipes and their statuses, and a section
 * per recipe with its results, a failed result's expected and actual rows side by side, and a
 * timeline of every result the simulator traced.
 */
public final class HtmlReport {

    public static final String FILE_NAME = "index.html";

    /** The page of a run of some recipes only, beside the full {@link #FILE_NAME}, which it leaves as it is. */
    public static final String SELECTED_FILE_NAME = "selected.html";
    /** Rows shown of a result; the rest are in report.json. */
    static final int MAX_SHOWN_ROWS = 200;

    private static final int MAX_LABEL = 90;

    private static final String SCRIPT = """
            (function () {
              var tip = document.getElementById('tip');
              document.addEventListener('mousemove', function (e) {
                var mark = e.target.closest ? e.target.closest('svg.chart circle, svg.chart path, svg.chart line') : null;
                var title = mark ? mark.querySelector('title') : null;
                if (!title) { tip.hidden = true; return; }
                tip.textContent = title.textContent;
                tip.hidden = false;
                var left = e.clientX > window.innerWidth / 2 ? e.clientX - 14 - tip.offsetWidth : e.clientX + 14;
                tip.style.left = Math.max(4, left) + 'px';
                tip.style.top = (e.clientY + 16) + 'px';
              });
            })();
            """;
    private static final String STYLE = """
            :root { --row: #4c78a8; --late: #d62728; --filtered: #f28e2b; --wm: #1b1b1b; --fire: #7b3fa0; --ok: #2e7d32; --bad: #c62828; --warn: #b26a00; --muted: #6b7280; }
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1f2933; background: #f6f7f9; }
            header, main { max-width: 1040px; margin: 0 auto; padding: 0 20px; }
            header { padding-top: 18px; }
            h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 0 0 8px; } h3 { font-size: 15px; margin: 18px 0 6px; }
            .sub { color: var(--muted); margin: 0 0 12px; }
            section.recipe { background: #fff; border: 1px solid #e2e5ea; border-radius: 8px; padding: 16px 20px; margin: 18px 0; }
            table { border-collapse: collapse; font-size: 13px; margin: 6px 0; }
            th, td { border: 1px solid #e2e5ea; padding: 3px 8px; text-align: left; vertical-align: top; }
            th { background: #f0f2f5; font-weight: 600; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            .rows td { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre; }
            table.rows { display: block; max-width: 100%; overflow-x: auto; }
            pre.excerpt { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f6f7f9; border: 1px solid #e2e5ea; padding: 6px 10px; overflow-x: auto; }
            pre.excerpt .caret { color: var(--bad); font-weight: 700; }
            .status { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; background: var(--muted); }
            .status.passed, .status.written { background: var(--ok); } .status.failed, .status.error, .status.broken { background: var(--bad); }
            .status.unsupported, .status.no-expected, .status.not-runnable { background: var(--warn); }
            .problem { border-left: 4px solid var(--bad); background: #fdf0f0; padding: 6px 10px; white-space: pre-wrap; }
            .warnings { color: var(--warn); }
            .meta { color: var(--muted); margin: 2px 0 6px; }
            .diff .side { background: #fafbfc; } .diff td.changed { background: #ffe08a; font-weight: 600; }
            .diff tr.missing td.e, .diff tr.extra td.a { background: #fde2e2; } .diff tr.extra td.a { background: #dff3e4; }
            .diff td.gap { border: none; width: 12px; background: #fff; }
            figure.timeline { margin: 8px 0 14px; } figure.timeline svg.chart { width: 100%; height: auto; background: #fff; }
            figcaption { color: #374151; font-size: 13px; margin-top: 4px; }
            .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 12.5px; color: #374151; margin: 4px 0; }
            .legend svg { vertical-align: -2px; }
            .plot { fill: #fff; stroke: #d5d9e0; }
            .grid { stroke: #eef0f3; } .tick { font-size: 11px; fill: #6b7280; } .axis { font-size: 12px; fill: #374151; }
            .row { fill: var(--row); fill-opacity: .75; }
            .density { fill: var(--row); } .d0 { fill-opacity: .18; } .d1 { fill-opacity: .38; } .d2 { fill-opacity: .6; } .d3 { fill-opacity: .85; }
            .win { stroke: none; } .w0 { fill: #7b3fa0; fill-opacity: .07; } .w1 { fill: #7b3fa0; fill-opacity: .13; }
            .fire { stroke: var(--fire); stroke-width: 2.5; }
            .wm { fill: none; stroke: var(--wm); stroke-width: 1.8; }
            .late { fill: var(--late); stroke: #fff; stroke-width: 1; }
            .filtered { fill: var(--filtered); stroke: #fff; stroke-width: 1; }
            .glance { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; margin: 8px 0 4px; }
            .glance a { display: block; border: 1px solid #e2e5ea; border-radius: 6px; padding: 6px 8px; color: inherit; text-decoration: none; }
            .glance a:hover { border-color: var(--fire); } .glance svg.thumb { width: 100%; height: auto; display: block; }
            .glance .big { font-size: 20px; font-weight: 700; color: var(--late); } .glance .filtered-count { color: var(--filtered); } .glance .nums { font-size: 12.5px; color: #374151; }
            #tip { position: fixed; z-index: 9; max-width: 460px; white-space: pre-line; line-height: 1.5; background: #111827; color: #fff; font-size: 12px; padding: 5px 8px; border-radius: 4px; pointer-events: none; }
            """;
    private static final String POLICY =
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-" + sha256(SCRIPT) + "'";

    /** A position Flink's message names, as the engines give it in Markdown lines and columns. */
    private static final Pattern POSITION =
            Pattern.compile("\\bline (\\d+), column (\\d+)(?: to line (\\d+), column (\\d+))?");

    private static final int EXCERPT_LINES = 3;

    private final StringBuilder html = new StringBuilder(64 * 1024);
    private final GoalCommand mvn;
    private final Function<String, List<String>> recipeLines;

    private HtmlReport(GoalCommand mvn, Function<String, List<String>> recipeLines) {
        this.mvn = mvn;
        this.recipeLines = recipeLines;
    }

    /**
     * A failed recipe's expected values are shown beside its rows: those its outcome was compared
     * with ({@link RecipeOutcome#expected()}); a recipe stopped at a line and column of its SQL shows
     * the lines there, with a caret under the column.
     *
     * @param mvn how the user ran the plugin, for the commands that put a recipe right
     * @param recipeLines the lines of the recipe at a display path, empty when it cannot be read
     */
    public static void write(
            Path file,
            String engine,
            String flinkVersion,
            List<RecipeOutcome> outcomes,
            GoalCommand mvn,
            Function<String, List<String>> recipeLines)
            throws IOException {
        AtomicFiles.write(file, page(engine, flinkVersion, outcomes, mvn, recipeLines));
    }

    static String page(String engine, String flinkVersion, List<RecipeOutcome> outcomes, GoalCommand mvn) {
        return page(engine, flinkVersion, outcomes, mvn, path -> List.of());
    }

    static String page(
            String engine,
            String flinkVersion,
            List<RecipeOutcome> outcomes,
            GoalCommand mvn,
            Function<String, List<String>> recipeLines) {
        return new HtmlReport(mvn, recipeLines).render(engine, flinkVersion, outcomes);
    }

    private String render(String engine, String flinkVersion, List<RecipeOutcome> outcomes) {
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(POLICY)
                .append("\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>Cookbook report</title><style>")
                .append(STYLE)
                .append("</style></head><body>");
        html.append("<header><h1>Cookbook report</h1><p class=\"sub\">")
                .append(outcomes.size())
                .append(outcomes.size() == 1 ? " recipe" : " recipes")
                .append(" on the ")
                .append(Html.escape(engine))
                .append(" engine, Flink ")
                .append(Html.escape(flinkVersion))
                .append(": ")
                .append(Html.escape(counts(outcomes)))
                .append(". The same run as report.json, beside this file.</p></header><main>");
        // what fails the build first, then the others in path order, in the overview and below it
        List<RecipeOutcome> ordered = outcomes.stream()
                .sorted(Comparator.comparing(outcome -> !outcome.status().failsBuild()))
                .toList();
        overview(ordered);
        for (int i = 0; i < ordered.size(); i++) {
            recipe(i, ordered.get(i));
        }
        html.append("</main><div id=\"tip\" hidden></div><script>")
                .append(SCRIPT)
                .append("</script></body></html>\n");
        return html.toString();
    }

    private static String counts(List<RecipeOutcome> outcomes) {
        Map<RecipeStatus, Integer> counts = new EnumMap<>(RecipeStatus.class);
        outcomes.forEach(outcome -> counts.merge(outcome.status(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((status, count) -> parts.add(count + " " + status.word()));
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private void overview(List<RecipeOutcome> outcomes) {
        html.append(
                        "<table class=\"overview\"><thead><tr><th>recipe</th><th>status</th><th>results</th><th>timelines</th>")
                .append("<th>late rows dropped</th><th>seconds</th></tr></thead><tbody>");
        for (int i = 0; i < outcomes.size(); i++) {
            RecipeOutcome outcome = outcomes.get(i);
            long dropped = outcome.results().stream()
                    .map(StatementResult::lateRowsDropped)
                    .filter(Objects::nonNull)
                    .mapToLong(Long::longValue)
                    .sum();
            boolean windowed = outcome.results().stream().anyMatch(result -> result.lateRowsDropped() != null);
            html.append("<tr><td><a href=\"#recipe-")
                    .append(i)
                    .append("\">")
                    .append(Html.escape(outcome.path()))
                    .append("</a></td><td>");
            status(outcome.status());
            html.append("</td><td class=\"num\">")
                    .append(outcome.results().size())
                    .append("</td><td class=\"num\">")
                    .append(timelines(outcome).size())
                    .append("</td><td class=\"num\">")
                    .append(windowed ? Long.toString(dropped) : "")
                    .append("</td><td class=\"num\">")
                    .append(String.format(Locale.ROOT, "%.2f", outcome.seconds()))
                    .append("</td></tr>");
        }
        html.append("</tbody></table>");
    }

    private void status(RecipeStatus status) {
        html.append("<span class=\"status ")
                .append(status.word())
                .append("\">")
                .append(status.word())
                .append("</span>");
    }

    private static List<StatementResult> timelines(RecipeOutcome outcome) {
        return outcome.results().stream()
                .filter(result -> result.explanations().timeline() != null)
                .toList();
    }

    private void recipe(int index, RecipeOutcome outcome) {
        html.append("<section class=\"recipe\" id=\"recipe-")
                .append(index)
                .append("\"><h2>")
                .append(Html.escape(outcome.path()))
                .append(' ');
        status(outcome.status());
        html.append("</h2>");
        if (outcome.problem() != null) {
            html.append("<p class=\"problem\">")
                    .append(Html.escape(outcome.path() + ":" + outcome.problemLine() + ": " + outcome.problem()));
            if (!outcome.remedy(mvn).isEmpty()) {
                html.append("\n").append(Html.escape(outcome.remedy(mvn)));
            }
            html.append("</p>");
            excerpt(outcome);
        }
        if (!outcome.flinkVersions().isEmpty()) {
            html.append("<ul class=\"versions\">");
            for (VersionOutcome version : outcome.flinkVersions()) {
                html.append("<li class=\"")
                        .append(version.verdict().word())
                        .append("\">")
                        .append(Html.escape(
                                version.message() == null
                                        ? "Flink " + version.version() + ": "
                                                + version.verdict().word()
                                        : version.describe(outcome.path())))
                        .append("</li>");
            }
            html.append("</ul>");
            if (!outcome.failingVersions().isEmpty()) {
                html.append("<p class=\"problem\">")
                        .append(Html.escape(outcome.versionRemedy(mvn)))
                        .append("</p>");
            }
        }
        if (!outcome.warnings().isEmpty()) {
            html.append("<ul class=\"warnings\">");
            outcome.warnings()
                    .forEach(warning ->
                            html.append("<li>").append(Html.escape(warning)).append("</li>"));
            html.append("</ul>");
        }
        if (outcome.cached()) {
            html.append("<p class=\"meta\">Passed before on the same inputs, so it did not run: ")
                    .append(
                            outcome.results().isEmpty()
                                    ? "no results to show."
                                    : "its results are those of the run that passed.")
                    .append("</p>");
        }
        glance(index, outcome);
        List<StatementResult> results = outcome.results();
        for (int r = 0; r < results.size(); r++) {
            StatementResult result = results.get(r);
            result(
                    index + "-" + r,
                    outcome,
                    result,
                    outcome.status() == RecipeStatus.FAILED ? outcome.expectedFor(result) : null);
        }
        List<Mismatch> unattached = outcome.mismatches().stream()
                .filter(mismatch -> results.stream().noneMatch(mismatch::isAbout))
                .toList();
        mismatches(outcome.path(), unattached);
        html.append("</section>");
    }

    /** A recipe with several timelines, like the late-data lab, gets them side by side first: its figures at a glance. */
    private void glance(int index, RecipeOutcome outcome) {
        List<StatementResult> traced = timelines(outcome);
        if (traced.size() < 2) {
            return;
        }
        html.append("<h3>At a glance</h3><div class=\"glance\">");
        List<StatementResult> results = outcome.results();
        for (int r = 0; r < results.size(); r++) {
            StatementResult result = results.get(r);
            Timeline timeline = result.explanations().timeline();
            if (timeline == null) {
                continue;
            }
            html.append("<a href=\"#result-")
                    .append(index)
                    .append('-')
                    .append(r)
                    .append("\">")
                    .append(TimelineSvg.thumbnail(timeline))
                    .append("<div>");
            if (result.lateRowsDropped() != null) {
                html.append("<span class=\"big late-count\">")
                        .append(timeline.lateRows().size())
                        .append("</span> dropped ");
            }
            if (!timeline.filteredRows().isEmpty()) {
                html.append("<span class=\"big filtered-count\">")
                        .append(timeline.filteredRows().size())
                        .append("</span> filtered ");
            }
            html.append("of ")
                    .append(timeline.rowCount())
                    .append(" rows")
                    .append("</div><div class=\"nums\">line ")
                    .append(result.line());
            if (knownDelay(timeline)) {
                html.append(" \u00b7 watermark delay ").append(duration(timeline.watermarkDelayMillis()));
            }
            html.append(" \u00b7 interval ").append(duration(timeline.watermarkIntervalMillis()));
            if (timeline.windowCount() > 0) {
                html.append(" \u00b7 ")
                        .append(timeline.windowCount())
                        .append(timeline.windowCount() == 1 ? " window" : " windows");
            }
            html.append("</div></a>");
        }
        html.append("</div>");
    }

    private void result(String id, RecipeOutcome outcome, StatementResult result, ExpectedResult expected) {
        html.append("<div class=\"result\" id=\"result-")
                .append(id)
                .append("\"><h3>line ")
                .append(result.line())
                .append(": ")
                .append(Html.escape(abbreviate(result.label())));
        if (result.sink() != null) {
            html.append(" \u2192 ").append(Html.escape(result.sink()));
        }
        html.append("</h3><p class=\"meta\">")
                .append(result.rows().size())
                .append(result.rows().size() == 1 ? " row" : " rows");
        if (result.lateRowsDropped() != null) {
            html.append(" \u00b7 late rows dropped: ").append(result.lateRowsDropped());
        }
        html.append("</p>");
        List<Mismatch> mismatches = outcome.mismatches().stream()
                .filter(mismatch -> mismatch.isAbout(result))
                .toList();
        mismatches(outcome.path(), mismatches);
        lateRowChanges(result, outcome.lateRowChanges(result));
        Timeline timeline = result.explanations().timeline();
        if (timeline != null) {
            timeline(timeline, result);
        }
        if (!mismatches.isEmpty() && expected != null) {
            diff(result, expected);
        } else {
            rows(result);
        }
        html.append("</div>");
    }

    private void mismatches(String path, List<Mismatch> mismatches) {
        if (mismatches.isEmpty()) {
            return;
        }
        html.append("<ul class=\"problem mismatches\">");
        mismatches.forEach(mismatch -> html.append("<li>")
                .append(Html.escape(path + ":" + mismatch.line() + ": " + mismatch.describe()))
                .append("</li>"));
        html.append("</ul>");
    }

    /** The late rows whose lateness changed against the expected file, marked as the build's output marks them. */
    private void lateRowChanges(StatementResult result, LateRowChanges changes) {
        if (changes == null || changes.size() == 0) {
            return;
        }
        html.append("<p class=\"meta\">")
                .append(changes.size())
                .append(changes.size() == 1 ? " row" : " rows")
                .append(" whose lateness changed against the expected file:</p><ul class=\"problem late-changes\">");
        ChangedFates.changedLateRows(result.explanations().lateRows(), changes)
                .forEach(line -> html.append("<li>").append(Html.escape(line)).append("</li>"));
        html.append("</ul>");
    }

    private void timeline(Timeline timeline, StatementResult result) {
        html.append("<figure class=\"timeline\" data-line=\"")
                .append(result.line())
                .append("\">")
                .append(TimelineSvg.figure(timeline));
        html.append("<div class=\"legend\">")
                .append(swatch("<circle class=\"row\" cx=\"7\" cy=\"7\" r=\"3\"/>"))
                .append(timeline.rowCount() > TimelineSvg.DENSITY_ABOVE ? "rows (density)" : "row")
                .append("</span>")
                .append(swatch("<circle class=\"late\" cx=\"7\" cy=\"7\" r=\"4.5\"/>"))
                .append("dropped as late</span>")
                .append(swatch("<path class=\"filtered\" d=\"M7 2.5l4.5 4.5-4.5 4.5-4.5-4.5z\"/>"))
                .append("filtered by CURRENT_WATERMARK</span>")
                .append(swatch("<path class=\"wm\" d=\"M1 11H6V4H13\"/>"))
                .append("watermark</span>")
                .append(
                        swatch(
                                "<rect class=\"win w1\" x=\"1\" y=\"3\" width=\"10\" height=\"8\"/><line class=\"fire\" x1=\"11\" x2=\"11\" y1=\"3\" y2=\"11\"/>"))
                .append("window [start, end), until it fired</span></div>");
        html.append("<figcaption>")
                .append(Html.escape(caption(timeline, result)))
                .append("</figcaption></figure>");
    }

    private static String swatch(String shape) {
        return "<span><svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\">" + shape + "</svg> ";
    }

    private static String caption(Timeline timeline, StatementResult result) {
        StringBuilder text = new StringBuilder()
                .append(String.format(Locale.ROOT, "%,d", timeline.rowCount()))
                .append(" rows of ")
                .append(timeline.fixture())
                .append(" reached the operator, in arrival order");
        if (timeline.sampleStride() > 1) {
            text.append(" (drawn from every ")
                    .append(timeline.sampleStride())
                    .append(ordinalSuffix(timeline.sampleStride()))
                    .append(" row)");
        }
        text.append("; ").append(timeline.lateRows().size()).append(" dropped as late");
        if (result.lateRowsDropped() != null
                && result.lateRowsDropped() != timeline.lateRows().size()) {
            text.append(" (Flink counted ").append(result.lateRowsDropped()).append(')');
        }
        text.append(", ")
                .append(timeline.filteredRows().size())
                .append(" filtered by CURRENT_WATERMARK; ")
                .append(timeline.windowCount())
                .append(timeline.windowCount() == 1 ? " window" : " windows")
                .append(" fired");
        if (timeline.windows().size() > TimelineSvg.MAX_BANDS) {
            text.append(" (too many for bands: only where they fired is drawn");
            text.append(
                    timeline.windowCount() > timeline.windows().size()
                            ? ", for the first " + timeline.windows().size() + ")"
                            : ")");
        }
        text.append(". The watermark");
        if (knownDelay(timeline)) {
            text.append(" stays ")
                    .append(duration(timeline.watermarkDelayMillis()))
                    .append(" behind the newest row and");
        }
        text.append(" is passed on when it advances by more than ")
                .append(duration(timeline.watermarkIntervalMillis()))
                .append(" (pipeline.auto-watermark-interval). Times in ")
                .append(timeline.timeZone())
                .append('.');
        if (timeline.lateRows().size() + timeline.filteredRows().size() > TimelineSvg.MAX_TOOLTIPS) {
            text.append(" Tooltips on the first ")
                    .append(TimelineSvg.MAX_TOOLTIPS)
                    .append(" marked rows; all are in report.json.");
        }
        return text.toString();
    }

    /**
     * The delay read off the timeline is the WATERMARK's only when the operator saw the rows that
     * pushed the watermark; a WHERE in front of a window hides some, and the watermark then looks ahead.
     */
    private static boolean knownDelay(Timeline timeline) {
        return timeline.watermarkDelayMillis() != null && timeline.watermarkDelayMillis() >= 0;
    }

    private static String ordinalSuffix(int n) {
        return n % 10 == 2 && n % 100 != 12
                ? "nd"
                : n % 10 == 3 && n % 100 != 13 ? "rd" : n % 10 == 1 && n % 100 != 11 ? "st" : "th";
    }

    static String duration(Long millis) {
        if (millis == null) {
            return "(none)";
        }
        if (millis % 3_600_000 == 0 && millis > 0) {
            return millis / 3_600_000 + " h";
        }
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + " min";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /**
     * The recipe's lines up to the one its problem names, with a caret under the column (and the columns
     * up to where Flink's message says it ends, on that line), as the Flink SQL client points at an error.
     */
    private void excerpt(RecipeOutcome outcome) {
        Matcher position = POSITION.matcher(outcome.problem());
        if (!position.find() || Integer.parseInt(position.group(1)) != outcome.problemLine()) {
            return;
        }
        List<String> lines = recipeLines.apply(outcome.path());
        int line = outcome.problemLine();
        int column = Integer.parseInt(position.group(2));
        if (line > lines.size() || column > lines.get(line - 1).length() + 1) {
            return; // the file changed since it ran
        }
        int width = position.group(3) != null && Integer.parseInt(position.group(3)) == line
                ? Math.max(1, Integer.parseInt(position.group(4)) - column + 1)
                : 1;
        String number = Integer.toString(line);
        html.append("<pre class=\"excerpt\">");
        for (int shown = Math.max(1, line - EXCERPT_LINES + 1); shown <= line; shown++) {
            html.append(Html.escape(String.format(Locale.ROOT, "%" + number.length() + "d | ", shown)))
                    .append(Html.escape(lines.get(shown - 1)))
                    .append('\n');
        }
        html.append(" ".repeat(number.length()))
                .append(" | ")
                .append(lines.get(line - 1).substring(0, column - 1).replaceAll("[^\t]", " ")) // tabs stay tabs
                .append("<span class=\"caret\">")
                .append("^".repeat(width))
                .append("</span></pre>");
    }

    private void rows(StatementResult result) {
        if (result.columns().isEmpty()) {
            return;
        }
        html.append("<table class=\"rows\"><thead><tr><th></th>");
        result.columns()
                .forEach(column ->
                        html.append("<th>").append(Html.escape(column)).append("</th>"));
        html.append("</tr></thead><tbody>");
        List<ResultRow> rows = result.rows();
        for (ResultRow row : rows.subList(0, Math.min(rows.size(), MAX_SHOWN_ROWS))) {
            html.append("<tr><td>").append(row.kind().symbol()).append("</td>");
            row.values()
                    .forEach(value ->
                            html.append("<td>").append(Html.escape(value)).append("</td>"));
            html.append("</tr>");
        }
        html.append("</tbody></table>");
        more(rows.size());
    }

    private void more(int rows) {
        if (rows > MAX_SHOWN_ROWS) {
            html.append("<p class=\"meta\">").append(rows - MAX_SHOWN_ROWS).append(" more rows in report.json</p>");
        }
    }

    private void diff(StatementResult actual, ExpectedResult expected) {
        StatementResult stored = expected.result();
        if (expected.digest() != null || !stored.columns().equals(actual.columns())) {
            rows(actual); // rows stored as a hash, or other columns: nothing to line up
            return;
        }
        html.append("<table class=\"rows diff\"><thead><tr><th class=\"side\" colspan=\"")
                .append(actual.columns().size() + 1)
                .append("\">expected</th><td class=\"gap\"></td><th class=\"side\" colspan=\"")
                .append(actual.columns().size() + 1)
                .append("\">actual</th></tr><tr><th></th>");
        actual.columns()
                .forEach(column ->
                        html.append("<th>").append(Html.escape(column)).append("</th>"));
        html.append("<td class=\"gap\"></td><th></th>");
        actual.columns()
                .forEach(column ->
                        html.append("<th>").append(Html.escape(column)).append("</th>"));
        html.append("</tr></thead><tbody>");
        List<ResultDiff.Line> lines = ResultDiff.lines(actual.columns(), stored.rows(), actual.rows());
        List<ResultDiff.Line> shown = lines.size() <= MAX_SHOWN_ROWS
                ? lines
                : lines.stream()
                        .filter(line -> !line.same())
                        .limit(MAX_SHOWN_ROWS)
                        .toList();
        for (ResultDiff.Line line : shown) {
            String kind = line.same()
                    ? "same"
                    : line.expected() == null ? "extra" : line.actual() == null ? "missing" : "changed";
            html.append("<tr class=\"").append(kind).append("\">");
            side(line, line.expected(), "e");
            html.append("<td class=\"gap\"></td>");
            side(line, line.actual(), "a");
            html.append("</tr>");
        }
        html.append("</tbody></table>");
        if (shown.size() < lines.size()) {
            html.append("<p class=\"meta\">")
                    .append(lines.size() - shown.size())
                    .append(" more rows, equal or beyond the first ")
                    .append(MAX_SHOWN_ROWS)
                    .append(" differences, in report.json</p>");
        }
    }

    private void side(ResultDiff.Line line, List<String> cells, String side) {
        int width = line.any().size();
        for (int c = 0; c < width; c++) {
            html.append("<td class=\"").append(side);
            if (cells != null && line.expected() != null && line.actual() != null && line.differs(c)) {
                html.append(" changed");
            }
            html.append("\">")
                    .append(cells == null ? "" : Html.escape(cells.get(c)))
                    .append("</td>");
        }
    }

    private static String abbreviate(String label) {
        return label.length() <= MAX_LABEL ? label : label.substring(0, MAX_LABEL - 1) + "\u2026";
    }

    private static String sha256(String text) {
        try {
            return Base64.getEncoder()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
