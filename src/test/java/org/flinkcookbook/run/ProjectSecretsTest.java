package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.flinkcookbook.testing.ProjectSettings;
import org.flinkcookbook.testing.RecordingConsole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CI checkout keeps its token in {@code .git/config}, inside the project: a recipe that reads it
 * with the raw format and expects something else would print it in its mismatch. It is refused at
 * its line, and the token reaches no log line, annotation, report.json, index.html or JUnit XML.
 */
class ProjectSecretsTest {

    private static final String TOKEN = "ZmFrZS10b2tlbi03ZjNh";

    @TempDir
    Path project;

    private final RecordingConsole console = new RecordingConsole();

    @Test
    void theTokenInGitsConfigReachesNoLogAnnotationOrReport() throws Exception {
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(
                project.resolve(".git/config"),
                "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic " + TOKEN + "\n");
        Files.createDirectories(project.resolve("fixtures"));
        Files.createSymbolicLink(project.resolve("fixtures/config.csv"), project.resolve(".git/config"));
        Files.createDirectories(project.resolve("recipes"));
        Files.writeString(project.resolve("recipes/leak.md"), """
                # Reads Git's configuration

                ```sql
                CREATE TABLE t (line STRING) WITH ('connector' = 'filesystem', 'path' = '.git/config', 'format' = 'raw');
                SELECT * FROM t;
                ```
                """);
        Files.writeString(project.resolve("recipes/leak.expected"), """
                == line 5: SELECT * FROM t
                columns: line
                +I | not this
                """);
        Files.writeString(project.resolve("recipes/linked.md"), """
                # Reads it through a link in the fixtures

                ```sql
                CREATE TABLE t (line STRING) WITH ('connector' = 'filesystem', 'path' = '${fixtures}/config.csv', 'format' = 'csv');
                SELECT * FROM t;
                ```
                """);

        RunSummary summary;
        try (SimulatorEngine engine = new SimulatorEngine(project.resolve("fixtures"))) {
            summary = new CookbookRunner(ProjectSettings.of(project, "recipes", project), engine, null, console)
                    .run(CookbookRunner.Mode.VERIFY);
        }

        assertThat(summary.outcomes()).allSatisfy(outcome -> {
            assertThat(outcome.status()).isEqualTo(RecipeStatus.ERROR);
            assertThat(outcome.problemLine()).isEqualTo(4);
            assertThat(outcome.problem()).contains("may not be read: it lies in a Git directory (.git)");
        });
        assertThat(console.lines()).anyMatch(line -> line.startsWith("::error file=recipes/leak.md,line=4"));
        assertThat(console.lines()).noneMatch(line -> line.contains(TOKEN));
        List<Path> written;
        try (Stream<Path> files = Files.walk(project.resolve("target"))) {
            written = files.filter(Files::isRegularFile).toList();
        }
        assertThat(written)
                .extracting(file -> file.getFileName().toString())
                .contains("report.json", "index.html")
                .anyMatch(name -> name.startsWith("TEST-") && name.contains("leak"));
        for (Path file : written) {
            assertThat(Files.readString(file)).as(file.toString()).doesNotContain(TOKEN);
        }
    }
}
