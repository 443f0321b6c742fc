package org.flinkcookbook.flink;

import java.util.List;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.flinkcookbook.engine.PlannedOnly;
import org.flinkcookbook.recipe.Recipe;
import org.flinkcookbook.report.RecipeStatus;
import org.flinkcookbook.result.StatementResult;
import org.flinkcookbook.session.ParsedStatement;
import org.flinkcookbook.session.StartedQuery;
import org.flinkcookbook.session.StatementFailure;

/**
 * Plans a recipe session without a cluster: Flink explains every query, INSERT and statement set,
 * with tables that cannot run here bound to {@link StandIns stand-ins}. The session completes when
 * every table it reads can run here; otherwise it is {@link PlannedOnly planned only}, and a
 * statement Flink rejects is {@link RecipeStatus#BROKEN}.
 */
class PlanningBackEnd extends FlinkBackEnd {

    private final StandIns standIns = new StandIns();

    PlanningBackEnd(Recipe recipe, FlinkSettings settings) {
        super(recipe, settings);
    }

    @Override
    StreamExecutionEnvironment streamEnvironment(Configuration configuration, ClassLoader classLoader) {
        return new StreamExecutionEnvironment(configuration, classLoader);
    }

    @Override
    void boundToNoFixture(ParsedStatement statement, ObjectIdentifier table) throws StatementFailure {
        CatalogManager catalog = catalogManager();
        try {
            standIns.standInIfNeeded(catalog, table, catalog.getTable(table).orElseThrow(), statement.line());
        } catch (RuntimeException e) {
            throw failed(statement, e);
        }
    }

    @Override
    public StartedQuery query(ParsedStatement statement) {
        environment().explainSql(statement.sql());
        return StartedQuery.finished(Optional.empty());
    }

    @Override
    public Optional<StatementResult> describe(ParsedStatement statement) {
        run(statement);
        return Optional.empty();
    }

    /** The plan of the INSERTs together, as Flink submits a statement set as one job. */
    @Override
    public List<StatementResult> insert(List<ParsedStatement> inserts) throws StatementFailure {
        StatementSet set = environment().createStatementSet();
        for (ParsedStatement insert : inserts) {
            try {
                set.addInsertSql(insert.sql());
            } catch (Exception e) { // Flink's parser also throws its checked SqlValidateException undeclared
                throw failed(insert, e);
            }
        }
        set.explain();
        return List.of();
    }

    /** A query that reads a stand-in makes the session planned only, which a remembered result would not: none is kept then. */
    @Override
    public boolean repeatable() {
        return standIns.none();
    }

    @Override
    public Optional<PlannedOnly> finish() {
        List<StandIns.StandIn> read = standIns.read();
        return read.isEmpty()
                ? Optional.empty()
                : Optional.of(new PlannedOnly(read.get(0).line(), "planned with stand-ins", reason(read)));
    }

    private static String reason(List<StandIns.StandIn> read) {
        StringBuilder message = new StringBuilder("it reads ");
        for (int i = 0; i < read.size(); i++) {
            StandIns.StandIn standIn = read.get(i);
            message.append(i == 0 ? "" : ", ")
                    .append(standIn.table())
                    .append(" (line ")
                    .append(standIn.line())
                    .append(": ")
                    .append(standIn.reason())
                    .append(')');
        }
        return message.toString();
    }

    @Override
    public RecipeStatus rejected() {
        return RecipeStatus.BROKEN;
    }
}
