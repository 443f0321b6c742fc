package org.flinkcookbook.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.guard.Deadline;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.sql.SqlSyntaxException;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;

/**
 * What a recipe session means, the way Flink's SQL client runs a script, whatever engine runs it:
 * statements in document order, each parsed once with {@code ${fixtures}} expanded, statement sets
 * grouped, SET and RESET passed on, tables bound to their {@code cookbook:fixture} files, and the
 * first failing statement stopping the session with a problem at its Markdown line. The engine
 * only runs statements, through a {@link SessionBackEnd}.
 */
public final class RecipeSession {

    private final StatementParser parser;
    private final ResultCache cache;

    public RecipeSession(StatementParser parser) {
        this(parser, ResultCache.none());
    }

    /** @param cache results of statements run before on this engine, given again while nothing they depend on changed */
    public RecipeSession(StatementParser parser, ResultCache cache) {
        this.parser = parser;
        this.cache = cache;
    }

    /**
     * Runs every session of a recipe in turn (one per Script section), each on a back end of its
     * own, until one stops; the recipe's own warnings come first.
     */
    public RecipeRun runAll(Recipe recipe, Function<Recipe, SessionBackEnd> backEnds) {
        List<StatementResult> results = new ArrayList<>();
        List<String> warnings = new ArrayList<>(recipe.warnings());
        for (Recipe session : recipe.sessions()) {
            RecipeRun run = run(session, backEnds.apply(session));
            results.addAll(run.results());
            warnings.addAll(run.warnings());
            if (!run.completed()) {
                return new RecipeRun(results, run.problem(), run.plannedOnly(), warnings);
            }
        }
        return RecipeRun.completed(results, warnings);
    }

    /** Runs one session's statements on the back end. */
    public RecipeRun run(Recipe session, SessionBackEnd backEnd) {
        List<StatementResult> results = new ArrayList<>();
        ResultCache.Keys keys = cache.keys(backEnd);
        try {
            List<ParsedStatement> statementSet = null; // INSERTs after BEGIN STATEMENT SET, until END
            for (Statement statement : session.statements()) {
                Deadline.statementStarts(statement.line());
                ParsedStatement parsed = parse(statement, backEnd);
                if (statementSet != null && statement.kind() != StatementKind.END_STATEMENT_SET) {
                    statementSet.add(member(parsed, backEnd));
                } else if (statement.kind() == StatementKind.BEGIN_STATEMENT_SET) {
                    statementSet = new ArrayList<>();
                } else if (statement.kind() == StatementKind.END_STATEMENT_SET) {
                    if (statementSet == null) {
                        throw new StatementFailure(statement.line(), "END; without BEGIN STATEMENT SET;");
                    }
                    List<ParsedStatement> inserts = statementSet;
                    results.addAll(remembered(keys, inserts, backEnd, () -> insert(inserts, backEnd)));
                    statementSet = null;
                } else if (parsed.statement().kind().producesRows()) {
                    results.addAll(
                            remembered(keys, List.of(parsed), backEnd, () -> execute(session, parsed, backEnd, keys)));
                } else {
                    results.addAll(execute(session, parsed, backEnd, keys));
                }
            }
            if (statementSet != null) {
                List<Statement> statements = session.statements();
                throw new StatementFailure(
                        statements.get(statements.size() - 1).line(),
                        "BEGIN STATEMENT SET is never closed: add END; after its INSERT statements");
            }
            return new RecipeRun(results, null, backEnd.finish().orElse(null), backEnd.warnings());
        } catch (StatementFailure failure) {
            return RecipeRun.stopped(results, failure.problem(), backEnd.warnings());
        }
    }

    /** Runs a statement that changes nothing in the session. */
    private interface Run {
        List<StatementResult> results() throws StatementFailure;
    }

    /**
     * The results of statements that yield rows (one, or a statement set's INSERTs), from the cache
     * when they ran before on the same session, else run, timed and kept when nothing warned.
     */
    private static List<StatementResult> remembered(
            ResultCache.Keys keys, List<ParsedStatement> statements, SessionBackEnd backEnd, Run run)
            throws StatementFailure {
        long start = System.nanoTime();
        String sql = statements.stream().map(ParsedStatement::sql).collect(Collectors.joining(";\n"));
        int line = statements.isEmpty() ? 0 : statements.get(0).line();
        Optional<List<StatementResult>> cached = keys.cached(sql, line);
        if (cached.isPresent()) {
            return timed(cached.get(), start);
        }
        int warnings = backEnd.warnings().size();
        List<StatementResult> results = timed(run.results(), start);
        if (backEnd.warnings().size() == warnings && backEnd.repeatable()) {
            keys.keep(sql, line, results);
        }
        return results;
    }

