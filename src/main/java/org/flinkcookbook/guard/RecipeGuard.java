package org.flinkcookbook.guard;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.flink.sql.parser.ddl.SqlAlterFunction;
import org.apache.flink.sql.parser.ddl.SqlCreateFunction;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.sql.parser.ddl.catalog.SqlCreateCatalog;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.dql.SqlLoadModule;
import org.flinkcookbook.io.RealPaths;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.sql.FixturePlaceholder;
import org.flinkcookbook.sql.KnownConnector;
import org.flinkcookbook.sql.Nondeterminism;
import org.flinkcookbook.sql.SqlParsing;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.TableReads;

/**
 * Checks a recipe before any of it runs, because recipes come in pull requests from strangers and
 * run inside the build: no jars or code from outside the build, no catalogs but the in-memory one,
 * no files outside the project and fixtures directories, no network connections, no settings that change where jobs run or
 * what they load, and no source that never ends. Sinks need no check: they are captured, never
 * opened.
 */
public final class RecipeGuard {

    /** Option keys whose values name a server. */
    private static final List<String> NETWORK_OPTION_WORDS =
            List.of("bootstrap.servers", "hosts", "hostname", "url", "uri", "endpoint", "zookeeper");

    /** Connectors whose sources never end unless bounded by an option. */
    private static final Set<String> ENDLESS_CONNECTORS = Set.of("faker", "datagen");

    private static final String SQL_DIALECT = "table.sql-dialect";

    /** The most rows a datagen table may generate: more would run until the timeout, or never end. */
    static final long MAX_GENERATED_ROWS = 1_000_000;

    /** The most rows one result may have: all of them are held in memory. */
    public static final int MAX_ROWS = 1_000_000;

    /** Settings a recipe may change: the SQL planner's and runtime's behaviour, never where or what runs. */
    private static final List<String> ALLOWED_SETTING_PREFIXES = List.of(
            "table.exec.",
            "table.optimizer.",
            "table.local-time-zone",
            "table.sql-dialect",
            "table.display.",
            "table.dml-sync",
            "table.generated-code.",
            "table.dynamic-table-options.",
            "table.builtin-catalog-name",
            "table.builtin-database-name",
            "sql-client.",
            "execution.runtime-mode",
            "pipeline.auto-watermark-interval",
            "pipeline.name",
            "parallelism.default",
            "execution.checkpointing.interval",
            "execution.checkpointing.mode",
            "state.ttl",
            "table.exec.state.ttl");

    private final Path projectDirectory;
    private final Path fixturesDirectory;
    private final Set<String> allowedFunctionClasses;

    /**
     * @param projectDirectory files a recipe reads must resolve inside it or the fixtures directory
     * @param fixturesDirectory fixture paths must resolve inside it
     * @param allowedFunctionClasses classes a recipe may register with CREATE FUNCTION
     */
    public RecipeGuard(Path projectDirectory, Path fixturesDirectory, Set<String> allowedFunctionClasses) {
        this.projectDirectory = RealPaths.of(projectDirectory);
        this.fixturesDirectory = fixturesDirectory.toAbsolutePath().normalize();
        this.allowedFunctionClasses = Set.copyOf(allowedFunctionClasses);
    }

