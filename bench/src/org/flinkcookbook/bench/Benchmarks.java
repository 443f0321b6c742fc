package org.flinkcookbook.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.flinkcookbook.engine.Engine;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.flink.BenchmarkClusters;
import org.flinkcookbook.flink.BenchmarkClusters.JobClock;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.recipe.RecipeParser;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.run.CookbookRunner;
import org.flinkcookbook.run.RunSettings;
import org.flinkcookbook.run.RunSummary;
import org.flinkcookbook.simulator.SimulatorEngine;

/**
 * The benchmarks of docs/benchmarks.md. {@code all} runs every measurement in a JVM of its own, so
 * each starts cold as a build does, and prints them side by side with their ratios; the other
 * commands are those measurements, printing {@code BENCH key=value} lines for {@code all} to read.
 */
public final class Benchmarks {

    /** The JIT setting of recipes/.mvn/jvm.config: only the quick compiler, which pays in short JVMs. */
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    /** Recipes at once in the cookbook runs: cookbook.threads, set with -Dcookbook.threads as in a build. */
    private static final int THREADS = Integer.getInteger("cookbook.threads", 1);

    private static final int WARM_UP_RUNS = 5;
    private static final int TIMED_RUNS = 5;
    private static final Console SILENT = new Console() {
        @Override
        public void info(String message) {}

        @Override
        public void warn(String message) {}

        @Override
        public void error(String message) {
            System.err.println(message);
        }

        @Override
        public void raw(String line) {}
    };

