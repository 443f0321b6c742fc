package org.flinkcookbook.report;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.flinkcookbook.compare.Mismatch;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.ControlCharacters;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.versions.VersionOutcome;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * JUnit XML in Surefire's format, one file per recipe and one test case per result, so CI servers
 * show each recipe's results the way they show tests. A recipe that could not run is one test case
 * in error; one without expected values, or unsupported by the simulator, is skipped.
 */
public final class JUnitReport {

    private JUnitReport() {}

    /**
     * Writes one file per recipe.
     *
     * @param everyRecipe true when the outcomes are those of every recipe: then the files of recipes
     *     that are gone (deleted or renamed) are deleted, as a clean build would leave none
     */
    public static void write(
            Path directory, String engine, List<RecipeOutcome> outcomes, GoalCommand mvn, boolean everyRecipe)
            throws IOException {
        AtomicFiles.directory(directory);
        Set<Path> written = new HashSet<>();
        for (RecipeOutcome outcome : outcomes) {
            Path file = directory.resolve(PREFIX + fileName(outcome.path(), outcomes) + ".xml");
            write(file, suite(engine, outcome, mvn));
            written.add(file);
        }
        if (!everyRecipe) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path stale : files.filter(file -> file.getFileName().toString().startsWith(PREFIX)
                            && file.getFileName().toString().endsWith(".xml")
                            && !written.contains(file))
                    .toList()) {
                Files.deleteIfExists(stale);
            }
        }
    }

    /** How this plugin's JUnit files start, apart from other tools' in the same directory. */
    private static final String PREFIX = "TEST-cookbook.";

    /**
     * A file name for a recipe path, different for every recipe of the run: the path with other
     * characters than letters, digits and {@code _.-} replaced by {@code _}; when that name is
     * another recipe's too ({@code a/b.md} and {@code a_b.md}), each whose path was changed gets a
     * hash of its path after the {@code .md}, where no recipe's own name can end.
     */
    static String fileName(String recipePath, List<RecipeOutcome> outcomes) {
        String plain = plainName(recipePath);
        boolean shared = outcomes.stream()
                        .filter(other -> plainName(other.path()).equals(plain))
                        .count()
                > 1;
        if (!shared || plain.equals(recipePath)) {
            return plain;
        }
        return plain + "-" + hash(recipePath);
    }

    /**
     * The longest name a recipe's file gets before its hash: with the prefix, the hash, {@code .xml}
     * and the temporary name it is written under first, the file's name stays below the 255 bytes a
     * file system allows, however long the recipe's path (nested directories add up).
     */
    private static final int LONGEST_NAME = 180;

    /** The path with characters a file name may not hold replaced; a path too long, shortened with its hash. */
    private static String plainName(String recipePath) {
        String plain = recipePath.replaceAll("[^A-Za-z0-9_.-]", "_");
        return plain.length() <= LONGEST_NAME ? plain : plain.substring(0, LONGEST_NAME - 9) + "-" + hash(recipePath);
    }

    private static String hash(String recipePath) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(recipePath.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Text as XML 1.0 can hold it: characters it cannot (most control characters, lone surrogates)
     * become U+FFFD, and so do those it can but a CI server's console would act on (DEL, C1's
     * single-character CSI and NEL, the Unicode line separators) and a carriage return.
     */
    static String xmlText(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        text.codePoints()
                .forEach(c -> clean.appendCodePoint(
                        c == 0x9
                                        || c == 0xA
                                        || !ControlCharacters.actedOn(c)
                                                && (c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000)
                                ? c
                                : 0xFFFD));
        return clean.toString();
    }

    private static Document suite(String engine, RecipeOutcome outcome, GoalCommand mvn) throws IOException {
        Document document = newDocument();
        Element suite = document.createElement("testsuite");
        document.appendChild(suite);
        suite.setAttribute("name", xmlText(className(outcome.path())));
        suite.setAttribute("time", seconds(outcome.seconds()));
        Element properties = document.createElement("properties");
        Element engineProperty = document.createElement("property");
        engineProperty.setAttribute("name", "cookbook.engine");
        engineProperty.setAttribute("value", engine);
        properties.appendChild(engineProperty);
        suite.appendChild(properties);

        int failures = 0;
        int errors = 0;
        int skipped = 0;
        Map<String, Integer> seen = new HashMap<>();
        for (StatementResult result : outcome.results()) {
            // named by the statement, not its line, so that a test's history survives edits to the prose above it
            int occurrence = seen.merge(result.key(), 1, Integer::sum);
            String name = occurrence == 1 ? result.key() : result.key() + " #" + occurrence;
            Element testCase = testCase(document, outcome, name, result.seconds());
            List<Mismatch> mismatches = outcome.mismatches().stream()
                    .filter(mismatch -> mismatch.isAbout(result))
                    .toList();
            if (!mismatches.isEmpty()) {
                failures++;
                testCase.appendChild(problem(document, "failure", describe(outcome, mismatches), outcome.remedy(mvn)));
            } else if (outcome.status() == RecipeStatus.NO_EXPECTED) {
                skipped++;
                testCase.appendChild(skip(document, "no expected values: " + outcome.remedy(mvn)));
            }
            suite.appendChild(testCase);
        }
        List<Mismatch> unattached = outcome.mismatches().stream()
                .filter(mismatch -> outcome.results().stream().noneMatch(mismatch::isAbout))
                .toList();
        if (!unattached.isEmpty()) {
            failures++;
            Element testCase = testCase(document, outcome, "expected values", 0);
            testCase.appendChild(problem(document, "failure", describe(outcome, unattached), outcome.remedy(mvn)));
            suite.appendChild(testCase);
        }
        if (outcome.problem() != null) {
            Element testCase = testCase(document, outcome, "recipe", 0);
            String message = outcome.path() + ":" + outcome.problemLine() + ": " + outcome.problem();
            switch (outcome.status()) {
                case ERROR, BROKEN -> {
                    errors++;
                    testCase.appendChild(problem(document, "error", message, outcome.remedy(mvn)));
                }
                case FAILED -> {
                    failures++;
                    testCase.appendChild(problem(document, "failure", message, outcome.remedy(mvn)));
                }
                default -> {
                    skipped++;
                    testCase.appendChild(skip(document, message));
                }
            }
            suite.appendChild(testCase);
        }
        if (outcome.status() == RecipeStatus.SKIPPED) {
            skipped++;
            Element testCase = testCase(document, outcome, "recipe", 0);
            testCase.appendChild(skip(document, "every sql block is marked cookbook:skip"));
            suite.appendChild(testCase);
        }
        for (VersionOutcome version : outcome.flinkVersions()) {
            // one test per listed Flink version (cookbook.flinkVersions): planned there, or why not
            Element testCase = testCase(document, outcome, "on Flink " + version.version(), 0);
            if (version.fails()) {
                failures++;
                testCase.appendChild(
                        problem(document, "failure", version.describe(outcome.path()), outcome.versionRemedy(mvn)));
            } else if (version.verdict() != VersionOutcome.Verdict.PLANS) {
                skipped++;
                testCase.appendChild(skip(document, version.describe(outcome.path())));
            }
            suite.appendChild(testCase);
        }
        suite.setAttribute(
                "tests", String.valueOf(suite.getElementsByTagName("testcase").getLength()));
        suite.setAttribute("failures", String.valueOf(failures));
        suite.setAttribute("errors", String.valueOf(errors));
        suite.setAttribute("skipped", String.valueOf(skipped));
        return document;
    }

    private static String describe(RecipeOutcome outcome, List<Mismatch> mismatches) {
        return String.join(
                "\n",
                mismatches.stream()
                        .map(mismatch -> outcome.path() + ":" + mismatch.line() + ": " + mismatch.describe())
                        .toList());
    }

    private static Element testCase(Document document, RecipeOutcome outcome, String name, double seconds) {
        Element testCase = document.createElement("testcase");
        testCase.setAttribute("classname", xmlText(className(outcome.path())));
        testCase.setAttribute("name", xmlText(name));
        testCase.setAttribute("time", seconds(seconds));
        return testCase;
    }

    /**
     * The recipe's path as Surefire names a test class: {@code recipes/windows/tumble.md} is
     * {@code recipes.windows.tumble}, so report tools that take what follows the last dot as the
     * class show the recipe's name, and its directories as the package.
     */
    static String className(String path) {
        String withoutExtension =
                path.toLowerCase(Locale.ROOT).endsWith(".md") ? path.substring(0, path.length() - 3) : path;
        return withoutExtension.replace('/', '.');
    }

    private static Element problem(Document document, String kind, String message, String remedy) {
        Element problem = document.createElement(kind);
        String firstLine = message.lines().findFirst().orElse(message);
        problem.setAttribute("message", xmlText(firstLine));
        problem.setAttribute("type", "cookbook." + kind);
        problem.setTextContent(xmlText(message + "\n" + remedy));
        return problem;
    }

    private static Element skip(Document document, String message) {
        Element skipped = document.createElement("skipped");
        skipped.setAttribute("message", xmlText(message));
        return skipped;
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }

    private static Document newDocument() throws IOException {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IOException("no XML support in this Java runtime", e);
        }
    }

    private static void write(Path file, Document document) throws IOException {
        try {
            Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            StringWriter xml = new StringWriter();
            transformer.transform(new DOMSource(document), new StreamResult(xml));
            AtomicFiles.write(file, xml.toString());
        } catch (TransformerException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