    /** Everything the recipe may not do, each with its Markdown line; empty when it may run. */
    public List<Refusal> check(Recipe recipe) {
        List<Refusal> refusals = new ArrayList<>();
        for (FixtureBinding fixture : recipe.fixtures()) {
            Path csv = RealPaths.of(fixturesDirectory.resolve(fixture.csvPath()));
            if (!csv.startsWith(RealPaths.of(fixturesDirectory))) {
                refusals.add(new Refusal(
                        fixture.line(),
                        "the fixture " + fixture.csvPath()
                                + " lies outside the fixtures directory; keep fixtures under " + fixturesDirectory));
            } else {
                refusedInsideProject(csv.toString())
                        .ifPresent(reason -> refusals.add(new Refusal(
                                fixture.line(),
                                "the fixture " + fixture.csvPath() + " may not be read: " + reason
                                        + "; keep the data in a file of the fixtures directory")));
            }
        }
        String fixturesUri = FixturePlaceholder.uriOf(fixturesDirectory);
        Set<String> createdTables = new HashSet<>();
        Map<String, String> unsafeTables = new HashMap<>();
        Map<String, Set<String>> viewReads = new HashMap<>();
        Nondeterminism randomValues = Nondeterminism.ofRandomValues();
        for (Statement statement : statementsWithMembers(recipe)) {
            SqlNode parsed;
            try {
                parsed = SqlParsing.parse(statement, statement.textWithFixtures(fixturesUri));
            } catch (SqlSyntaxException e) {
                continue; // not the guard's business: the engine reports it with its line
            }
            try {
                if (checkStatement(recipe, statement, parsed, refusals, unsafeTables)) {
                    predictReads(statement, parsed, createdTables, unsafeTables, viewReads, refusals);
                    checkRowsAreRepeatable(statement, parsed, randomValues, refusals);
                }
            } catch (RuntimeException e) { // a statement the guard cannot take apart does not run
                refusals.add(new Refusal(
                        statement.line(),
                        statement.firstWords() + ": the guard cannot check this statement ("
                                + e.getClass().getSimpleName() + "), so it does not run"));
            }
        }
        for (FixtureBinding fixture : recipe.fixtures()) {
            if (!createdTables.contains(fixture.table().toLowerCase(Locale.ROOT))) {
                refusals.add(new Refusal(
                        fixture.line(),
                        "the fixture directive names table " + fixture.table()
                                + ", which the recipe never creates; name a table of a CREATE TABLE statement"));
            }
        }
        return refusals;
    }

    /**
     * Which tables a statement reads, as far as the SQL tells: a recipe that reads a table whose data
     * is not here is only planned. A courtesy to the author; what is read is enforced by
     * {@link GuardedFileSystem}.
     */
    private static void predictReads(
            Statement statement,
            SqlNode parsed,
            Set<String> createdTables,
            Map<String, String> unsafeTables,
            Map<String, Set<String>> viewReads,
            List<Refusal> refusals) {
        if (parsed instanceof SqlCreateTable table) {
            createdTables.add(String.join(".", table.getName().names).toLowerCase(Locale.ROOT));
            createdTables.add(TableReads.nameOf(table.getName()));
        }
        Set<String> reads = expand(TableReads.of(parsed), viewReads);
        if (parsed instanceof SqlCreateView view) {
            viewReads.put(TableReads.nameOf(view.getName()), reads);
            return;
        }
        for (String table : reads) {
            String reason = unsafeTables.get(table);
            if (reason != null) {
                refusals.add(new Refusal(
                        statement.line(),
                        statement.firstWords() + ": reads " + table + ", which " + reason,
                        Refusal.Kind.NEEDS_DATA));
                return;
            }
        }
    }

    /**
     * A statement that keeps or drops rows by a random value gives other rows on every run: no
     * fixture and no expected file can make it pass, so it is only planned.
     */
    private static void checkRowsAreRepeatable(
            Statement statement, SqlNode parsed, Nondeterminism randomValues, List<Refusal> refusals) {
        if (randomValues.filtersByNondeterministicValues(parsed)) {
            refusals.add(new Refusal(
                    statement.line(),
                    statement.firstWords()
                            + ": keeps or drops rows by random values (RAND(), RAND_INTEGER(), UUID()), "
                            + "so its rows differ from run to run",
                    Refusal.Kind.RANDOM_ROWS));
        }
        randomValues.learn(parsed);
    }

    /** Adds what the statement may not do; false when its kind may not run at all. */
    private boolean checkStatement(
            Recipe recipe,
            Statement statement,
            SqlNode parsed,
            List<Refusal> refusals,
            Map<String, String> unsafeTables) {
        String words = statement.firstWords() + ": ";
        Optional<String> refusedKind = StatementAllowList.refusal(parsed);
        if (refusedKind.isPresent()) {
            refusals.add(new Refusal(statement.line(), words + refusedKind.get()));
            return false;
        }
        checkOptions(statement, parsed, refusals);
        if (parsed instanceof SqlSet set) {
            checkSetting(statement, set, refusals);
        } else if (parsed instanceof SqlCreateFunction function) {
            checkFunction(
                    statement,
                    function.getFunctionClassName(),
                    function.getFunctionLanguage(),
                    !function.getResourceInfos().isEmpty(),
                    refusals);
        } else if (parsed instanceof SqlAlterFunction function) {
            checkFunction(statement, function.getFunctionClassName(), function.getFunctionLanguage(), false, refusals);
        } else if (parsed instanceof SqlLoadModule module && !"core".equalsIgnoreCase(module.moduleName())) {
            refusals.add(new Refusal(statement.line(), words + "recipes may not load modules other than core"));
        } else if (parsed instanceof SqlCreateCatalog) {
            String type = options(parsed).getOrDefault("type", "");
            if (!"generic_in_memory".equals(type)) {
                refusals.add(new Refusal(
                        statement.line(),
                        words + "recipes may only create in-memory catalogs ('type' = 'generic_in_memory')"));
            }
        } else if (parsed instanceof SqlCreateTable table) {
            String name = TableReads.nameOf(table.getName());
            boolean bound = recipe.fixtureFor(table.getName().names).isPresent();
            String reason = bound ? null : unsafeSource(options(parsed));
            if (reason == null) {
                unsafeTables.remove(name);
            } else {
                unsafeTables.put(name, reason);
            }
        }
        checkHints(statement, parsed, refusals);
        return true;
    }

