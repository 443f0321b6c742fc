package org.flinkcookbook.simulator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.FlinkLogging;
import org.flinkcookbook.guard.GuardedFileSystem;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.session.Deadline;
import org.flinkcookbook.session.RecipeSession;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.session.StatementParser;

/**
 * The event-time simulator: Flink's planner plans a recipe's statements, and the simulator executes
 * the plans without a Flink job, feeding each fixture through Flink's operator rules in file order,
 * and explains late and filtered rows.
 */
public final class SimulatorEngine implements Engine {

    /** The engine's name in reports and in the cache's key. */
    public static final String NAME = "simulator";

    /**
     * cookbook.timeout's default, for a simulator built without a timeout (tests, the fuzzers); every goal,
     * simulate's too, passes its cookbook.timeout ({@code run.EngineChoice}).
     */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);

    private final Path fixturesDirectory;
    private final boolean strict;
    private final boolean timelines;
    private final Duration statementTimeout;
    private final RecipeSession session;

    /** A lenient simulator without timelines: constructs it does not model stop the recipe as UNSUPPORTED. */
    public SimulatorEngine(Path fixturesDirectory) {
        this(fixturesDirectory, false);
    }

    /** A simulator without timelines; {@code strict} as below. */
    public SimulatorEngine(Path fixturesDirectory, boolean strict) {
        this(fixturesDirectory, strict, false);
    }

    /** A simulator with cookbook.timeout's default; the rest as below. */
    public SimulatorEngine(Path fixturesDirectory, boolean strict, boolean timelines) {
        this(fixturesDirectory, strict, timelines, DEFAULT_TIMEOUT);
    }

    /**
     * @param fixturesDirectory the directory {@code ${fixtures}} and {@code cookbook:fixture} paths refer to
     * @param strict when true, a construct the simulator does not model is an ERROR, not UNSUPPORTED
     * @param timelines when true, windowed and CURRENT_WATERMARK results carry a timeline for the HTML report
     * @param statementTimeout how long one statement may be simulated before it is stopped
     */
    public SimulatorEngine(Path fixturesDirectory, boolean strict, boolean timelines, Duration statementTimeout) {
        this(fixturesDirectory, strict, timelines, statementTimeout, ResultCache.none());
    }

    /** As above; {@code results}: statements' results kept between runs of a recipe (cookbook:watch). */
    public SimulatorEngine(
            Path fixturesDirectory, boolean strict, boolean timelines, Duration statementTimeout, ResultCache results) {
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
        this.strict = strict;
        this.timelines = timelines;
        this.statementTimeout = statementTimeout;
        this.session = new RecipeSession(new StatementParser(this.fixturesDirectory), results);
        // Flink's planner plans every statement: quiet, and reading only what a recipe may read
        FlinkLogging.configure(false);
        GuardedFileSystem.install();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The Flink the build runs with, whose rules the simulator models: the pom's {@code flink.version}. */
    @Override
    public String flinkVersion() {
        return EnvironmentInformation.getVersion();
    }

    @Override
    public RecipeRun run(Recipe recipe) {
        Deadline.Result<RecipeRun> ran = Deadline.run(
                "cookbook-simulate",
                statementTimeout,
                () -> session.runAll(
                        recipe,
                        script ->
                                new SimulatorBackEnd(script, fixturesDirectory, strict, timelines, statementTimeout)));
        return ran.overran()
                .map(overrun -> RecipeRun.stopped(
                        List.of(),
                        Problem.error(overrun.line(), overrun.sentence("simulating", statementTimeout)),
                        recipe.warnings()))
                .orElseGet(ran::value);
    }

    @Override
    public void close() {}
}
