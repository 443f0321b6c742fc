package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.testing.RecordingConsole;
import org.flinkcookbook.versions.VersionOutcome;
import org.flinkcookbook.versions.VersionResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Planning on a listed version, here the Flink of the test's class path: the flink-versions ITs
 * run the same on 1.20.3 and 2.0.0 in their engine JVMs.
 */
class VersionPlanningTest {

    private static final String TABLE =
            "CREATE TABLE t (a INT, s STRING) WITH ('connector' = 'kafka', 'topic' = 't', 'format' = 'json');\n";

    @TempDir
    Path project;

    @Test
    void eachRecipePlansFailsAtItsLineWithFlinksSentenceOrNeedsANewerFlink() throws Exception {
        write("control.md", "# Control\n\n```sql\n" + TABLE + "SELECT UPPER(s), a + 1 FROM t;\n```\n");
        write("unknown.md", "# Unknown\n\n```sql\n" + TABLE + "\nSELECT NO_SUCH_FUNCTION(s) FROM t;\n```\n");
        write("newer.md", "# Newer\n\n<!-- cookbook:flink >= 9.1 -->\n```sql\n" + TABLE + "SELECT s FROM t;\n```\n");
        // the plugin's parser rejects it: this Flink's parser decides, with its own sentence
        write("keyword.md", "# Keyword\n\n```sql\n" + TABLE + "SELECT variant FROM t;\n```\n");
        write("refused.md", "# Refused\n\n```sql\nCREATE FUNCTION f AS 'com.example.Evil';\n```\n");
        // the configured report directory, which this run writes, is not read here either
        write(
                "report.md",
                "# Report\n\n```sql\nCREATE TABLE r (line STRING) WITH ('connector' = 'filesystem',"
                        + " 'path' = 'out/report.json', 'format' = 'raw');\nSELECT line FROM r;\n```\n");
        RecordingConsole console = new RecordingConsole();

        VersionResults results = planning(EnvironmentInformation.getVersion()).planAll(console);

        String version = EnvironmentInformation.getVersion();
        assertThat(results.of("recipes/control.md")).containsExactly(VersionOutcome.plans(version));
        assertThat(results.of("recipes/unknown.md")).singleElement().satisfies(failure -> {
            assertThat(failure.verdict()).isEqualTo(VersionOutcome.Verdict.FAILS);
            assertThat(failure.line()).isEqualTo(6);
            assertThat(failure.message())
                    .startsWith("SELECT NO_SUCH_FUNCTION(s) FROM t: From line 6, column 8")
                    .contains("No match found for function signature NO_SUCH_FUNCTION");
        });
        assertThat(results.of("recipes/newer.md"))
                .containsExactly(new VersionOutcome(version, VersionOutcome.Verdict.NEEDS_NEWER, 3, "needs Flink 9.1"));
        assertThat(results.of("recipes/keyword.md")).singleElement().satisfies(failure -> {
            assertThat(failure.verdict()).isEqualTo(VersionOutcome.Verdict.FAILS);
            assertThat(failure.line()).isEqualTo(5);
            assertThat(failure.message())
                    .startsWith("SELECT variant FROM t: Encountered \"variant\" at line 5, column 8");
        });
        assertThat(results.of("recipes/refused.md"))
                .extracting(VersionOutcome::verdict)
                .containsExactly(VersionOutcome.Verdict.NOT_PLANNED);
        assertThat(results.of("recipes/report.md"))
                .extracting(VersionOutcome::verdict)
                .containsExactly(VersionOutcome.Verdict.NOT_PLANNED);
        assertThat(console.lines()).isEmpty(); // the build prints the outcomes, beside each recipe's own
    }

    @Test
    void anEngineJvmWhoseFlinkIsNotTheVersionAskedForStops() {
        assertThatThrownBy(() -> planning("1.19.3").planAll(new RecordingConsole()))
                .isInstanceOf(CookbookException.class)
                .hasMessageContaining(
                        "the engine JVM of Flink 1.19.3 runs Flink " + EnvironmentInformation.getVersion());
    }

    private VersionPlanning planning(String version) {
        return new VersionPlanning(new VersionPlanning.Request(
                version,
                project.toString(),
                project.resolve("recipes").toString(),
                project.resolve("fixtures").toString(),
                "",
                List.of(),
                List.of(project.resolve("out").toString()),
                60));
    }

    private void write(String name, String markdown) throws Exception {
        Path file = project.resolve("recipes").resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, markdown);
    }
}
