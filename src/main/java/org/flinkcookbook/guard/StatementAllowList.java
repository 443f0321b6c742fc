package org.flinkcookbook.guard;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.flink.sql.parser.ddl.SqlAlterDatabase;
import org.apache.flink.sql.parser.ddl.SqlAlterFunction;
import org.apache.flink.sql.parser.ddl.SqlCreateDatabase;
import org.apache.flink.sql.parser.ddl.SqlCreateFunction;
import org.apache.flink.sql.parser.ddl.SqlDropDatabase;
import org.apache.flink.sql.parser.ddl.SqlDropFunction;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.SqlUseDatabase;
import org.apache.flink.sql.parser.ddl.SqlUseModules;
import org.apache.flink.sql.parser.ddl.catalog.SqlCreateCatalog;
import org.apache.flink.sql.parser.ddl.catalog.SqlDropCatalog;
import org.apache.flink.sql.parser.ddl.catalog.SqlUseCatalog;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableAdd;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableDistribution;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableDrop;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableDropDistribution;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableModify;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableOptions;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableRename;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableRenameColumn;
import org.apache.flink.sql.parser.ddl.table.SqlAlterTableReset;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTableLike;
import org.apache.flink.sql.parser.ddl.table.SqlDropTable;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewAs;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewProperties;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewRename;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.ddl.view.SqlDropView;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dml.SqlBeginStatementSet;
import org.apache.flink.sql.parser.dml.SqlEndStatementSet;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;
import org.apache.flink.sql.parser.dql.SqlDescribeCatalog;
import org.apache.flink.sql.parser.dql.SqlDescribeDatabase;
import org.apache.flink.sql.parser.dql.SqlLoadModule;
import org.apache.flink.sql.parser.dql.SqlRichDescribeFunction;
import org.apache.flink.sql.parser.dql.SqlRichDescribeTable;
import org.apache.flink.sql.parser.dql.SqlRichExplain;
import org.apache.flink.sql.parser.dql.SqlShowCatalogs;
import org.apache.flink.sql.parser.dql.SqlShowColumns;
import org.apache.flink.sql.parser.dql.SqlShowCreateCatalog;
import org.apache.flink.sql.parser.dql.SqlShowCreateTable;
import org.apache.flink.sql.parser.dql.SqlShowCreateView;
import org.apache.flink.sql.parser.dql.SqlShowCurrentCatalog;
import org.apache.flink.sql.parser.dql.SqlShowCurrentDatabase;
import org.apache.flink.sql.parser.dql.SqlShowDatabases;
import org.apache.flink.sql.parser.dql.SqlShowFunctions;
import org.apache.flink.sql.parser.dql.SqlShowModules;
import org.apache.flink.sql.parser.dql.SqlShowTables;

/**
 * The kinds of statement a recipe may run, told apart by the class of Flink's own parse tree: the
 * in-memory catalog's tables, views, databases and functions, queries, INSERTs and statement sets,
 * SET and RESET, DESCRIBE, SHOW, EXPLAIN and USE. Anything else, including any statement kind a
 * later Flink adds, is refused: COMPILE and EXECUTE PLAN (they write and read plan files),
 * CREATE TABLE AS and REPLACE TABLE AS (they write through a connector), CALL, ANALYZE, TRUNCATE,
 * jars, models, connections, materialized tables, partitions, jobs.
 */
final class StatementAllowList {

    private static final Set<Class<? extends SqlNode>> ALLOWED = Set.of(
            SqlCreateTable.class,
            SqlCreateTableLike.class,
            SqlDropTable.class,
            SqlAlterTableAdd.class,
            SqlAlterTableModify.class,
            SqlAlterTableDrop.class,
            SqlAlterTableRename.class,
            SqlAlterTableRenameColumn.class,
            SqlAlterTableOptions.class,
            SqlAlterTableReset.class,
            SqlAlterTableDistribution.class,
            SqlAlterTableDropDistribution.class,
            SqlCreateView.class,
            SqlAlterViewAs.class,
            SqlAlterViewRename.class,
            SqlAlterViewProperties.class,
            SqlDropView.class,
            SqlCreateFunction.class,
            SqlAlterFunction.class,
            SqlDropFunction.class,
            SqlCreateDatabase.class,
            SqlAlterDatabase.class,
            SqlDropDatabase.class,
            SqlUseDatabase.class,
            SqlCreateCatalog.class,
            SqlDropCatalog.class,
            SqlUseCatalog.class,
            SqlLoadModule.class,
            SqlUseModules.class,
            RichSqlInsert.class,
            SqlStatementSet.class,
            SqlBeginStatementSet.class,
            SqlEndStatementSet.class,
            SqlSet.class,
            SqlReset.class,
            SqlRichDescribeTable.class,
            SqlRichDescribeFunction.class,
            SqlDescribeCatalog.class,
            SqlDescribeDatabase.class,
            SqlShowTables.class,
            SqlShowColumns.class,
            SqlShowCreateTable.class,
            SqlShowCreateView.class,
            SqlShowCreateCatalog.class,
            SqlShowCurrentCatalog.class,
            SqlShowCurrentDatabase.class,
            SqlShowDatabases.class,
            SqlShowFunctions.class,
            SqlShowCatalogs.class,
            SqlShowModules.class);

    /** Why some refused kinds are refused; the rest get a general sentence. */
    private static final Map<String, String> REASONS = Map.of(
            "SqlCompilePlan", "COMPILE PLAN writes a plan file",
            "SqlCompileAndExecutePlan", "COMPILE AND EXECUTE PLAN writes a plan file",
            "SqlExecutePlan", "EXECUTE PLAN reads a plan file",
            "SqlCreateTableAs",
                    "CREATE TABLE ... AS SELECT writes through the table's connector; create the table, then INSERT INTO it (INSERTs are captured)",
            "SqlReplaceTableAs",
                    "[CREATE OR] REPLACE TABLE ... AS SELECT writes through the table's connector; create the table, then INSERT INTO it (INSERTs are captured)",
            "SqlAddJar", "recipes may not load jars; the plugin runs them with the build's own classpath",
            "SqlRemoveJar", "recipes may not load jars; the plugin runs them with the build's own classpath");

    private StatementAllowList() {}

    /** Why a parsed statement may not run, or empty when its kind is on the list. */
    static Optional<String> refusal(SqlNode parsed) {
        if (parsed instanceof SqlExecute execute) {
            return refusal(execute.getStatement());
        }
        if (parsed instanceof SqlRichExplain explain) {
            return refusal(explain.getStatement());
        }
        if (parsed.getKind().belongsTo(SqlKind.QUERY) || ALLOWED.contains(parsed.getClass())) {
            return Optional.empty();
        }
        String kind = parsed.getClass().getSimpleName();
        return Optional.of(
                REASONS.getOrDefault(
                        kind,
                        "recipes may not run this kind of statement (" + kind.replaceFirst("^Sql(Rich)?", "")
                                + "); they may create, alter and drop tables, views and allowed functions, query, INSERT, SET, RESET, DESCRIBE, SHOW, EXPLAIN and USE"));
    }
}
