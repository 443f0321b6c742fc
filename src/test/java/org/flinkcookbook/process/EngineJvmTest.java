package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.flinkcookbook.run.CookbookException;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.EngineChoice;
import org.flinkcookbook.run.EngineKind;
import org.flinkcookbook.run.GoalRequest;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.run.RunVerdict;
import org.flinkcookbook.testing.ConsoleLines;
import org.flinkcookbook.testing.ProjectSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine JVM, started for real, on the simulator: cheaper to start than Flink, and the same protocol. */
class EngineJvmTest {

    private static final String RECIPE = "recipes/aggregations/01_group_by_window_tvf";
    private static final List<Path> CLASS_PATH = Arrays.stream(
                    System.getProperty("java.class.path").split(File.pathSeparator))
            .map(Path::of)
            .toList();

    @TempDir
    Path project;

    @Test
    void aFailingRecipeGivesTheSameLinesAndVerdictAsInMavensJvm() throws Exception {
        copy("recipes/upstream/aggregations-and-analytics/01_group_by_window_tvf.md", RECIPE + ".md");
        copy(
                "fixtures/upstream/aggregations-and-analytics/01_server_logs.csv",
                "fixtures/upstream/aggregations-and-analytics/01_server_logs.csv");
        String expected = Files.readString(
                Path.of("recipes/upstream/aggregations-and-analytics/01_group_by_window_tvf.expected"));
        Files.writeString(project.resolve(RECIPE + ".expected"), expected.replace("| 2\n", "| 3\n"));
        GoalRequest request = request("recipes");

        ConsoleLines forked = new ConsoleLines();
        RunVerdict verdict = EngineJvm.run(request, CLASS_PATH, null, forked);
        ConsoleLines here = new ConsoleLines();
        RunVerdict inMavensJvm = request.run(here).verdict();

        assertThat(verdict.failsBuild()).isTrue();
        assertThat(verdict.failureAdvice()).isEqualTo(inMavensJvm.failureAdvice());
        assertThat(withoutSeconds(verdict.line())).isEqualTo(withoutSeconds(inMavensJvm.line()));
        assertThat(forked.lines)
                .anyMatch(line -> line.startsWith("ERROR FAILED") && line.contains(RECIPE + ".md"))
                .anyMatch(line -> line.startsWith("RAW ::error file=" + RECIPE + ".md"));
        assertThat(forked.lines.stream().map(EngineJvmTest::withoutSeconds).toList())
                .isEqualTo(
                        here.lines.stream().map(EngineJvmTest::withoutSeconds).toList());
        assertThat(project.resolve("target/cookbook/report.json")).exists();
    }

    @Test
    void aLibrarysLineIsALineOfTheLogNeverARawLineThatStartsAWorkflowCommand() {
        ConsoleLines console = new ConsoleLines();
        HardTimeout hardTimeout = new HardTimeout(10, System::nanoTime);

        EngineJvm.progress("::error file=README.md,line=1::forged \u001b[31mred\u009b", console, hardTimeout);
        EngineJvm.progress(
                WireLine.line(WireLine.Kind.RAW, "::error file=recipes/a.md,line=3::kept"), console, hardTimeout);

        assertThat(console.lines)
                .containsExactly(
                        "INFO : :error file=README.md,line=1::forged ?[31mred?",
                        "RAW ::error file=recipes/a.md,line=3::kept");
    }

    @Test
    void aRunThatCannotStartSaysWhyAsInMavensJvm() {
        GoalRequest request = request("no-such-directory");

        assertThatThrownBy(() -> EngineJvm.run(request, CLASS_PATH, null, new ConsoleLines()))
                .isInstanceOf(CookbookException.class)
                .hasMessageContaining("no-such-directory does not exist")
                .hasMessageContaining("set cookbook.recipes");
    }

    @Test
    void anEngineJvmThatCannotStartIsABuildError() {
        GoalRequest request = request("recipes");

        assertThatThrownBy(
                        () -> EngineJvm.run(request, List.of(project.resolve("missing.jar")), null, new ConsoleLines()))
                .isInstanceOf(CookbookException.class)
                .hasMessageContaining("the engine JVM stopped (exit code 1) before the run ended")
                .hasMessageContaining("EngineJvmMain")
                .hasMessageEndingWith("run with -Dcookbook.fork=false to run the recipes in Maven's JVM");
    }

    private GoalRequest request(String recipes) {
        EngineChoice simulator = new EngineChoice(
                EngineKind.SIMULATOR, false, project.resolve("fixtures").toString(), 60, false, null, false, false);
        RunSettings settings = ProjectSettings.of(project, recipes, project, simulator, null);
        return new GoalRequest(CookbookRunner.Mode.VERIFY, settings);
    }

    @Test
    void aMachineOfTwoCoresGivesTheEngineJvmOneCompilerThreadAndALargerOneItsOwnCount() {
        assertThat(EngineJvm.flags(2))
                .contains("-XX:CICompilerCount=1", "-XX:TieredStopAtLevel=1", "-XX:ReservedCodeCacheSize=240m");
        assertThat(EngineJvm.flags(1)).contains("-XX:CICompilerCount=1");
        assertThat(EngineJvm.flags(4))
                .contains("-XX:TieredStopAtLevel=1")
                .noneMatch(flag -> flag.startsWith("-XX:CICompilerCount"));
    }

    private void copy(String from, String to) throws Exception {
        Files.createDirectories(project.resolve(to).getParent());
        Files.copy(Path.of(from), project.resolve(to));
    }

    private static String withoutSeconds(String line) {
        return line.replaceAll("\\d+\\.\\d+ s", "N s");
    }
}
