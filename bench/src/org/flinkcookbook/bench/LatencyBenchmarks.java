package org.flinkcookbook.bench;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.flinkcookbook.cache.RecipeCache;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.flink.BenchmarkClusters;
import org.flinkcookbook.flink.FlinkEngine;
import org.flinkcookbook.flink.FlinkSettings;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.session.ResultCache;
import org.flinkcookbook.simulator.SimulatorEngine;
import org.flinkcookbook.watch.Keyboard;
import org.flinkcookbook.watch.WatchLoop;

/**
 * The benchmarks of issue 17: save-to-verdict in watch mode, an incremental verify after one
 * recipe changed, and a cold one-recipe verify with where its time goes, each beside what a build
 * did before (a fresh {@code mvn cookbook:verify} for each save, every recipe run every time).
 */
final class LatencyBenchmarks {

    /** The recipe the author edits in the cold and incremental runs, and first in watch mode: the late-data lab, 9 results. */
    static final String EDITED = "late-data-lab/count-dropped-rows.md";
    /** A recipe of one result, as most recipes are: edited second in watch mode. */
    private static final String ONE_RESULT = "upstream/aggregations-and-analytics/01_group_by_window_tvf.md";

    private static final int WARM_UP_SAVES = 3;
    private static final int TIMED_SAVES = 10;
    private static final Duration PATIENCE = Duration.ofMinutes(3);

    private LatencyBenchmarks() {}

    /** How a timed save changes the recipe; it passes either way. */
    private enum Save {
        /** A trailing blank line added or taken away: its SQL is the same, so a result cache answers. */
        BLANK_LINE(""),
        /** A comment with the save's number inside its last windowed query: that query runs again, every time. */
        ONE_QUERY("Query");

        private static final String QUERY_END = "GROUP BY window_start, window_end;";

        final String suffix;

        Save(String suffix) {
            this.suffix = suffix;
        }

        String text(String original, int save) {
            if (this == BLANK_LINE) {
                return save % 2 == 0 ? original + "\n" : original;
            }
            if (!original.contains(QUERY_END)) {
                throw new IllegalStateException("no query ends with " + QUERY_END);
            }
            // the last: the first may stand in a block that is not run; inside the statement, since a
            // comment after its last word is no part of it
            int last = original.lastIndexOf(QUERY_END);
            return original.substring(0, last) + "GROUP BY /* save " + save + " */ window_start, window_end;"
                    + original.substring(last + QUERY_END.length());
        }
    }

