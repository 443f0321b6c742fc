package org.flinkcookbook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package table of docs/architecture.md against the code: every package of src/main is in the
 * table, every use of another package is one its row allows, every dependency a row names is real,
 * the table has no cycle, and only {@code maven} imports Maven. A plain scan of the sources: a
 * package is the first name below {@code org.flinkcookbook}, a use is any
 * {@code org.flinkcookbook.PACKAGE.Class} in a file's text but its package line.
 */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src/main/java/org/flinkcookbook");
    private static final Path DOC = Path.of("docs/architecture.md");

    private static final Pattern USE = Pattern.compile("org\\.flinkcookbook\\.([a-z]+)(?:\\.([A-Z]\\w*))?");
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z]+)` \\|.*\\|([^|]*)\\|\\s*$");
    private static final Pattern NAME = Pattern.compile("`([a-z]+(?:\\.[A-Z]\\w*)?)`");

    /** A package's use of another package's class, and the file that uses it. */
    record Use(String from, String to, String toClass, String file) {

        String target() {
            return to + "." + toClass;
        }
    }

    @Test
    void thePackageTableOfTheArchitectureDocIsWhatTheCodeDoes() {
        assertThat(violations(table(), uses())).isEmpty();
    }

    @Test
    void onlyTheMojosImportMaven() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            assertThat(files.filter(file -> file.toString().endsWith(".java"))
                            .filter(file -> !packageOf(file).equals("maven"))
                            .filter(file -> read(file).contains("import org.apache.maven."))
                            .map(Path::toString))
                    .isEmpty();
        }
    }

    /**
     * The three arrows of the cycle the package moves broke (run → flink → fixtures → run): the
     * test fails on each of the two the table never allowed, and on the cycle should the table
     * allow them.
     */
    @Test
    void eachArrowOfTheOldCycleFailsTheTest() {
        Map<String, Set<String>> table = table();
        List<Use> uses = uses();
        Use runToFlink = new Use("run", "flink", "FlinkEngine", "run/EngineChoice.java");
        Use flinkToFixtures = new Use("flink", "fixtures", "FixtureCheck", "flink/FixtureTables.java");
        Use fixturesToRun = new Use("fixtures", "run", "Console", "fixtures/FixtureGenerator.java");

        assertThat(table.get("run")).as("run → flink is allowed").contains("flink");
        assertThat(violations(table, with(uses, runToFlink))).isEmpty();
        assertThat(violations(table, with(uses, flinkToFixtures)))
                .containsExactly("flink/FixtureTables.java uses fixtures.FixtureCheck, which the row of flink does"
                        + " not allow");
        assertThat(violations(table, with(uses, fixturesToRun)))
                .containsExactly(
                        "fixtures/FixtureGenerator.java uses run.Console, which the row of fixtures does not allow");

        Map<String, Set<String>> allowing = copy(table);
        allowing.get("flink").add("fixtures");
        allowing.get("fixtures").add("run");
        assertThat(violations(allowing, with(uses, flinkToFixtures, fixturesToRun)))
                .anySatisfy(violation -> assertThat(violation)
                        .startsWith("a cycle: ")
                        .contains("run → ")
                        .contains("flink → ")
                        .contains("fixtures → "));
    }

    @Test
    void aPackageMissingFromTheTableOrADependencyTheCodeLacksFailsTheTest() {
        Map<String, Set<String>> table = copy(table());
        table.remove("csv");
        table.get("io").add("result");

        assertThat(violations(table, uses()))
                .contains(
                        "package csv is not in the table of docs/architecture.md",
                        "the row of io names result, which io does not use");
    }

    /** What contradicts the table, one sentence each; empty when the code is as the table says. */
    static List<String> violations(Map<String, Set<String>> table, List<Use> uses) {
        List<String> violations = new ArrayList<>();
        Set<String> packages = new TreeSet<>();
        uses.forEach(use -> packages.add(use.from()));
        packages.addAll(packagesOfTheSources());
        for (String name : packages) {
            if (!table.containsKey(name)) {
                violations.add("package " + name + " is not in the table of docs/architecture.md");
            }
        }
        for (String name : table.keySet()) {
            if (!packages.contains(name)) {
                violations.add("the table of docs/architecture.md has " + name + ", which src/main lacks");
            }
        }
        Map<String, Set<String>> used = new HashMap<>();
        for (Use use : uses) {
            Set<String> allowed = table.getOrDefault(use.from(), Set.of());
            if (!allowed.contains(use.to()) && !allowed.contains(use.target())) {
                violations.add(
                        use.file() + " uses " + use.target() + ", which the row of " + use.from() + " does not allow");
            }
            used.computeIfAbsent(use.from(), name -> new HashSet<>()).add(use.to());
            used.get(use.from()).add(use.target());
        }
        table.forEach((name, allowed) -> allowed.stream()
                .filter(dependency -> !used.getOrDefault(name, Set.of()).contains(dependency))
                .sorted()
                .forEach(dependency -> violations.add(
                        "the row of " + name + " names " + dependency + ", which " + name + " does not use")));
        cycle(table).ifPresent(cycle -> violations.add("a cycle: " + String.join(" → ", cycle)));
        return violations;
    }

    /** A cycle of the table's packages, first package repeated at its end, when there is one. */
    private static java.util.Optional<List<String>> cycle(Map<String, Set<String>> table) {
        Map<String, Integer> state = new HashMap<>(); // 1 on the path, 2 done
        for (String start : new TreeSet<>(table.keySet())) {
            List<String> path = new ArrayList<>();
            java.util.Optional<List<String>> found = visit(start, table, state, path);
            if (found.isPresent()) {
                return found;
            }
        }
        return java.util.Optional.empty();
    }

    private static java.util.Optional<List<String>> visit(
            String name, Map<String, Set<String>> table, Map<String, Integer> state, List<String> path) {
        Integer seen = state.get(name);
        if (seen != null && seen == 2) {
            return java.util.Optional.empty();
        }
        if (seen != null) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(name), path.size()));
            cycle.add(name);
            return java.util.Optional.of(cycle);
        }
        state.put(name, 1);
        path.add(name);
        for (String dependency : new TreeSet<>(table.getOrDefault(name, Set.of()))) {
            String target = dependency.contains(".") ? dependency.substring(0, dependency.indexOf('.')) : dependency;
            java.util.Optional<List<String>> found = visit(target, table, state, path);
            if (found.isPresent()) {
                return found;
            }
        }
        path.remove(path.size() - 1);
        state.put(name, 2);
        return java.util.Optional.empty();
    }

    /** The table of docs/architecture.md: each package and the names its row allows. */
    static Map<String, Set<String>> table() {
        Map<String, Set<String>> table = new LinkedHashMap<>();
        String doc = read(DOC);
        String section = doc.substring(doc.indexOf("## Packages"));
        for (String line : section.lines().toList()) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                Set<String> allowed = new TreeSet<>();
                Matcher name = NAME.matcher(row.group(2));
                while (name.find()) {
                    allowed.add(name.group(1));
                }
                table.put(row.group(1), allowed);
            }
        }
        assertThat(table).as("the package table of " + DOC).isNotEmpty();
        return table;
    }

    /** Every use in src/main of a class of another of the plugin's packages. */
    static List<Use> uses() {
        List<Use> uses = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(file -> {
                String from = packageOf(file);
                String text = read(file)
                        .lines()
                        .filter(line -> !line.startsWith("package "))
                        .reduce("", (a, b) -> a + "\n" + b);
                Matcher use = USE.matcher(text);
                Set<String> seen = new HashSet<>();
                while (use.find()) {
                    if (!use.group(1).equals(from) && use.group(2) != null && seen.add(use.group())) {
                        uses.add(new Use(
                                from,
                                use.group(1),
                                use.group(2),
                                SOURCES.relativize(file).toString()));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return uses;
    }

    private static Set<String> packagesOfTheSources() {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(ArchitectureTest::packageOf)
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String packageOf(Path file) {
        return SOURCES.relativize(file).getName(0).toString();
    }

    private static List<Use> with(List<Use> uses, Use... more) {
        List<Use> all = new ArrayList<>(uses);
        all.addAll(List.of(more));
        return all;
    }

    private static Map<String, Set<String>> copy(Map<String, Set<String>> table) {
        Map<String, Set<String>> copy = new TreeMap<>();
        table.forEach((name, allowed) -> copy.put(name, new TreeSet<>(allowed)));
        return copy;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
