package org.flinkcookbook.flink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.session.BoundFixture;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.SessionBackEnd;
import org.flinkcookbook.session.StatementFailure;
import org.flinkcookbook.sql.Nondeterminism;

/**
 * The Flink environment of one recipe session, shared by the planning and the job back end: the
 * session's options (parallelism 1, UTC, streaming unless SET), a runtime-mode change or RESET
 * building a new table environment with the session's definitions replayed into it as the SQL
 * client does, and the tables bound to their fixtures.
 */
abstract class FlinkBackEnd implements SessionBackEnd {

    private static final String RUNTIME_MODE = ExecutionOptions.RUNTIME_MODE.key();
    static final String AGG_PHASE_STRATEGY = "table.optimizer.agg-phase-strategy";

    /** A statement that changed the catalog, with the fixture its table is bound to, replayed into a new environment. */
    private record Definition(ParsedStatement statement, Optional<BoundFixture> fixture) {}

    private final Recipe recipe;
    private final Map<String, String> sessionOptions = new LinkedHashMap<>();
    private final List<Definition> definitions = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final FixtureTables fixtureTables;
    final Nondeterminism nondeterminism = new Nondeterminism();
    private StreamTableEnvironment tableEnvironment;

    FlinkBackEnd(Recipe recipe, FlinkSettings settings) {
        this.recipe = recipe;
        this.fixtureTables = new FixtureTables(settings.fixturesDirectory(), this::catalogManager);
    }

    /** The stream environment jobs of this back end would run on. */
    abstract StreamExecutionEnvironment streamEnvironment(Configuration configuration, ClassLoader classLoader);

    /** A table the recipe binds no fixture to, just created in the catalog. */
    void boundToNoFixture(ParsedStatement statement, ObjectIdentifier table) throws StatementFailure {}

    @Override
    public void define(ParsedStatement statement, Optional<BoundFixture> fixture) throws Exception {
        run(statement);
        definitions.add(new Definition(statement, fixture));
        nondeterminism.learn(statement.tree());
        if (statement.tree() instanceof SqlCreateTable created) {
            bindTable(statement, created, fixture);
            fixtureTables.checkCsvTable(statement.statement(), created);
        }
    }

    private void bindTable(ParsedStatement statement, SqlCreateTable created, Optional<BoundFixture> fixture)
            throws StatementFailure {
        CatalogManager catalog = catalogManager();
        ObjectIdentifier id = catalog.qualifyIdentifier(UnresolvedIdentifier.of(created.getName().names));
        if (fixture.isPresent()) {
            fixtureTables.bind(fixture.get(), id);
        } else {
            boundToNoFixture(statement, id);
        }
    }

    @Override
    public void set(ParsedStatement statement, String key, String value) throws StatementFailure {
        if (key.equals(AGG_PHASE_STRATEGY)) {
            warnings.add(recipe.at(statement.line()) + ": '" + AGG_PHASE_STRATEGY
                    + "' is kept at ONE_PHASE so that late rows are counted as rows");
            return;
        }
        sessionOptions.put(key, value);
        if (key.equals(RUNTIME_MODE)) {
            rebuildEnvironment(statement);
        } else {
            environment().getConfig().getConfiguration().setString(key, value);
        }
    }

    @Override
    public void reset(ParsedStatement statement, String key) throws StatementFailure {
        if (key == null) {
            sessionOptions.clear();
        } else {
            sessionOptions.remove(key);
        }
        rebuildEnvironment(statement);
    }

    /** A new environment with the session's options, and every definition so far replayed into it. */
    private void rebuildEnvironment(ParsedStatement cause) throws StatementFailure {
        try {
            tableEnvironment = newEnvironment();
        } catch (RuntimeException e) {
            throw new StatementFailure(cause.line(), FlinkErrors.message(e));
        }
        for (Definition definition : definitions) {
            try {
                tableEnvironment.executeSql(definition.statement().sql());
            } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
                throw new StatementFailure(failure(definition.statement(), e));
            }
            if (definition.statement().tree() instanceof SqlCreateTable created) {
                bindTable(definition.statement(), created, definition.fixture());
            }
        }
    }

    private StreamTableEnvironment newEnvironment() {
        Configuration configuration = new Configuration();
        configuration.set(CoreOptions.DEFAULT_PARALLELISM, 1);
        configuration.setString("table.local-time-zone", "UTC");
        sessionOptions.forEach(configuration::setString);
        configuration.setString(AGG_PHASE_STRATEGY, "ONE_PHASE");
        boolean batch = "batch".equalsIgnoreCase(sessionOptions.getOrDefault(RUNTIME_MODE, "streaming"));
        configuration.set(
                ExecutionOptions.RUNTIME_MODE, batch ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        ClassLoader classLoader = FlinkBackEnd.class.getClassLoader();
        EnvironmentSettings environmentSettings = EnvironmentSettings.newInstance()
                .withConfiguration(configuration)
                .withClassLoader(classLoader)
                .build();
        return StreamTableEnvironment.create(streamEnvironment(configuration, classLoader), environmentSettings);
    }

    /** The session's table environment, built at its first statement. */
    StreamTableEnvironment environment() {
        if (tableEnvironment == null) {
            tableEnvironment = newEnvironment();
        }
        return tableEnvironment;
    }

    CatalogManager catalogManager() {
        return ((TableEnvironmentInternal) environment()).getCatalogManager();
    }

    TableResult run(ParsedStatement statement) {
        return environment().executeSql(statement.sql());
    }

    /** Flink's error about a statement, at the recipe line it points at, with positions as Markdown positions. */
    @Override
    public Problem failure(ParsedStatement statement, Exception error) {
        return new Problem(
                rejected(),
                FlinkErrors.line(statement.statement(), error),
                statement.firstWords() + ": " + FlinkErrors.message(statement.statement(), statement.sql(), error));
    }

    /** {@link #failure}, to throw. */
    StatementFailure failed(ParsedStatement statement, Exception error) {
        return error instanceof StatementFailure failure ? failure : new StatementFailure(failure(statement, error));
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }
}
