package org.flinkcookbook.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.engine.RecipeRun;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.sql.Clauses;
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

    /**
     * Queries of one session under way at once, at most: the one whose rows are being taken, and
     * the next, planned and submitted meanwhile (planning is a core's work, a job's run mostly
     * another's). Two recipes at once (cookbook.threads) then fill the cluster's four slots.
     */
    private static final int QUERIES_AT_ONCE = 2;

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
     * own, until one stops with a problem; the recipe's own warnings come first. A session only
     * planned (a stand-in read) does not stop the later ones, which are planned all the same: the
     * recipe is planned only, for the first such session's reason.
     */
    public RecipeRun runAll(Recipe recipe, Function<Recipe, SessionBackEnd> backEnds) {
        List<StatementResult> results = new ArrayList<>();
        List<String> warnings = new ArrayList<>(recipe.warnings());
        PlannedOnly plannedOnly = null;
        for (Recipe session : recipe.sessions()) {
            RecipeRun run = run(session, backEnds.apply(session));
            results.addAll(run.results());
            warnings.addAll(run.warnings());
            if (run.problem() != null) {
                return RecipeRun.stopped(results, run.problem(), warnings);
            }
            if (plannedOnly == null) {
                plannedOnly = run.plannedOnly();
            }
        }
        return new RecipeRun(results, null, plannedOnly, warnings);
    }

    /** Runs one session's statements on the back end. */
    public RecipeRun run(Recipe session, SessionBackEnd backEnd) {
        InOrder results = new InOrder();
        ResultCache.Keys keys = cache.keys(backEnd);
        try {
            strayTerminator(session, backEnd);
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
                    int line = inserts.isEmpty()
                            ? statement.line()
                            : inserts.get(0).line();
                    results.add(
                            remembered(keys, inserts, line, backEnd, () -> new Ready(line, insert(inserts, backEnd))));
                    statementSet = null;
                } else if (parsed.statement().kind() == StatementKind.QUERY) {
                    results.add(
                            remembered(keys, List.of(parsed), parsed.line(), backEnd, () -> started(parsed, backEnd)));
                } else if (parsed.statement().kind().producesRows()) {
                    results.add(remembered(
                            keys,
                            List.of(parsed),
                            parsed.line(),
                            backEnd,
                            () -> new Ready(parsed.line(), execute(session, parsed, backEnd, keys))));
                } else {
                    results.add(new Ready(parsed.line(), execute(session, parsed, backEnd, keys)));
                }
            }
            if (statementSet != null) {
                List<Statement> statements = session.statements();
                throw new StatementFailure(
                        statements.get(statements.size() - 1).line(),
                        "BEGIN STATEMENT SET is never closed: add END; after its INSERT statements");
            }
            List<StatementResult> all = results.all();
            return new RecipeRun(all, null, backEnd.finish().orElse(null), backEnd.warnings());
        } catch (StatementFailure failure) {
            StatementFailure first = results.firstFailure(failure);
            return RecipeRun.stopped(results.taken(), first.problem(), backEnd.warnings());
        } finally {
            results.stopRunning();
        }
    }

    /**
     * The results of a statement, perhaps still being produced: a query runs as a job while the
     * statements after it are planned. Taken in statement order.
     */
    private interface Pending {
        /** The Markdown line of the statement (the first INSERT of a statement set). */
        int line();

        /** Its results; waits for a query still running. */
        List<StatementResult> take() throws StatementFailure;

        /** Stops a query still running: the session stopped before its results were needed. */
        default void cancel() {}
    }

    /** Results in already. */
    private record Ready(int line, List<StatementResult> results) implements Pending {
        @Override
        public List<StatementResult> take() {
            return results;
        }
    }

    /**
     * A session's results in statement order, with at most {@link #QUERIES_AT_ONCE} queries still
     * running among them. Each statement runs in order all the same; only a query's rows are
     * taken later, since no later statement can change them.
     */
    private static final class InOrder {
        private final List<StatementResult> taken = new ArrayList<>();
        private final Deque<Pending> pending = new ArrayDeque<>();

        void add(Pending results) throws StatementFailure {
            if (results instanceof Ready ready && ready.results().isEmpty()) {
                return; // a statement that changes the session
            }
            pending.addLast(results);
            while (pending.stream()
                            .filter(running -> !(running instanceof Ready))
                            .count()
                    > QUERIES_AT_ONCE) {
                takeOldest();
            }
        }

        /** Every result, the queries still running waited for. */
        List<StatementResult> all() throws StatementFailure {
            while (!pending.isEmpty()) {
                takeOldest();
            }
            return taken;
        }

        /** The results taken so far: those of the statements before the one that stopped the session. */
        List<StatementResult> taken() {
            return taken;
        }

        /**
         * What stops the session: a query started before the failing statement may fail itself,
         * and so comes first. The queries after the first failure are stopped.
         */
        StatementFailure firstFailure(StatementFailure failure) {
            try {
                all();
                return failure;
            } catch (StatementFailure earlier) {
                return earlier;
            }
        }

        /** Stops what still runs: queries after a failure, or a session given up on. */
        void stopRunning() {
            pending.forEach(Pending::cancel);
            pending.clear();
        }

        private void takeOldest() throws StatementFailure {
            Pending oldest = pending.removeFirst();
            Deadline.statementStarts(oldest.line()); // a query that overran is its own line's
            try {
                taken.addAll(oldest.take());
            } catch (StatementFailure | RuntimeException failure) {
                stopRunning();
                throw failure;
            }
        }
    }

    /** Starts statements that yield rows (one, or a statement set's INSERTs). */
    private interface Start {
        Pending start() throws StatementFailure;
    }

    /**
     * The results of statements that yield rows, from the cache when they ran before on the same
     * session, else started, timed and kept when nothing warned. The key is the session's as the
     * statements start, though a query's rows come in after the statements that follow it.
     */
    private static Pending remembered(
            ResultCache.Keys keys, List<ParsedStatement> statements, int line, SessionBackEnd backEnd, Start start)
            throws StatementFailure {
        long startNanos = System.nanoTime();
        String sql = statements.stream().map(ParsedStatement::sql).collect(Collectors.joining(";\n"));
        ResultCache.Slot slot = keys.slot(sql, line);
        Optional<List<StatementResult>> cached = slot.cached();
        if (cached.isPresent()) {
            slot.close();
            return new Ready(line, timed(cached.get(), startNanos));
        }
        int warningsBefore = backEnd.warnings().size();
        Pending started;
        try {
            started = start.start();
        } catch (StatementFailure | RuntimeException | Error failed) {
            slot.close();
            throw failed;
        }
        boolean startWarned = backEnd.warnings().size() != warningsBefore;
        Pending kept = new Pending() {
            @Override
            public int line() {
                return line;
            }

            @Override
            public List<StatementResult> take() throws StatementFailure {
                try {
                    int warnings = backEnd.warnings().size();
                    List<StatementResult> results = timed(started.take(), startNanos);
                    if (!startWarned && backEnd.warnings().size() == warnings && backEnd.repeatable()) {
                        slot.keep(results);
                    }
                    return results;
                } finally {
                    slot.close();
                }
            }

            @Override
            public void cancel() {
                slot.close();
                started.cancel();
            }
        };
        return started instanceof Ready ? new Ready(line, kept.take()) : kept;
    }

    /** A query, started on the back end; a failure, when it is submitted or when its rows come, is its own. */
    private static Pending started(ParsedStatement parsed, SessionBackEnd backEnd) throws StatementFailure {
        StartedQuery query = failingAt(parsed, backEnd, () -> backEnd.query(parsed));
        return new Pending() {
            @Override
            public int line() {
                return parsed.line();
            }

            @Override
            public List<StatementResult> take() throws StatementFailure {
                return failingAt(parsed, backEnd, query::result).stream().toList();
            }

            @Override
            public void cancel() {
                query.cancel();
            }
        };
    }

    /** Work of the back end on a statement. */
    private interface BackEndWork<T> {
        T call() throws Exception;
    }

    /** The work's value; what it throws, as the statement's failure. */
    private static <T> T failingAt(ParsedStatement parsed, SessionBackEnd backEnd, BackEndWork<T> work)
            throws StatementFailure {
        try {
            return work.call();
        } catch (StatementFailure failure) {
            throw failure;
        } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
            throw new StatementFailure(backEnd.failure(parsed, e));
        }
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
        return failingAt(parsed, backEnd, () -> {
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
                default -> {
                    Optional<BoundFixture> fixture = parsed.tree() instanceof SqlCreateTable created
                            ? BoundFixture.of(session, parser.fixturesDirectory(), created.getName().names)
                            : Optional.empty();
                    backEnd.define(parsed, fixture);
                    keys.changedBy(parsed, fixture);
                    return List.of();
                }
            }
        });
    }

    /** One INSERT or a statement set's INSERTs; a failure the back end cannot place is the first INSERT's. */
    private static List<StatementResult> insert(List<ParsedStatement> inserts, SessionBackEnd backEnd)
            throws StatementFailure {
        if (inserts.isEmpty()) {
            return List.of();
        }
        return failingAt(inserts.get(0), backEnd, () -> backEnd.insert(inserts));
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

    /**
     * A statement a stray {@code ;} cut short, and the statement after it that Flink's parser would
     * reject for starting with a clause: said at that statement, naming the {@code ;}, as the
     * back end says of any statement its parser rejects, before any statement runs.
     */
    private static void strayTerminator(Recipe session, SessionBackEnd backEnd) throws StatementFailure {
        Optional<SqlSyntaxException> cutShort = Clauses.strayTerminator(session.statements());
        if (cutShort.isPresent()) {
            throw new StatementFailure(new Problem(
                    backEnd.rejected(), cutShort.get().line(), cutShort.get().getMessage()));
        }
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
