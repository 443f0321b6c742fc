package org.flinkcookbook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's commands work as written, each run by a test: every command of its {@code bash}
 * blocks (a line continued with {@code \} is one line; {@code &&} and {@code ;} separate commands)
 * is listed here with the file that runs it, and that file holds the command's arguments as the
 * README writes them. A command added to the README fails this test until a test runs it.
 */
class ReadmeCommandsTest {

    private static final Path PROJECT = Path.of("").toAbsolutePath();

    /** How a command is run, by the file that runs it. */
    private sealed interface Runner permits Literally, OptIn, Sweep {}

    /** A build or script that runs the command's arguments (after {@code mvn} or {@code ./mvnw}) as written. */
    private record Literally(String file) implements Runner {}

    /**
     * As {@link Literally}, in an invoker IT too long for every {@code mvn verify}: its {@code
     * selector.groovy} runs it with the opt-in the README documents, {@code -Dcookbook.flinkVersionsITs=all}.
     */
    private record OptIn(String file) implements Runner {}

    /**
     * A long sweep, outside {@code mvn verify} by design (README: "The long sweeps run apart"): its
     * test class exists and reads every {@code cookbook.} property the command sets.
     */
    private record Sweep() implements Runner {}

    /** The opt-in of the long ITs, as the README documents it. */
    private static final String OPT_IN = "-Dcookbook.flinkVersionsITs=all";

    private static final String QUICK_START = "src/it/readme-quick-start/verify.groovy";

    private static final Map<String, Runner> RUN_BY = new LinkedHashMap<>();