    /**
     * Watch mode on a copy of the cookbook: after the first full run, saves the late-data lab
     * recipe again and again and times each save until its progress line is printed: with a
     * trailing blank line added or taken away and, when statements' results are remembered
     * ({@code remembered}), with one query changed so that it runs again.
     */
    static void watch(String engineName, boolean remembered, Path recipes, Path fixtures, Path work) throws Exception {
        Path copy = work.resolve("watch-" + engineName + (remembered ? "-remembered" : ""));
        Path recipesCopy = copyTree(recipes, copy.resolve("recipes"));
        Path fixturesCopy = copyTree(fixtures, copy.resolve("fixtures"));
        LinkedBlockingQueue<Long> verdicts = new LinkedBlockingQueue<>();
        java.util.concurrent.atomic.AtomicReference<String> edited =
                new java.util.concurrent.atomic.AtomicReference<>(EDITED);
        LinkedBlockingQueue<String> cycles = new LinkedBlockingQueue<>();
        Console console = new Console() {
            @Override
            public void info(String message) {
                line(message);
            }

            @Override
            public void warn(String message) {
                line(message);
            }

            @Override
            public void error(String message) {
                line(message);
            }

            @Override
            public void raw(String line) {
                line(line);
            }

            private void line(String message) {
                if (message.matches("[A-Z-]+ +" + java.util.regex.Pattern.quote(edited.get()) + " \\(.*")) {
                    verdicts.add(System.nanoTime());
                    cycles.add(message);
                } else if (message.startsWith("Watching ")) {
                    cycles.add(message);
                }
            }
        };
        RunSettings settings = new RunSettings(
                recipesCopy,
                recipesCopy,
                fixturesCopy,
                "",
                true,
                copy.resolve("target/cookbook"),
                copy.resolve("target/cookbook-reports"),
                copy.resolve("target"),
                1000,
                Set.of(),
                null,
                2,
                true,
                GoalCommand.PREFIX,
                null,
                null);
        boolean flink = engineName.equals("flink");
        ResultCache results = remembered ? new ResultCache(engineName, Duration.ofSeconds(60)) : ResultCache.none();
        try (Engine engine = flink
                        ? new FlinkEngine(new FlinkSettings(fixturesCopy, Duration.ofMinutes(5), false), results)
                        : new SimulatorEngine(fixturesCopy, false, false, Duration.ofMinutes(5), results);
                Engine explainer = flink
                        ? new SimulatorEngine(
                                fixturesCopy,
                                false,
                                false,
                                Duration.ofMinutes(5),
                                remembered ? new ResultCache("explainer", Duration.ofSeconds(60)) : ResultCache.none())
                        : null) {
            CookbookRunner runner = new CookbookRunner(settings, engine, explainer, console, RecipeCache.none());
            WatchLoop loop = new WatchLoop(
                    settings,
                    runner,
                    engineName,
                    console,
                    Keyboard.lines(InputStream.nullInputStream()),
                    Clock.systemUTC());
            long start = System.nanoTime();
            Thread looping = new Thread(
                    () -> {
                        try {
                            loop.run();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    },
                    "watch");
            looping.start();
            awaitWatching(cycles);
            Benchmarks.report("firstRunSeconds", (System.nanoTime() - start) / 1e9);
            for (String recipe : List.of(EDITED, ONE_RESULT)) {
                edited.set(recipe);
                String suffix = recipe.equals(EDITED) ? "" : "OneResult";
                saves(recipesCopy.resolve(recipe), Save.BLANK_LINE, verdicts, cycles, suffix);
                if (remembered) {
                    saves(recipesCopy.resolve(recipe), Save.ONE_QUERY, verdicts, cycles, suffix);
                }
            }
            loop.stop();
            looping.join();
        }
    }

    /** Saves one recipe again and again and reports the median time and CPU to its verdict, keys ending in {@code suffix}. */
    private static void saves(
            Path edited,
            Save how,
            LinkedBlockingQueue<Long> verdicts,
            LinkedBlockingQueue<String> cycles,
            String recipeSuffix)
            throws Exception {
        String suffix = how.suffix + recipeSuffix;
        String original = Files.readString(edited);
        List<Double> timed = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int save = 0; save < WARM_UP_SAVES + TIMED_SAVES; save++) {
            verdicts.clear();
            cycles.clear();
            long cpuBefore = system.getProcessCpuTime();
            long saved = System.nanoTime();
            Files.writeString(edited, how.text(original, save));
            Long verdict = verdicts.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            String line = cycles.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            if (verdict == null || !line.startsWith("PASSED")) {
                throw new IllegalStateException("save " + save + " gave " + line);
            }
            awaitWatching(cycles);
            if (save >= WARM_UP_SAVES) {
                timed.add((verdict - saved) / 1e9);
                cpu.add((system.getProcessCpuTime() - cpuBefore) / 1e9);
            }
        }
        List<Double> sorted = timed.stream().sorted().toList();
        Benchmarks.report("medianSeconds" + suffix, median(timed));
        Benchmarks.report("medianCpuSeconds" + suffix, median(cpu));
        Benchmarks.report("minSeconds" + suffix, sorted.get(0));
        Benchmarks.report("maxSeconds" + suffix, sorted.get(sorted.size() - 1));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static void awaitWatching(LinkedBlockingQueue<String> cycles) throws InterruptedException {
        for (String line = ""; !line.startsWith("Watching "); ) {
            line = cycles.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            if (line == null) {
                throw new IllegalStateException("the watch did not answer within " + PATIENCE);
            }
        }
    }

    /**
     * Where a cold one-recipe verify spends its time, phase after phase in one new JVM: what the
     * plugin overlaps (the cluster's start with planning) is timed apart here.
     */
    static void breakdown(Path recipes, Path fixtures, String recipe) throws Exception {
        com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Benchmarks.report(
                "jvmStartSeconds", ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0);
        Benchmarks.report("jvmStartCpuSeconds", system.getProcessCpuTime() / 1e9);
        Phases phases = new Phases(system);
        Recipe parsed = new RecipeParser().parse(recipes.resolve(recipe), recipe);
        phases.end("parse");
        TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        phases.end("plannerInit");
        try (Engine engine = BenchmarkClusters.startedFirst(fixtures)) {
            phases.end("clusterStart");
            check(engine.plan(parsed).completed(), "plan");
            phases.end("firstPlan");
            check(engine.run(parsed).completed(), "run");
            phases.end("firstRun");
            check(engine.plan(parsed).completed() && engine.run(parsed).completed(), "second run");
            phases.end("warmPlanAndRun");
        }
    }

    /** Wall and CPU time (all threads) of phases run one after the other. */
    private static final class Phases {
        private final com.sun.management.OperatingSystemMXBean system;
        private long wall = System.nanoTime();
        private long cpu;

        Phases(com.sun.management.OperatingSystemMXBean system) {
            this.system = system;
            this.cpu = system.getProcessCpuTime();
        }

        void end(String phase) {
            long wallNow = System.nanoTime();
            long cpuNow = system.getProcessCpuTime();
            Benchmarks.report(phase + "Seconds", (wallNow - wall) / 1e9);
            Benchmarks.report(phase + "CpuSeconds", (cpuNow - cpu) / 1e9);
            wall = wallNow;
            cpu = cpuNow;
        }
    }

    private static void check(boolean completed, String what) {
        if (!completed) {
            throw new IllegalStateException(what + " did not complete");
        }
    }

    /**
     * Everything, side by side. The Maven runs use the plugin installed in {@code repository}
     * (this build) and in {@code baseRepository} (the build before, or "-" to leave it out), on a
     * copy of the cookbook, so that the cache and CDS archive stay out of the sources.
     */
    static void all(Path recipes, Path fixtures, Path work, String repository, String baseRepository) throws Exception {
        Files.createDirectories(work);
        List<String> c1 = List.of(Benchmarks.C1_ONLY);
        Benchmarks.Child breakdown = Benchmarks.child(work, "breakdown", c1, "breakdown", recipes, fixtures, EDITED);
        Watches watches = Watches.run(recipes, fixtures, work);
        Maven maven = cookbookCopy(recipes, fixtures, work, "cookbook", true);
        Timing cold =
                maven.run(repository, "", "cookbook:verify", "-Dcookbook.recipe=" + EDITED, "-Dcookbook.cache=false");

        Timing full = maven.run(repository, "", "cookbook:verify", "-Dcookbook.cache=false");
        maven.run(repository, "", "cookbook:verify"); // fills the cache
        Path edited = work.resolve("cookbook/recipes").resolve(EDITED);
        Files.setLastModifiedTime(edited, FileTime.fromMillis(System.currentTimeMillis()));
        Timing touched = maven.run(repository, "", "cookbook:verify");
        Files.writeString(edited, Files.readString(edited) + "\n");
        Timing changed = maven.run(repository, "", "cookbook:verify");
        Files.writeString(edited, Files.readString(edited) + "\n");
        Timing fullAgain = maven.run(repository, "", "cookbook:verify", "-Dcookbook.cache=false");

        System.out.println();
        System.out.println(
                "Issue 17 latency benchmarks (one run; wall times on a shared machine are noisy, compare ratios and CPU)");
        System.out.println();
        watches.print();
        System.out.printf(
                Locale.ROOT,
                "   %-52s %8.2f %26.2f%n",
                "before: a new mvn cookbook:verify of the late-data lab",
                cold.wall,
                cold.cpu);
        System.out.printf(
                Locale.ROOT,
                "   ratio before / watch, the late-data lab: %.0fx on Flink, %.0fx on the simulator;"
                        + " a changed query, remembered / not: %.1fx on Flink%n",
                cold.wall / watches.flink().number("medianSeconds"),
                cold.wall / watches.simulator().number("medianSeconds"),
                watches.flink().number("medianSeconds")
                        / watches.flinkRemembered().number("medianSecondsQuery"));
        System.out.println();
        System.out.println("2. Incremental verify of the sample cookbook (mvn, C1 only as recipes/.mvn/jvm.config)");
        System.out.printf(Locale.ROOT, "   %-52s %8s %8s%n", "", "wall s", "CPU s");
        timingRow(full, "full run (cookbook.cache=false)");
        timingRow(fullAgain, "full run again, at the end");
        timingRow(touched, "after touching one recipe (its content unchanged)");
        timingRow(changed, "after changing one recipe");
        double fullWall = (full.wall + fullAgain.wall) / 2;
        System.out.printf(
                Locale.ROOT,
                "   ratio full / incremental: touched %.1fx, changed %.1fx%n",
                fullWall / touched.wall,
                fullWall / changed.wall);
        System.out.println();
        cold(recipes, fixtures, work, repository, baseRepository);
        System.out.println(
                "   phases of a cold run, one after the other in a JVM of their own, C1 only, no class-data archive:");
        for (String phase : List.of(
                "jvmStart", "parse", "plannerInit", "clusterStart", "firstPlan", "firstRun", "warmPlanAndRun")) {
            System.out.printf(
                    Locale.ROOT,
                    "     %-50s %8.2f %8.2f%n",
                    phase,
                    breakdown.number(phase + "Seconds"),
                    breakdown.number(phase + "CpuSeconds"));
        }
    }

    /**
     * The four watch benchmarks, each in a JVM of its own with the flags {@code mvn cookbook:watch}
     * runs with on the sample cookbook: those of its {@code .mvn/jvm.config}.
     */
    record Watches(
            Benchmarks.Child simulator,
            Benchmarks.Child simulatorRemembered,
            Benchmarks.Child flink,
            Benchmarks.Child flinkRemembered) {

        static Watches run(Path recipes, Path fixtures, Path work) throws IOException, InterruptedException {
            Files.createDirectories(work);
            List<String> flags = mavenJvmFlags(recipes);
            Watches watches = new Watches(
                    Benchmarks.child(
                            work, "watch-simulator", flags, "watch", "simulator", "-", recipes, fixtures, work),
                    Benchmarks.child(
                            work,
                            "watch-simulator-remembered",
                            flags,
                            "watch",
                            "simulator",
                            "remembered",
                            recipes,
                            fixtures,
                            work),
                    Benchmarks.child(work, "watch-flink", flags, "watch", "flink", "-", recipes, fixtures, work),
                    Benchmarks.child(
                            work,
                            "watch-flink-remembered",
                            flags,
                            "watch",
                            "flink",
                            "remembered",
                            recipes,
                            fixtures,
                            work));
            System.out.println("  simulator " + watches.simulator.values() + "\n  "
                    + watches.simulatorRemembered.values() + "\n  flink " + watches.flink.values() + "\n  "
                    + watches.flinkRemembered.values());
            return watches;
        }

        void print() {
            System.out.println("1. Save to verdict in watch mode, median of " + TIMED_SAVES + " saves after "
                    + WARM_UP_SAVES + " warm-up saves; CPU: the watching JVM's, all threads");
            System.out.printf(Locale.ROOT, "   %-52s %8s %8s %8s %8s%n", "", "median s", "min s", "max s", "CPU s");
            System.out.println("   no results remembered (as before), a blank line saved:");
            watchRow(simulator, "simulator, the late-data lab (9 results)", "");
            watchRow(simulator, "simulator, a recipe of one result", "OneResult");
            watchRow(flink, "warm Flink, the late-data lab (9 results)", "");
            watchRow(flink, "warm Flink, a recipe of one result", "OneResult");
            for (String save : List.of("", "Query")) {
                System.out.println("   statements' results remembered, "
                        + (save.isEmpty()
                                ? "a blank line saved (nothing runs again):"
                                : "one query changed (it runs again):"));
                watchRow(simulatorRemembered, "simulator, the late-data lab (9 results)", save);
                watchRow(simulatorRemembered, "simulator, a recipe of one result", save + "OneResult");
                watchRow(flinkRemembered, "warm Flink, the late-data lab (9 results)", save);
                watchRow(flinkRemembered, "warm Flink, a recipe of one result", save + "OneResult");
            }
        }
    }

    /** The flags of the cookbook's {@code .mvn/jvm.config}: Maven's JVM, in which the watch runs. */
    static List<String> mavenJvmFlags(Path recipes) throws IOException {
        Path config = recipes.resolve(".mvn/jvm.config");
        return Files.exists(config)
                ? List.of(Files.readString(config).trim().split("\\s+"))
                : List.of(Benchmarks.C1_ONLY);
    }

    /** The watch benchmarks alone (ONLY=watches bench/latency.sh REPOSITORY). */
    static void watches(Path recipes, Path fixtures, Path work) throws IOException, InterruptedException {
        Watches.run(recipes, fixtures, work).print();
    }

    /**
     * An incremental verify of the sample cookbook, in turns without and with the warm engine
     * ({@code cookbook.daemon}), each on a copy of its own: a full run, the cache filled, then
     * {@code cookbook.incrementalRounds} times (3 unless set) the late-data lab touched, a blank
     * line added to it, one of its queries changed, each followed by a verify; a full run again at
     * the end. CPU counts Maven's JVM with its children, and the warm engine's CPU over the build.
     */
    static void incremental(Path recipes, Path fixtures, Path work, String repository) throws Exception {
        int rounds = Integer.getInteger("cookbook.incrementalRounds", 3);
        Map<String, Maven> modes = new LinkedHashMap<>();
        modes.put("engine JVM", cookbookCopy(recipes, fixtures, work, "incremental-engine-jvm", true));
        modes.put("warm engine", cookbookCopy(recipes, fixtures, work, "incremental-warm-engine", true));
        Map<String, List<Timing>> timings = new LinkedHashMap<>();
        StepRunner step = (name, noCache) -> {
            for (Map.Entry<String, Maven> mode : modes.entrySet()) {
                List<String> arguments = new ArrayList<>(List.of(
                        "cookbook:verify", "-Dcookbook.daemon=" + mode.getKey().equals("warm engine")));
                if (noCache) {
                    arguments.add("-Dcookbook.cache=false");
                }
                Path cookbook = mode.getValue().pom().getParent().getParent();
                double daemonCpu = daemonCpu(cookbook);
                Timing timing = mode.getValue().run(repository, "", arguments.toArray(String[]::new));
                timings.computeIfAbsent(mode.getKey() + ": " + name, k -> new ArrayList<>())
                        .add(new Timing(timing.wall, timing.cpu + daemonCpu(cookbook) - daemonCpu));
            }
        };
        step.run("full run (cookbook.cache=false), the first", true);
        step.run("cache filled", false);
        String original = Files.readString(recipes.resolve(EDITED));
        for (int round = 0; round < rounds; round++) {
            String blankLines = "\n".repeat(round + 1);
            for (Maven maven : modes.values()) {
                Path edited = maven.pom().getParent().resolve(EDITED);
                Files.setLastModifiedTime(edited, FileTime.fromMillis(System.currentTimeMillis()));
            }
            step.run("after touching the late-data lab", false);
            for (Maven maven : modes.values()) {
                Path edited = maven.pom().getParent().resolve(EDITED);
                Files.writeString(edited, original + blankLines);
            }
            step.run("after a blank line added to it", false);
            for (Maven maven : modes.values()) {
                Path edited = maven.pom().getParent().resolve(EDITED);
                Files.writeString(edited, Save.ONE_QUERY.text(original, round) + blankLines);
            }
            step.run("after one of its queries changed", false);
        }
        step.run("full run again (cookbook.cache=false)", true);
        modes.values().forEach(maven -> {
            try {
                maven.run(repository, "", "cookbook:stop");
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        System.out.println();
        System.out.println(
                "2. Incremental verify of the sample cookbook (mvn, C1 only as recipes/.mvn/jvm.config), median of "
                        + rounds + " rounds; CPU: Maven's JVM and its children, and the warm engine's");
        System.out.printf(Locale.ROOT, "   %-70s %8s %8s%n", "", "wall s", "CPU s");
        timings.forEach((name, runs) -> coldRow(medianRun(runs), name));
        double full = (medianRun(timings.get("engine JVM: full run (cookbook.cache=false), the first")).wall
                        + medianRun(timings.get("engine JVM: full run again (cookbook.cache=false)")).wall)
                / 2;
        for (String name : List.of(
                "after touching the late-data lab",
                "after a blank line added to it",
                "after one of its queries changed")) {
            System.out.printf(
                    Locale.ROOT,
                    "   full run (engine JVM, mean of two) / %-40s engine JVM %.1fx, warm engine %.1fx%n",
                    name,
                    full / medianRun(timings.get("engine JVM: " + name)).wall,
                    full / medianRun(timings.get("warm engine: " + name)).wall);
        }
    }

    /** One verify in each mode. */
    @FunctionalInterface
    private interface StepRunner {
        void run(String name, boolean noCache) throws Exception;
    }

    /**
     * CPU seconds of the warm engines of this cookbook so far: they are no child of the build that
     * uses them. Their command lines are read from /proc, since ProcessHandle gives none this long.
     */
    private static double daemonCpu(Path cookbook) {
        String project =
                cookbook.resolve("recipes").toAbsolutePath().normalize().toString();
        return ProcessHandle.allProcesses()
                .filter(process -> {
                    String commandLine = commandLine(process);
                    return commandLine.contains("org.flinkcookbook.process.EngineDaemon")
                            && commandLine.contains(project);
                })
                .mapToDouble(process -> process.info()
                        .totalCpuDuration()
                        .map(d -> d.toNanos() / 1e9)
                        .orElse(0.0))
                .sum();
    }

    private static String commandLine(ProcessHandle process) {
        try {
            return new String(
                    Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")),
                    StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException gone) {
            return "";
        }
    }

    /**
     * A cold one-recipe verify, for the late-data lab and a recipe of one result: the build before,
     * this build in Maven's JVM (cookbook.fork=false) and in its engine JVM, each build's archive
     * written by a first run of the whole cookbook (timed apart for this build), each with {@code cookbook.daemon=false} as on a
     * CI; and the default outside a CI, where the build starts a warm engine (stopped after each
     * run, so that the next starts cold too); then the same without {@code .mvn/jvm.config},
     * as an upstream cookbook runs. Each line is the median of {@code cookbook.coldRounds} runs
     * (3 unless set), taken in turns so that a change of the machine's load touches them all.
     */
    static void cold(Path recipes, Path fixtures, Path work, String repository, String baseRepository)
            throws Exception {
        int rounds = Integer.getInteger("cookbook.coldRounds", 3);
        Maven configured = cookbookCopy(recipes, fixtures, work, "cookbook", true);
        Maven bare = cookbookCopy(recipes, fixtures, work, "cookbook-without-jvm-config", false);
        String classData =
                "-Dcookbook.classDataDirectory=" + work.resolve("class-data").toAbsolutePath();
        String noCache = "-Dcookbook.cache=false";
        String noDaemon = "-Dcookbook.daemon=false"; // an engine JVM of the build's own, as on a CI
        Timing mavenAlone = configured.run(repository, "", "validate");
        Timing pluginLoaded = configured.run(repository, "", "cookbook:verify", "-Dcookbook.skip=true");
        // each build's archive written by the same first run, a whole cookbook's, as a cookbook's first build writes it
        String baseClassData = "-Dcookbook.classDataDirectory="
                + work.resolve("class-data-base").toAbsolutePath();
        deleteTree(work.resolve("class-data"));
        deleteTree(work.resolve("class-data-base"));
        Timing firstRun = configured.run(repository, "", "cookbook:verify", noCache, noDaemon, classData);
        if (!baseRepository.equals("-")) {
            configured.run(baseRepository, "", "cookbook:verify", noCache, noDaemon, baseClassData);
        }
        Map<String, List<Timing>> timings = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            for (String recipe : List.of(EDITED, ONE_RESULT)) {
                String one = "-Dcookbook.recipe=" + recipe;
                for (Maven maven : List.of(configured, bare)) {
                    String key = recipe + (maven == bare ? " without" : "");
                    if (!baseRepository.equals("-")) {
                        timings.computeIfAbsent(key + " base", k -> new ArrayList<>())
                                .add(maven.run(
                                        baseRepository, "", "cookbook:verify", one, noCache, noDaemon, baseClassData));
                    }
                    timings.computeIfAbsent(key + " in Maven", k -> new ArrayList<>())
                            .add(maven.run(
                                    repository,
                                    "",
                                    "cookbook:verify",
                                    one,
                                    noCache,
                                    noDaemon,
                                    "-Dcookbook.fork=false"));
                    timings.computeIfAbsent(key + " forked", k -> new ArrayList<>())
                            .add(maven.run(repository, "", "cookbook:verify", one, noCache, noDaemon, classData));
                    timings.computeIfAbsent(key + " daemon", k -> new ArrayList<>())
                            .add(maven.run(repository, "", "cookbook:verify", one, noCache, classData));
                    maven.run(repository, "", "cookbook:stop"); // the next build starts its warm engine cold again
                }
            }
        }
        System.out.println("3. Cold one-recipe verify (mvn -f recipes/pom.xml cookbook:verify -Dcookbook.recipe=R"
                + " -Dcookbook.cache=false), median of " + rounds + " runs in turns");
        System.out.printf(Locale.ROOT, "   %-70s %8s %8s%n", "", "wall s", "CPU s");
        coldRow(mavenAlone, "Maven alone (mvn validate)");
        coldRow(pluginLoaded, "Maven and the plugin loaded (cookbook.skip=true)");
        coldRow(firstRun, "the whole cookbook, engine JVM, first run: writes the class-data archive");
        for (String recipe : List.of(EDITED, ONE_RESULT)) {
            String name = recipe.equals(EDITED) ? "late-data lab" : "one result";
            for (String config : List.of("", " without")) {
                String label = name + (config.isEmpty() ? ", C1 in .mvn/jvm.config" : ", no .mvn/jvm.config");
                List<Timing> base = timings.get(recipe + config + " base");
                Timing inMaven = medianRun(timings.get(recipe + config + " in Maven"));
                Timing forked = medianRun(timings.get(recipe + config + " forked"));
                if (base != null) {
                    coldRow(medianRun(base), label + ": the build before");
                }
                coldRow(inMaven, label + ": in Maven's JVM (cookbook.fork=false)");
                coldRow(forked, label + ": engine JVM with its archive (cookbook.daemon=false, a CI)");
                coldRow(
                        medianRun(timings.get(recipe + config + " daemon")),
                        label + ": the default, a warm engine this build starts");
                Timing before = base != null ? medianRun(base) : inMaven;
                System.out.printf(
                        Locale.ROOT,
                        "   %-70s %7.2fx %7.2fx%n",
                        "  ratio " + (base != null ? "before" : "in Maven") + " / engine JVM",
                        before.wall / forked.wall,
                        before.cpu / forked.cpu);
            }
        }
    }

    private static void coldRow(Timing timing, String label) {
        System.out.printf(Locale.ROOT, "   %-70s %8.2f %8.2f%n", label, timing.wall, timing.cpu);
    }

    /** The run of median wall time. */
    private static Timing medianRun(List<Timing> timings) {
        List<Timing> sorted = timings.stream()
                .sorted(java.util.Comparator.comparingDouble(Timing::wall))
                .toList();
        return sorted.get(sorted.size() / 2);
    }

    /** A copy of the cookbook under {@code work}, so that the cache stays out of the sources; optionally without its .mvn. */
    private static Maven cookbookCopy(Path recipes, Path fixtures, Path work, String name, boolean withJvmConfig)
            throws IOException {
        Path cookbook = work.resolve(name);
        copyTree(recipes, cookbook.resolve("recipes"));
        copyTree(fixtures, cookbook.resolve("fixtures"));
        if (!withJvmConfig) {
            deleteTree(cookbook.resolve("recipes/.mvn"));
        }
        return new Maven(cookbook.resolve("recipes/pom.xml"), work);
    }

    private static void deleteTree(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static void watchRow(Benchmarks.Child child, String label, String suffix) {
        System.out.printf(
                Locale.ROOT,
                "   %-52s %8.3f %8.3f %8.3f %8.3f%n",
                label,
                child.number("medianSeconds" + suffix),
                child.number("minSeconds" + suffix),
                child.number("maxSeconds" + suffix),
                child.number("medianCpuSeconds" + suffix));
    }

    private static void timingRow(Timing timing, String label) {
        System.out.printf(Locale.ROOT, "   %-52s %8.2f %8.2f%n", label, timing.wall, timing.cpu);
    }

    /** Wall and CPU seconds (user and system, all threads) of one Maven build. */
    private record Timing(double wall, double cpu) {}

    private static final Pattern TIME = Pattern.compile("TIME ([0-9.]+) ([0-9.]+) ([0-9.]+)");

    /**
     * Runs Maven offline on the cookbook copy, timed by bench/tree-time.py: the engine JVM outlives
     * Maven (it stops Flink, and may write its class-data archive, after its answer), so its CPU
     * counts only when it is waited for as an orphan, which /usr/bin/time does not do.
     */
    private record Maven(Path pom, Path work) {
        Timing run(String repository, String mavenOpts, String... arguments) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(
                    "python3",
                    Path.of("bench", "tree-time.py").toAbsolutePath().toString(),
                    "mvn",
                    "-B",
                    "-o",
                    "-q",
                    "-Dstyle.color=never",
                    "-Dmaven.repo.local=" + repository,
                    "-f",
                    pom.toString()));
            command.addAll(List.of(arguments));
            System.out.println("Running mvn " + String.join(" ", arguments)
                    + (mavenOpts.isEmpty() ? "" : " with " + mavenOpts) + " ...");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(work.resolve("mvn.log").toFile());
            builder.environment().put("MAVEN_OPTS", mavenOpts);
            Process process = builder.start();
            String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException("mvn " + String.join(" ", arguments) + " failed; see "
                        + work.resolve("mvn.log") + "\n" + errors);
            }
            Matcher time = TIME.matcher(errors);
            if (!time.find()) {
                throw new IllegalStateException("no time in " + errors);
            }
            Timing timing = new Timing(
                    Double.parseDouble(time.group(1)),
                    Double.parseDouble(time.group(2)) + Double.parseDouble(time.group(3)));
            System.out.printf(Locale.ROOT, "  %.2f s wall, %.2f s CPU%n", timing.wall, timing.cpu);
            return timing;
        }
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file :
                    files.filter(file -> !file.toString().contains("/target")).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }
}