    /** Results of one statement with its time, shared among them: one job gives all of a statement set's. */
    private static List<StatementResult> timed(List<StatementResult> produced, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9 / Math.max(1, produced.size());
        return produced.stream().map(result -> result.withSeconds(seconds)).toList();
    }

    /**
     * One statement outside a statement set; its results. One that changes the session (CREATE,
     * SET, ...) becomes part of the later statements' keys.
     */
    private List<StatementResult> execute(
            Recipe session, ParsedStatement parsed, SessionBackEnd backEnd, ResultCache.Keys keys)
            throws StatementFailure {
        try {
            switch (parsed.statement().kind()) {
                case SET -> {
                    SqlSet set = (SqlSet) parsed.tree();
                    if (set.getKey() != null) { // a bare SET lists the options; nothing to record
                        backEnd.set(parsed, set.getKeyString(), set.getValueString());
                    }
                    keys.changedBy(parsed, Optional.empty());
                    return List.of();
                }
                case RESET -> {
                    SqlReset reset = (SqlReset) parsed.tree();
                    backEnd.reset(parsed, reset.getKey() == null ? null : reset.getKeyString());
                    keys.changedBy(parsed, Optional.empty());
                    return List.of();
                }
                case QUERY -> {
                    return backEnd.query(parsed).stream().toList();
                }
                case DESCRIBE, SHOW -> {
                    return backEnd.describe(parsed).stream().toList();
                }
                case INSERT -> {
                    return insert(List.of(member(parsed, backEnd)), backEnd);
                }
                case STATEMENT_SET -> {
                    List<ParsedStatement> members = new ArrayList<>();
                    for (Statement member : parsed.statement().members()) {
                        members.add(member(parse(member, backEnd), backEnd));
                    }
                    return insert(members, backEnd);
                }
                case ADD_JAR, REMOVE_JAR ->
                    throw new StatementFailure(
                            parsed.line(),
                            parsed.firstWords()
                                    + ": recipes may not load jars; the build runs them with its own classpath");
                default -> {
                    Optional<BoundFixture> fixture = parsed.tree() instanceof SqlCreateTable created
                            ? BoundFixture.of(session, parser.fixturesDirectory(), created.getName().names)
                            : Optional.empty();
                    backEnd.define(parsed, fixture);
                    keys.changedBy(parsed, fixture);
                    return List.of();
                }
            }
        } catch (StatementFailure failure) {
            throw failure;
        } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
            throw new StatementFailure(backEnd.failure(parsed, e));
        }
    }

    /** One INSERT or a statement set's INSERTs; a failure the back end cannot place is the first INSERT's. */
    private static List<StatementResult> insert(List<ParsedStatement> inserts, SessionBackEnd backEnd)
            throws StatementFailure {
        if (inserts.isEmpty()) {
            return List.of();
        }
        try {
            return backEnd.insert(inserts);
        } catch (StatementFailure failure) {
            throw failure;
        } catch (Exception e) {
            throw new StatementFailure(backEnd.failure(inserts.get(0), e));
        }
    }

    /** A statement of a statement set: only INSERTs may be. */
    private static ParsedStatement member(ParsedStatement parsed, SessionBackEnd backEnd) throws StatementFailure {
        if (!parsed.isInsert()) {
            throw new StatementFailure(new Problem(
                    backEnd.rejected(),
                    parsed.line(),
                    parsed.firstWords() + ": only INSERT statements can be part of a statement set"));
        }
        return parsed;
    }

    private ParsedStatement parse(Statement statement, SessionBackEnd backEnd) throws StatementFailure {
        try {
            return parser.parse(statement);
        } catch (SqlSyntaxException e) {
            throw new StatementFailure(
                    new Problem(backEnd.rejected(), e.line(), statement.firstWords() + ": " + e.getMessage()));
        }
    }
}