    static {
        RUN_BY.put("./mvnw -B -ntp install -DskipTests -Dinvoker.skip=true", new OptIn(QUICK_START));
        RUN_BY.put("./mvnw -B -ntp -f recipes/pom.xml cookbook:verify", new OptIn(QUICK_START));
        RUN_BY.put("./mvnw -B -ntp verify -Dcookbook.sweeps=all", new Literally(".ci/run"));
        RUN_BY.put("./mvnw -B -ntp verify", new Literally(".ci/run"));
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=RecipeFuzzTest -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dcookbook.fuzz.cases=5000 -Dcookbook.fuzz.seed=59"
                        + " -Dcookbook.fuzz.threads=2 -Dcookbook.fuzz.shrink=4"
                        + " \"-DquickJit=-XX:ReservedCodeCacheSize=512m\"",
                new Sweep());
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=ExpressionFuzzTest -Dcookbook.fuzz.cases=500 -Dcookbook.fuzz.seed=7",
                new Sweep());
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=RecipeFuzzTest -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dcookbook.fuzz.seed=59 -Dcookbook.fuzz.first=2089 -Dcookbook.fuzz.cases=1",
                new Sweep());
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=AdversarialRecipesTest -Dcookbook.sweeps=all -Dcookbook.adversarial.dir=DIR",
                new Sweep());
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=FlinkRulesTest -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dcookbook.rules.onFlink=all",
                new Sweep());
        RUN_BY.put(
                "./mvnw -B -ntp -o test -Dtest=HtmlReportBrowserTest -Dcookbook.browser.rows=1000000"
                        + " -Dcookbook.browser.shots=all",
                new Sweep());
        RUN_BY.put(
                "mvn org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:verify -Dcookbook.recipes=."
                        + " -Dcookbook.fixtures=fixtures",
                new Literally("src/it/author-day/verify.groovy"));
        RUN_BY.put("mvn -f recipes/pom.xml cookbook:watch", new OptIn(QUICK_START));
        RUN_BY.put(
                "mvn -f recipes/pom.xml cookbook:watch -Dcookbook.engine=simulator",
                new Literally("src/it/watch-saves/verify.groovy"));
        RUN_BY.put(
                "./mvnw -B -ntp -f recipes/pom.xml cookbook:verify"
                        + " -Dcookbook.flinkVersions=1.19.3,1.20.3,2.0.0,2.1.1,2.2.0,2.3.0",
                new OptIn(QUICK_START));
        RUN_BY.put(
                "mvn cookbook:fixtures -Dcookbook.generate=all",
                new Literally("src/it/upstream-fixtures/invoker.properties"));
        RUN_BY.put("mvn cookbook:expected", new Literally("src/it/upstream-fixtures/invoker.properties"));
        RUN_BY.put("mvn cookbook:verify", new Literally("src/it/upstream-fixtures/invoker.properties"));
        RUN_BY.put(
                "mvn cookbook:verify -Dcookbook.flink.address=flink-jobmanager:8081",
                new Literally("src/it/author-day/invoker.properties")); // nothing answers there: one sentence
    }

    /** Every command of the README's bash blocks, in the order written. */
    static List<String> readmeCommands() throws IOException {
        List<String> commands = new ArrayList<>();
        Matcher block =
                Pattern.compile("(?ms)^```bash\\n(.*?)^```").matcher(Files.readString(PROJECT.resolve("README.md")));
        while (block.find()) {
            String joined = block.group(1).replace("\\\n", " ");
            for (String line : joined.split("\n")) {
                String command = line.replaceFirst("\\s+#.*$", "").strip();
                if (command.startsWith("#") || command.isEmpty()) {
                    continue;
                }
                for (String part : command.split("&&|;")) {
                    commands.add(part.strip().replaceAll("\\s+", " "));
                }
            }
        }
        return commands.stream().distinct().toList();
    }

    /** The arguments after the Maven command and the options every build of a test passes anyway. */
    private static String arguments(String command) {
        return command.replaceFirst("^(?:\\./mvnw|mvn)( -B)?( -ntp)? ", "");
    }

    private static String text(String file) {
        try {
            return Files.readString(PROJECT.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyCommandOfTheReadmeIsListedWithTheTestThatRunsIt() throws IOException {
        assertThat(readmeCommands()).containsExactlyInAnyOrderElementsOf(RUN_BY.keySet());
    }

    @Test
    void theFileThatRunsACommandHoldsItAsTheReadmeWritesIt() {
        RUN_BY.forEach((command, runner) -> {
            String file = runner instanceof Literally literally
                    ? literally.file()
                    : runner instanceof OptIn optIn ? optIn.file() : null;
            if (file != null) {
                String runs = file.equals(".ci/run") ? command : arguments(command);
                assertThat(text(file)).as(file + " runs " + command).contains(runs);
            }
        });
    }

    @Test
    void theLongCommandsRunInTheItTheReadmesOptInSelects() {
        assertThat(text("README.md")).contains("./mvnw -B -ntp verify " + OPT_IN);
        RUN_BY.values().stream()
                .filter(OptIn.class::isInstance)
                .map(runner -> Path.of(((OptIn) runner).file()).resolveSibling("selector.groovy"))
                .distinct()
                .forEach(selector -> assertThat(text(selector.toString()))
                        .as(selector + " runs its IT with " + OPT_IN + " only")
                        .contains("System.getProperty('cookbook.flinkVersionsITs') != 'all'")
                        .contains("return false"));
    }

    @Test
    void eachSweepsTestExistsAndReadsEveryPropertyItsCommandSets() throws IOException {
        String tests;
        try (Stream<Path> files = Files.walk(PROJECT.resolve("src/test/java"))) {
            tests = String.join(
                    "\n",
                    files.filter(file -> file.toString().endsWith(".java"))
                            .map(file -> text(PROJECT.relativize(file).toString()))
                            .toList());
        }
        RUN_BY.forEach((command, runner) -> {
            if (runner instanceof Sweep) {
                Matcher test = Pattern.compile("-Dtest=(\\w+)").matcher(command);
                assertThat(test.find()).as(command).isTrue();
                assertThat(tests).as(command).contains("class " + test.group(1) + " ");
                Pattern.compile("-D(cookbook\\.[\\w.]+)=")
                        .matcher(command)
                        .results()
                        .map(property -> property.group(1))
                        .forEach(property -> assertThat(tests + text("pom.xml"))
                                .as(command + ": a test or a profile of pom.xml reads " + property)
                                .containsAnyOf("\"" + property + "\"", "<name>" + property + "</name>"));
                if (command.contains("-DquickJit=")) {
                    assertThat(text("pom.xml")).contains("<argLine>${quickJit}");
                }
            }
        });
    }
}