    /**
     * Options that no recipe needs and that would load code or make Flink count forever: any option
     * naming a class, and a datagen row count that is not a whole number from 0 to
     * {@link #MAX_GENERATED_ROWS}. Options of tables, ALTER TABLE, catalogs and hints alike.
     */
    private void checkOptions(Statement statement, SqlNode parsed, List<Refusal> refusals) {
        Map<String, String> options = new LinkedHashMap<>(options(parsed));
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlHint hint && hint.getOptionFormat() == SqlHint.HintOptionFormat.KV_LIST) {
                    options.putAll(hint.getOptionKVPairs());
                }
                return super.visit(call);
            }
        });
        for (Map.Entry<String, String> option : options.entrySet()) {
            String key = option.getKey().toLowerCase(Locale.ROOT);
            if (key.contains("class")) {
                refusals.add(new Refusal(
                        statement.line(),
                        statement.firstWords() + ": the option '" + option.getKey()
                                + "' names code to load; recipes may not set it"));
            } else if (key.equals("path")) {
                refusedInsideProject(option.getValue())
                        .ifPresent(reason -> refusals.add(new Refusal(
                                statement.line(),
                                statement.firstWords() + ": 'path' = '" + option.getValue() + "' may not be read: "
                                        + reason + "; keep the data in a file of the fixtures directory")));
            } else if (key.equals("number-of-rows") && !isRowCount(option.getValue())) {
                refusals.add(new Refusal(
                        statement.line(),
                        statement.firstWords() + ": 'number-of-rows' = '" + option.getValue()
                                + "' is not a row count from 0 to " + MAX_GENERATED_ROWS
                                + "; generate fewer rows or bind a fixture"));
            }
        }
    }

    private static boolean isRowCount(String value) {
        try {
            long rows = Long.parseLong(value.trim());
            return rows >= 0 && rows <= MAX_GENERATED_ROWS;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Why reading a table with these options is refused, or null when it may be read. */
    private String unsafeSource(Map<String, String> options) {
        String connector = options.getOrDefault("connector", "").toLowerCase(Locale.ROOT);
        if (KnownConnector.named(connector)
                .filter(KnownConnector::talksToServer)
                .isPresent()) {
            return "would open a network connection (connector '" + connector + "')";
        }
        for (Map.Entry<String, String> option : options.entrySet()) {
            String key = option.getKey().toLowerCase(Locale.ROOT);
            if (NETWORK_OPTION_WORDS.stream().anyMatch(key::endsWith)) {
                return "would open a network connection (option '" + option.getKey() + "')";
            }
        }
        String path = options.get("path");
        if (path != null && !insideProject(path)) {
            return "is read from " + path + ", outside the project and fixtures directories";
        }
        boolean endless = ENDLESS_CONNECTORS.contains(connector) && !options.containsKey("number-of-rows")
                || options.containsKey("source.monitor-interval");
        return endless ? "reads an unbounded source (connector '" + connector + "')" : null;
    }

    private void checkSetting(Statement statement, SqlSet set, List<Refusal> refusals) {
        if (set.getKey() == null) {
            return;
        }
        String key = set.getKeyString();
        if (key.equals(SQL_DIALECT) && !"default".equalsIgnoreCase(set.getValueString())) {
            refusals.add(new Refusal(
                    statement.line(), statement.firstWords() + ": recipes may only use the default SQL dialect"));
        } else if (ALLOWED_SETTING_PREFIXES.stream().noneMatch(key::startsWith)) {
            refusals.add(new Refusal(
                    statement.line(),
                    statement.firstWords() + ": recipes may not set '" + key
                            + "'; they may set table.exec.*, table.optimizer.*, table.local-time-zone, execution.runtime-mode, "
                            + "pipeline.auto-watermark-interval and a few more (see the README)"));
        }
    }

    /** The class a CREATE or ALTER FUNCTION names is the class Flink loads: it must be on the allow-list. */
    private void checkFunction(
            Statement statement,
            SqlCharStringLiteral classLiteral,
            String language,
            boolean usingJar,
            List<Refusal> refusals) {
        String words = statement.firstWords() + ": ";
        String className = classLiteral.getValueAs(String.class);
        if (usingJar) {
            refusals.add(new Refusal(statement.line(), words + "recipes may not load function code with USING JAR"));
        } else if (language != null && !"JAVA".equalsIgnoreCase(language)) {
            refusals.add(new Refusal(
                    statement.line(),
                    words + "functions in " + language
                            + " cannot run in the build; show the recipe with <!-- cookbook:skip -->",
                    Refusal.Kind.NOT_RUNNABLE));
        } else if (!allowedFunctionClasses.contains(className)) {
            refusals.add(new Refusal(
                    statement.line(),
                    words + "the function class " + className
                            + " is not allowed; add it to cookbook.allowedFunctions if the build should trust it"));
        }
    }

    /** Dynamic table options in hints can point a table anywhere: the same rules as for its DDL. */
    private void checkHints(Statement statement, SqlNode parsed, List<Refusal> refusals) {
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlHint hint && "OPTIONS".equalsIgnoreCase(hint.getName())) {
                    Map<String, String> options = hint.getOptionKVPairs();
                    String reason = options.containsKey("connector")
                            ? "changes the connector of a table"
                            : unsafeSource(options);
                    if (reason != null) {
                        refusals.add(new Refusal(
                                statement.line(), statement.firstWords() + ": an OPTIONS hint that " + reason));
                    }
                }
                return super.visit(call);
            }
        });
    }

    /**
     * Why a path inside the project may not be read ({@link FileAccess}: Git's directories, the
     * build's, anything but a regular file), before the engines refuse it as they open it. A path
     * outside is no refusal here: the recipe is only planned, with a stand-in that reads nothing.
     */
    private Optional<String> refusedInsideProject(String path) {
        try {
            FileAccess.readable(path);
            return Optional.empty();
        } catch (java.nio.file.AccessDeniedException e) {
            return insideProject(path) ? Optional.of(e.getReason()) : Optional.empty();
        } catch (IllegalArgumentException notAPath) {
            return Optional.empty(); // the engine reports it at its line
        }
    }

    private boolean insideProject(String path) {
        Path file;
        try {
            URI uri = URI.create(path.replace(" ", "%20"));
            if (uri.getScheme() != null && !"file".equalsIgnoreCase(uri.getScheme())) {
                return false;
            }
            file = uri.getScheme() == null ? Path.of(path) : Path.of(uri);
        } catch (IllegalArgumentException notAUri) {
            file = Path.of(path);
        }
        Path resolved = RealPaths.of(file.isAbsolute() ? file : projectDirectory.resolve(file));
        return resolved.startsWith(projectDirectory) || resolved.startsWith(RealPaths.of(fixturesDirectory));
    }

    private static Map<String, String> options(SqlNode parsed) {
        Map<String, String> options = new LinkedHashMap<>();
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlTableOption option && option.getKey() != null && option.getValue() != null) {
                    options.put(option.getKeyString(), option.getValueString());
                }
                return super.visit(call);
            }
        });
        return options;
    }

    /** A view's reads stand for the tables it reads. */
    private static Set<String> expand(Set<String> reads, Map<String, Set<String>> viewReads) {
        Set<String> expanded = new HashSet<>(reads);
        for (String read : reads) {
            expanded.addAll(viewReads.getOrDefault(read, Set.of()));
        }
        return expanded;
    }

    private static List<Statement> statementsWithMembers(Recipe recipe) {
        List<Statement> statements = new ArrayList<>();
        for (Statement statement : recipe.statements()) {
            statements.add(statement);
            statements.addAll(statement.members());
        }
        return statements;
    }
}
