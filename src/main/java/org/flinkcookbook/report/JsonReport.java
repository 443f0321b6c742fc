package org.flinkcookbook.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.compare.LateRowChanges;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.ControlEscapes;
import org.flinkcookbook.result.FixtureLine;
import org.flinkcookbook.result.LateRow;
import org.flinkcookbook.result.ResultRow;
import org.flinkcookbook.result.RowExplanations;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.versions.VersionOutcome;
import org.flinkcookbook.versions.VersionResults;

/**
 * {@code target/cookbook/report.json}: every recipe's status and results, for CI scripts and other
 * tools. Its shape is a contract; see the README.
 */
public final class JsonReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static {
        JSON.getFactory().setCharacterEscapes(new ControlEscapes());
    }

    private JsonReport() {}

    public static void write(Path file, String engine, String flinkVersion, List<RecipeOutcome> outcomes)
            throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("engine", engine);
        root.put("flinkVersion", flinkVersion);
        ArrayNode recipes = root.putArray("recipes");
        for (RecipeOutcome outcome : outcomes) {
            recipes.add(recipe(outcome, "simulator".equals(engine)));
        }
        AtomicFiles.write(file, JSON.writeValueAsString(root));
    }

    private static ObjectNode recipe(RecipeOutcome outcome, boolean explainsAll) {
        ObjectNode recipe = JSON.createObjectNode();
        recipe.put("path", outcome.path());
        recipe.put("status", outcome.status().word());
        recipe.put("seconds", Math.round(outcome.seconds() * 1000) / 1000.0);
        ArrayNode results = recipe.putArray("results");
        for (StatementResult result : outcome.results()) {
            results.add(result(result, outcome.mismatches(), explainsAll, outcome.lateRowChanges(result)));
        }
        List<Mismatch> unattached = outcome.mismatches().stream()
                .filter(mismatch -> outcome.results().stream().noneMatch(mismatch::isAbout))
                .toList();
        mismatches(recipe.putArray("mismatches"), unattached);
        if (outcome.problem() == null) {
            recipe.putNull("problem");
        } else {
            ObjectNode problem = recipe.putObject("problem");
            problem.put("line", outcome.problemLine());
            problem.put("message", outcome.problem());
        }
        ArrayNode warnings = recipe.putArray("warnings");
        outcome.warnings().forEach(warnings::add);
        if (!outcome.flinkVersions().isEmpty()) {
            ObjectNode versions = recipe.putObject("flinkVersions");
            for (VersionOutcome version : outcome.flinkVersions()) {
                ObjectNode node = versions.putObject(version.version());
                node.put("status", version.verdict().word());
                if (version.message() != null) {
                    node.put("line", version.line());
                    node.put("message", version.message());
                }
            }
            recipe.put(
                    "worksSince",
                    VersionResults.worksSince(outcome.flinkVersions()).orElse(null));
        }
        return recipe;
    }

    /**
     * @param explained true when the engine explains every result (the simulator); otherwise a
     *     result without explanations gets null, meaning "not known", rather than an empty list
     */
    /**
     * @param changes which late rows changed against the expected file, or null where that is not known
     */
    private static ObjectNode result(
            StatementResult result, List<Mismatch> mismatches, boolean explained, LateRowChanges changes) {
        ObjectNode node = JSON.createObjectNode();
        node.put("line", result.line());
        node.put("statement", result.label());
        node.put("sink", result.sink());
        ArrayNode columns = node.putArray("columns");
        result.columns().forEach(columns::add);
        ArrayNode rows = node.putArray("rows");
        for (ResultRow row : result.rows()) {
            ArrayNode values = rows.addArray();
            values.add(row.kind().symbol());
            row.values().forEach(values::add);
        }
        if (result.lateRowsDropped() == null) {
            node.putNull("lateRowsDropped");
        } else {
            node.put("lateRowsDropped", result.lateRowsDropped());
        }
        mismatches(
                node.putArray("mismatches"),
                mismatches.stream().filter(mismatch -> mismatch.isAbout(result)).toList());
        RowExplanations explanations = result.explanations();
        boolean hasExplanations = !explanations.lateRows().isEmpty()
                || !explanations.watermarkChecks().isEmpty();
        if (explained || hasExplanations) {
            ArrayNode lateRows = node.putArray("lateRows");
            for (LateRow row : explanations.lateRows()) {
                ObjectNode late = lateRows.addObject();
                late.put("fixture", row.fixture());
                late.put("fixtureLine", row.fixtureLine());
                late.put("eventTime", row.eventTime());
                late.put("watermark", row.watermark());
                late.put("windowStart", row.windowStart());
                late.put("windowEnd", row.windowEnd());
            }
            node.set("watermarkChecks", JSON.valueToTree(explanations.watermarkChecks()));
        } else {
            node.putNull("lateRows");
            node.putNull("watermarkChecks");
        }
        if (changes == null) {
            node.putNull("lateRowChanges");
        } else {
            ObjectNode changed = node.putObject("lateRowChanges");
            fixtureLines(changed.putArray("newlyDropped"), changes.newlyLate());
            fixtureLines(changed.putArray("noLongerDropped"), changes.noLongerLate());
        }
        return node;
    }

    private static void fixtureLines(ArrayNode array, List<FixtureLine> rows) {
        rows.forEach(row -> array.addObject().put("fixture", row.fixture()).put("fixtureLine", row.line()));
    }

    private static void mismatches(ArrayNode array, List<Mismatch> mismatches) {
        for (Mismatch mismatch : mismatches) {
            ObjectNode node = array.addObject();
            node.put("line", mismatch.line());
            node.put("detail", mismatch.detail());
            node.put("expected", mismatch.expected());
            node.put("actual", mismatch.actual());
        }
    }
}