    private Benchmarks() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "all" ->
                all(
                        Path.of(args[1]),
                        Path.of(args[2]),
                        Path.of(args[3]),
                        Long.parseLong(args[4]),
                        Long.parseLong(args[5]));
            case "cookbook" -> cookbook(args[1], Path.of(args[2]), Path.of(args[3]), Path.of(args[4]));
            case "simulate" ->
                simulateAgainstVerify(
                        Path.of(args[1]),
                        Path.of(args[2]),
                        Path.of(args[3]),
                        Integer.parseInt(args[4]),
                        Long.parseLong(args[5]));
            case "throughput" -> throughput(args[1], Path.of(args[2]), Long.parseLong(args[3]));
            case "heap" -> heap(Path.of(args[1]), Long.parseLong(args[2]));
            case "latency" ->
                LatencyBenchmarks.all(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]), args[4], args[5]);
            case "incremental" ->
                LatencyBenchmarks.incremental(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]), args[4]);
            case "watches" -> LatencyBenchmarks.watches(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]));
            case "cold" ->
                LatencyBenchmarks.cold(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]), args[4], args[5]);
            case "watch" ->
                LatencyBenchmarks.watch(
                        args[1], args[2].equals("remembered"), Path.of(args[3]), Path.of(args[4]), Path.of(args[5]));
            case "breakdown" -> LatencyBenchmarks.breakdown(Path.of(args[1]), Path.of(args[2]), args[3]);
            default -> throw new IllegalArgumentException("unknown benchmark " + args[0]);
        }
    }

    // ---- the measurements, each in its own JVM

    /** The whole cookbook through verify on one engine: run time, jobs, and time per job after the first. */
    private static void cookbook(String engineName, Path recipes, Path fixtures, Path work) throws Exception {
        JobClock clock = new JobClock();
        long start = System.nanoTime();
        RunSummary summary;
        try (Engine engine = switch (engineName) {
            case "shared" -> BenchmarkClusters.shared(fixtures, clock);
            case "shared-unplanned" -> withoutPlanning(BenchmarkClusters.shared(fixtures, clock));
            case "per-job" -> BenchmarkClusters.clusterPerJob(fixtures, clock);
            case "simulator" -> new SimulatorEngine(fixtures);
            default -> throw new IllegalArgumentException(engineName);
        }) {
            RunSettings settings = new RunSettings(
                    recipes,
                    recipes,
                    fixtures,
                    "",
                    false,
                    work.resolve("report-" + engineName),
                    work.resolve("junit-" + engineName),
                    work.resolve("build-" + engineName),
                    1000,
                    Set.of(),
                    null,
                    THREADS,
                    true,
                    GoalCommand.PREFIX,
                    null,
                    null);
            summary = new CookbookRunner(settings, engine, null, SILENT).run(CookbookRunner.Mode.VERIFY);
        }
        long end = System.nanoTime();
        report("seconds", seconds(end - start));
        report(
                "cpuSeconds",
                ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                                .getProcessCpuTime()
                        / 1e9);
        report("recipes", summary.outcomes().size());
        report("passed", summary.count(RecipeStatus.PASSED));
        report("outcome", summary.line().replace(' ', '_'));
        report("jobs", clock.jobs());
        if (clock.jobs() > 1) {
            report("perJobAfterFirst", seconds(end - clock.firstFinishedNanos()) / (clock.jobs() - 1));
        }
    }

    /**
     * An engine whose recipes skip the planning pass that checks them before they run, to measure
     * what planning every statement twice costs. Only for cookbooks whose recipes all run.
     */
    private static Engine withoutPlanning(Engine engine) {
        return new Engine() {
            @Override
            public String name() {
                return engine.name();
            }

            @Override
            public String flinkVersion() {
                return engine.flinkVersion();
            }

            @Override
            public RecipeRun run(Recipe recipe) {
                return engine.run(recipe);
            }

            @Override
            public void close() {
                engine.close();
            }
        };
    }

    /** The benchmark query over {@code rows} rows, warm: the second of two runs in the same JVM and engine. */
    /**
     * Rows per second of one engine, warm: {@value #WARM_UP_RUNS} runs let the JIT compile the hot
     * code (and Flink's cluster start), then the median of {@value #TIMED_RUNS} timed runs, each the
     * whole recipe: DDL, planning and the job.
     */
    private static void throughput(String engineName, Path fixtures, long rows) throws Exception {
        Path big = Fixtures.events(fixtures, rows);
        try (Engine engine = engineName.equals("flink")
                ? BenchmarkClusters.shared(fixtures, new JobClock())
                : new SimulatorEngine(fixtures, false, engineName.equals("simulator-timelines"))) {
            for (int i = 0; i < WARM_UP_RUNS; i++) {
                run(engine, big);
            }
            double[] seconds = new double[TIMED_RUNS];
            StatementResult result = null;
            for (int i = 0; i < TIMED_RUNS; i++) {
                long start = System.nanoTime();
                result = run(engine, big);
                seconds[i] = seconds(System.nanoTime() - start);
            }
            Arrays.sort(seconds);
            double median = seconds[TIMED_RUNS / 2];
            report("seconds", median);
            report("rowsPerSecond", rows / median);
            report("windows", result.rows().size());
            report("lateRows", result.lateRowsDropped());
        }
    }

    /** The simulator's heap over {@code rows} rows: the most any collection left in use. */
    private static void heap(Path fixtures, long rows) throws Exception {
        Path fixture = Fixtures.events(fixtures, rows);
        AtomicLong peakAfterGc = new AtomicLong();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) collector)
                    .addNotificationListener(
                            (notification, handback) -> {
                                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                                        (CompositeData) notification.getUserData());
                                long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                                        .mapToLong(MemoryUsage::getUsed)
                                        .sum();
                                peakAfterGc.accumulateAndGet(used, Math::max);
                            },
                            notification -> notification
                                    .getType()
                                    .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION),
                            null);
        }
        long start = System.nanoTime();
        try (Engine engine = new SimulatorEngine(fixtures)) {
            run(engine, fixture);
        }
        report("seconds", seconds(System.nanoTime() - start));
        report("peakHeapAfterGcMb", peakAfterGc.get() / (1024.0 * 1024));
        report(
                "collections",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .mapToLong(GarbageCollectorMXBean::getCollectionCount)
                        .sum());
    }

    private static StatementResult run(Engine engine, Path fixture) throws Exception {
        Path recipeFile = fixture.resolveSibling(fixture.getFileName() + ".md");
        Files.writeString(recipeFile, Fixtures.recipe(fixture));
        Recipe recipe =
                new RecipeParser().parse(recipeFile, recipeFile.getFileName().toString());
        RecipeRun run = engine.run(recipe);
        if (run.problem() != null) {
            throw new IllegalStateException(engine.name() + ": " + run.problem().message());
        }
        return run.results().get(0);
    }

    static void report(String key, Object value) {
        System.out.println("BENCH " + key + "=" + value);
    }

    // ---- all of them, side by side

    private static void all(Path recipes, Path fixtures, Path work, long rows, long bigRows) throws Exception {
        Files.createDirectories(work);
        Path data = work.resolve("fixtures");
        System.out.printf(
                Locale.ROOT, "Generating the seeded fixtures (%,d and %,d rows) in %s%n", rows, bigRows, data);
        Fixtures.events(data, rows);
        Fixtures.events(data, bigRows);

        List<String> c1 = List.of(C1_ONLY);
        Child shared = child(work, "verify-shared", List.of(), "cookbook", "shared", recipes, fixtures, work);
        Child perJob = child(work, "verify-per-job", List.of(), "cookbook", "per-job", recipes, fixtures, work);
        Child sharedC1 = child(work, "verify-shared-c1", c1, "cookbook", "shared", recipes, fixtures, work);
        Child perJobC1 = child(work, "verify-per-job-c1", c1, "cookbook", "per-job", recipes, fixtures, work);
        Child unplannedC1 =
                child(work, "verify-shared-unplanned-c1", c1, "cookbook", "shared-unplanned", recipes, fixtures, work);
        List<String> twoThreads = List.of("-Dcookbook.threads=2");
        List<String> twoThreadsC1 = List.of(C1_ONLY, "-Dcookbook.threads=2");
        Child sharedTwo =
                child(work, "verify-shared-2-threads", twoThreads, "cookbook", "shared", recipes, fixtures, work);
        Child sharedTwoC1 =
                child(work, "verify-shared-2-threads-c1", twoThreadsC1, "cookbook", "shared", recipes, fixtures, work);
        Child simulate = child(work, "simulate", List.of(), "cookbook", "simulator", recipes, fixtures, work);
        Child simulateC1 = child(work, "simulate-c1", c1, "cookbook", "simulator", recipes, fixtures, work);
        Child flink = child(work, "throughput-flink", List.of(), "throughput", "flink", data, rows);
        Child simulator = child(work, "throughput-simulator", List.of(), "throughput", "simulator", data, rows);
        Child flinkC1 = child(work, "throughput-flink-c1", c1, "throughput", "flink", data, rows);
        Child simulatorC1 = child(work, "throughput-simulator-c1", c1, "throughput", "simulator", data, rows);
        Child timelines = child(
                work, "throughput-simulator-timelines", List.of(), "throughput", "simulator-timelines", data, rows);
        List<String> heapOptions = List.of("-Xmx1g");
        Child heapSmall = child(work, "heap-" + rows, heapOptions, "heap", data, rows);
        Child heapBig = child(work, "heap-" + bigRows, heapOptions, "heap", data, bigRows);

        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "1. The sample cookbook (%s) through verify: one shared cluster against a new cluster per job%n",
                recipes);
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10s %10s %6s %22s%n",
                "",
                "JVM wall s",
                "run s",
                "jobs",
                "s per job after first");
        row(shared, "shared cluster (the plugin)");
        row(perJob, "new cluster per job (execution.target=local)");
        ratioRow(perJob, shared, "ratio per-job / shared");
        row(sharedC1, "shared cluster, " + C1_ONLY);
        row(perJobC1, "new cluster per job, " + C1_ONLY);
        ratioRow(perJobC1, sharedC1, "ratio per-job / shared, " + C1_ONLY);
        ratioRow(shared, sharedC1, "ratio shared / shared " + C1_ONLY);
        row(unplannedC1, "shared, " + C1_ONLY + ", no planning pass");
        ratioRow(sharedC1, unplannedC1, "ratio with / without the planning pass");
        row(sharedTwo, "shared cluster, 2 recipes at once");
        ratioRow(shared, sharedTwo, "ratio 1 / 2 recipes at once");
        ratioRow(perJob, sharedTwo, "ratio per-job / shared, 2 at once");
        row(sharedTwoC1, "shared cluster, 2 at once, " + C1_ONLY);
        ratioRow(sharedC1, sharedTwoC1, "ratio 1 / 2 at once, " + C1_ONLY);
        ratioRow(perJobC1, sharedTwoC1, "ratio per-job / shared, 2 at once, " + C1_ONLY);
        System.out.println("   outcome 2 at once: " + sharedTwo.text("outcome"));
        System.out.println("   outcome without the planning pass: " + unplannedC1.text("outcome"));
        System.out.println("   outcome shared:  " + shared.text("outcome"));
        System.out.println("   outcome per job: " + perJob.text("outcome"));

        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "2. The simulator against warm Flink, the same query over the same %,d rows (median of %d runs after %d warm-ups)%n",
                rows,
                TIMED_RUNS,
                WARM_UP_RUNS);
        System.out.printf(Locale.ROOT, "   %-46s %10s %14s %8s %10s%n", "", "s", "rows/s", "windows", "late rows");
        throughputRow(flink, "Flink (warm JVM and cluster)");
        throughputRow(simulator, "simulator (warm JVM)");
        System.out.printf(
                Locale.ROOT,
                "   %-46s %24.1fx%n",
                "ratio simulator / Flink",
                simulator.number("rowsPerSecond") / flink.number("rowsPerSecond"));
        throughputRow(flinkC1, "Flink, " + C1_ONLY);
        throughputRow(simulatorC1, "simulator, " + C1_ONLY);
        throughputRow(timelines, "simulator recording timelines (index.html)");
        System.out.printf(
                Locale.ROOT,
                "   %-46s %24.2fx%n",
                "ratio without / with timelines",
                simulator.number("rowsPerSecond") / timelines.number("rowsPerSecond"));

        System.out.println();
        System.out.printf(Locale.ROOT, "3. The simulator's heap (-Xmx1g), %,d against %,d rows%n", rows, bigRows);
        System.out.printf(Locale.ROOT, "   %-46s %10s %22s %12s%n", "", "s", "peak heap after GC, MB", "collections");
        heapRow(heapSmall, String.format(Locale.ROOT, "%,d rows", rows));
        heapRow(heapBig, String.format(Locale.ROOT, "%,d rows", bigRows));
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10s %21.2fx%n",
                "ratio",
                "",
                heapBig.number("peakHeapAfterGcMb") / heapSmall.number("peakHeapAfterGcMb"));

        System.out.println();
        System.out.println("4. simulate against verify on the whole sample cookbook, JVM start included");
        System.out.printf(Locale.ROOT, "   %-46s %10s %10s%n", "", "JVM wall s", "run s");
        wallRow(simulate, "simulate (simulator)");
        wallRow(shared, "verify (shared cluster)");
        ratioRow(shared, simulate, "ratio verify / simulate");
        wallRow(simulateC1, "simulate, " + C1_ONLY);
        wallRow(sharedC1, "verify, " + C1_ONLY);
        ratioRow(sharedC1, simulateC1, "ratio verify / simulate, " + C1_ONLY);
        System.out.println("   outcome simulate: " + simulate.text("outcome"));
    }

    // ---- simulate against verify, cold (issue 28)

    /**
     * {@code simulate} cold against {@code verify} cold, each in a JVM of its own with the sample cookbook's flags
     * ({@code recipes/.mvn/jvm.config}), on the whole cookbook and on the late-data lab alone, {@code rounds} times in
     * turns; then the simulator's warm throughput and its watch (a query of the late-data lab changed at each save).
     * Prints the median of each with the load average, as the machine may be shared. With {@code
     * -Dbench.baseClasses=DIR} (the build before's target/classes) its simulate runs and throughput are measured in the
     * same turns, on the same bench classes.
     */
    private static void simulateAgainstVerify(Path recipes, Path fixtures, Path work, int rounds, long rows)
            throws Exception {
        Files.createDirectories(work);
        Path one = work.resolve("one-recipe");
        copyRecipe(recipes.resolve(LatencyBenchmarks.EDITED), one.resolve(LatencyBenchmarks.EDITED));
        Path data = work.resolve("fixtures");
        Fixtures.events(data, rows);
        List<String> flags = LatencyBenchmarks.mavenJvmFlags(recipes);
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
        String baseClasses = System.getProperty("bench.baseClasses");
        String basePath = baseClasses == null
                ? null
                : String.join(
                        java.io.File.pathSeparator,
                        Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                                .map(entry -> Path.of(entry)
                                                .toAbsolutePath()
                                                .equals(Path.of("target/classes")
                                                        .toAbsolutePath())
                                        ? Path.of(baseClasses).toAbsolutePath().toString()
                                        : entry)
                                .toList());
        Map<String, List<Child>> runs = new LinkedHashMap<>();
        List<Child> baseThroughputs = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            if (basePath != null) {
                for (Path cookbook : List.of(recipes, one)) {
                    String key = "base" + (cookbook == one ? " one" : " all");
                    runs.computeIfAbsent(key, k -> new ArrayList<>())
                            .add(childOn(
                                    basePath,
                                    work,
                                    key.replace(' ', '-') + "-" + round,
                                    flags,
                                    "cookbook",
                                    "simulator",
                                    cookbook,
                                    fixtures,
                                    work));
                }
                baseThroughputs.add(childOn(
                        basePath, work, "throughput-base-" + round, List.of(), "throughput", "simulator", data, rows));
            }
            for (String engine : List.of("simulator", "shared")) {
                for (Path cookbook : List.of(recipes, one)) {
                    String key = engine + (cookbook == one ? " one" : " all");
                    runs.computeIfAbsent(key, k -> new ArrayList<>())
                            .add(child(
                                    work,
                                    key.replace(' ', '-') + "-" + round,
                                    flags,
                                    "cookbook",
                                    engine,
                                    cookbook,
                                    fixtures,
                                    work));
                }
            }
        }
        List<Child> throughputs = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            throughputs.add(
                    child(work, "throughput-simulator-" + round, List.of(), "throughput", "simulator", data, rows));
        }
        Child watch = child(
                work, "watch-simulator-remembered", flags, "watch", "simulator", "remembered", recipes, fixtures, work);
        String loadAfter = Files.readString(Path.of("/proc/loadavg")).trim();

        System.out.println();
        System.out.println("simulate cold against verify cold (" + String.join(" ", flags) + "), median of " + rounds
                + " runs in turns; load average before " + loadBefore + ", after " + loadAfter);
        System.out.printf(Locale.ROOT, "   %-46s %10s %10s %10s  %s%n", "", "JVM wall s", "run s", "CPU s", "outcome");
        for (String cookbook : List.of("all", "one")) {
            Child simulate = median(runs.get("simulator " + cookbook));
            Child verify = median(runs.get("shared " + cookbook));
            String name = cookbook.equals("all") ? "the sample cookbook" : "the late-data lab alone";
            if (basePath != null) {
                Child before = median(runs.get("base " + cookbook));
                coldRow(before, "simulate, the build before, " + name);
            }
            coldRow(simulate, "simulate, " + name);
            coldRow(verify, "verify (shared cluster), " + name);
            System.out.printf(
                    Locale.ROOT,
                    "   %-46s %9.2fx %9.2fx %9.2fx%n",
                    "ratio verify / simulate",
                    verify.wall / simulate.wall,
                    verify.number("seconds") / simulate.number("seconds"),
                    verify.number("cpuSeconds") / simulate.number("cpuSeconds"));
        }
        Child throughput = throughputs.stream()
                .sorted(java.util.Comparator.comparingDouble(child -> child.number("rowsPerSecond")))
                .toList()
                .get(rounds / 2);
        throughputRow(throughput, "simulator warm throughput (median run)");
        if (!baseThroughputs.isEmpty()) {
            throughputRow(
                    baseThroughputs.stream()
                            .sorted(java.util.Comparator.comparingDouble(child -> child.number("rowsPerSecond")))
                            .toList()
                            .get(rounds / 2),
                    "the build before's warm throughput (median run)");
        }
        System.out.println("   watch on the simulator, one query changed per save: " + watch.values());
    }

    private static void coldRow(Child child, String label) {
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10.2f %10.2f %10.2f  %s%n",
                label,
                child.wall,
                child.number("seconds"),
                child.number("cpuSeconds"),
                child.text("outcome"));
    }

    /** The run of median wall time. */
    private static Child median(List<Child> children) {
        return children.stream()
                .sorted(java.util.Comparator.comparingDouble(Child::wall))
                .toList()
                .get(children.size() / 2);
    }

    private static void copyRecipe(Path recipe, Path copy) throws IOException {
        Files.createDirectories(copy.getParent());
        String name = recipe.getFileName().toString().replaceFirst("\\.md$", "");
        for (String suffix : List.of(".md", ".expected")) {
            Path from = recipe.resolveSibling(name + suffix);
            if (Files.exists(from)) {
                Files.copy(from, copy.resolveSibling(name + suffix), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void row(Child child, String label) {
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10.2f %10.2f %6.0f %22.3f%n",
                label,
                child.wall,
                child.number("seconds"),
                child.number("jobs"),
                child.number("perJobAfterFirst"));
    }

    private static void ratioRow(Child slower, Child faster, String label) {
        double perJob = slower.number("perJobAfterFirst") / faster.number("perJobAfterFirst");
        System.out.printf(
                Locale.ROOT,
                "   %-46s %9.1fx %9.1fx %6s %22s%n",
                label,
                slower.wall / faster.wall,
                slower.number("seconds") / faster.number("seconds"),
                "",
                Double.isNaN(perJob) ? "" : String.format(Locale.ROOT, "%.1fx", perJob));
    }

    private static void wallRow(Child child, String label) {
        System.out.printf(Locale.ROOT, "   %-46s %10.2f %10.2f%n", label, child.wall, child.number("seconds"));
    }

    private static void throughputRow(Child child, String label) {
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10.2f %,14.0f %8.0f %10s%n",
                label,
                child.number("seconds"),
                child.number("rowsPerSecond"),
                child.number("windows"),
                child.text("lateRows"));
    }

    private static void heapRow(Child child, String label) {
        System.out.printf(
                Locale.ROOT,
                "   %-46s %10.2f %22.1f %12.0f%n",
                label,
                child.number("seconds"),
                child.number("peakHeapAfterGcMb"),
                child.number("collections"));
    }

    /** One measurement in a new JVM: its wall time, JVM start included, and what it reported. */
    static Child child(Path work, String name, List<String> jvmOptions, Object... arguments)
            throws IOException, InterruptedException {
        return childOn(System.getProperty("java.class.path"), work, name, jvmOptions, arguments);
    }

    /** As {@link #child}, on the class path given (another build's classes in place of this one's). */
    private static Child childOn(String classPath, Path work, String name, List<String> jvmOptions, Object... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(Benchmarks.class.getName());
        for (Object argument : arguments) {
            command.add(argument.toString());
        }
        System.out.println("Running " + name + " ...");
        Path log = work.resolve(name + ".log");
        long start = System.nanoTime();
        Process process =
                new ProcessBuilder(command).redirectError(log.toFile()).start();
        Map<String, String> values = new LinkedHashMap<>();
        try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream()))) {
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                if (line.startsWith("BENCH ")) {
                    String[] pair = line.substring(6).split("=", 2);
                    values.put(pair[0], pair[1]);
                }
            }
        }
        int exit = process.waitFor();
        double wall = seconds(System.nanoTime() - start);
        if (exit != 0) {
            throw new IllegalStateException(name + " failed (exit " + exit + "); see " + log);
        }
        return new Child(wall, values);
    }

    record Child(double wall, Map<String, String> values) {
        double number(String key) {
            String value = values.get(key);
            return value == null || value.equals("null") ? Double.NaN : Double.parseDouble(value);
        }

        String text(String key) {
            return values.getOrDefault(key, "?").replace('_', ' ');
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
