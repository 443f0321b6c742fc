package org.flinkcookbook.recipe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.flinkcookbook.sql.Statement;
import org.flinkcookbook.sql.StatementKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecipeParserTest {

    @TempDir
    Path directory;

    private final RecipeParser parser = new RecipeParser();

    private Recipe parse(String markdown) throws Exception {
        Path file = directory.resolve("recipe.md");
        Files.writeString(file, markdown);
        return parser.parse(file, "recipes/recipe.md");
    }

    @Test
    void onlyBlocksLabelledSqlAreRead() throws Exception {
        Recipe recipe = parse("""
                # Title

                ```java
                SELECT 'java';
                ```

                ```
                SELECT 'unlabelled';
                ```

                ```sql
                SELECT 'lower';
                ```

                ```SQL
                SELECT 'upper';
                ```

                ```sqlite
                SELECT 'other language';
                ```

                ~~~sql title="tilde fence"
                SELECT 'tilde';
                ~~~
                """);

        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::sql)
                .containsExactly(
                        tuple(12, "SELECT 'lower';\n"), tuple(16, "SELECT 'upper';\n"), tuple(24, "SELECT 'tilde';\n"));
    }

    @Test
    void statementsCarryTheirMarkdownLinesAndColumns() throws Exception {
        Recipe recipe = parse("""
                # Windows

                Create the table:

                ```sql
                CREATE TABLE orders (
                  id BIGINT
                ) WITH ('connector' = 'datagen');
                ```

                Then query it:

                ```sql
                -- all orders
                SELECT id
                FROM orders;  SELECT 2;
                ```
                """);

        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::column, Statement::kind, Statement::text)
                .containsExactly(
                        tuple(
                                6,
                                1,
                                StatementKind.CREATE_TABLE,
                                "CREATE TABLE orders (\n  id BIGINT\n) WITH ('connector' = 'datagen')"),
                        tuple(15, 1, StatementKind.QUERY, "SELECT id\nFROM orders"),
                        tuple(16, 15, StatementKind.QUERY, "SELECT 2"));
        assertThat(recipe.blocks()).extracting(SqlBlock::firstLine).containsExactly(6, 14);
    }

    @Test
    void statementsInABlockIndentedInAListItemHaveMarkdownColumns() throws Exception {
        Recipe recipe = parse("""
                1. Create the table:

                   ```sql
                   CREATE TABLE t (a INT);
                     SELECT a FROM t;
                   ```
                """);

        assertThat(recipe.blocks())
                .singleElement()
                .satisfies(block -> assertThat(block.sql()).isEqualTo("CREATE TABLE t (a INT);\n  SELECT a FROM t;\n"));
        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::column, Statement::text)
                .containsExactly(tuple(4, 4, "CREATE TABLE t (a INT)"), tuple(5, 6, "SELECT a FROM t"));
    }

    @Test
    void laterLinesOfAStatementInAnIndentedBlockKeepTheirMarkdownColumns() throws Exception {
        Recipe recipe = parse("- item\n\n  ```sql\n  SELECT a,\n    b\n  FROM t;\n  ```\n");

        assertThat(recipe.statements()).singleElement().satisfies(statement -> {
            assertThat(statement.text()).isEqualTo("SELECT a,\n    b\n  FROM t");
            assertThat(statement.column()).isEqualTo(3);
            assertThat(statement.firstWords()).isEqualTo("SELECT a, b FROM t");
        });
    }

    @Test
    void statementsInABlockQuoteHaveMarkdownColumns() throws Exception {
        Recipe recipe = parse("""
                > Note:
                >
                > ```sql
                > SELECT 1;
                >   SELECT 2;
                > ```
                """);

        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::column)
                .containsExactly(tuple(4, 3), tuple(5, 5));
    }

    @Test
    void aSyntaxErrorInAnIndentedBlockNamesItsMarkdownLine() {
        assertThatThrownBy(() -> parse("- item\n\n  ```sql\n  SELECT 1;\n  SELECT 'open\n  ```\n"))
                .isInstanceOfSatisfying(
                        RecipeException.class, e -> assertThat(e.line()).isEqualTo(5));
    }

    @Test
    void aWholeRecipeIsReadWithEveryStatementAtItsPlace() throws Exception {
        Recipe recipe = parse("""
                # Fan out orders to two sinks

                <!-- cookbook:fixture orders = orders.csv -->

                ```sql
                CREATE TABLE orders (
                  id BIGINT,
                  amount INT,
                  pt AS PROCTIME()
                ) WITH ('connector' = 'kafka');   -- replaced by the fixture
                CREATE TABLE big (id BIGINT) WITH ('connector' = 'blackhole');
                CREATE TABLE small (id BIGINT) WITH ('connector' = 'blackhole');
                ```

                In production you would also set:

                <!-- cookbook:skip -->
                ```sql
                SET 'parallelism.default' = '8';
                ```

                ```sql
                EXECUTE STATEMENT SET
                BEGIN
                  INSERT INTO big SELECT id FROM orders WHERE amount > 100;
                  INSERT INTO small SELECT id FROM orders WHERE amount <= 100;
                END;
                ```
                """);

        assertThat(recipe.fixtures()).containsExactly(new FixtureBinding("orders", "orders.csv", 3));
        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::skipped)
                .containsExactly(tuple(6, false), tuple(19, true), tuple(23, false));
        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::kind, Statement::firstWords)
                .containsExactly(
                        tuple(6, StatementKind.CREATE_TABLE, "CREATE TABLE orders ( id BIGINT, amount INT, pt AS ..."),
                        tuple(11, StatementKind.CREATE_TABLE, "CREATE TABLE big (id BIGINT) WITH ('connector' = ..."),
                        tuple(12, StatementKind.CREATE_TABLE, "CREATE TABLE small (id BIGINT) WITH ('connector' = ..."),
                        tuple(
                                23,
                                StatementKind.STATEMENT_SET,
                                "EXECUTE STATEMENT SET BEGIN INSERT INTO big SELECT id FROM ..."));
        assertThat(recipe.statements().get(3).members())
                .extracting(Statement::line, Statement::column, Statement::kind)
                .containsExactly(tuple(25, 3, StatementKind.INSERT), tuple(26, 3, StatementKind.INSERT));
    }

    @Test
    void theRecipeKnowsItsFileAndDisplayPath() throws Exception {
        Recipe recipe = parse("```sql\nSELECT 1;\n```\n");

        assertThat(recipe.file()).isEqualTo(directory.resolve("recipe.md"));
        assertThat(recipe.displayPath()).isEqualTo("recipes/recipe.md");
        assertThat(recipe.at(12)).isEqualTo("recipes/recipe.md:12");
    }

    @Test
    void aSkipCommentOnTheLineBeforeABlockSkipsIt() throws Exception {
        Recipe recipe = parse("""
                <!-- cookbook:skip -->
                ```sql
                SELECT 'skipped';
                ```

                ```sql
                SELECT 'runs';
                ```
                """);

        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::skipped, SqlBlock::runs)
                .containsExactly(tuple(3, true, false), tuple(7, false, true));
        assertThat(recipe.statements()).extracting(Statement::text).containsExactly("SELECT 'runs'");
    }

    @Test
    void aSkipCommentSeparatedFromTheBlockByBlankLinesStillSkipsIt() throws Exception {
        Recipe recipe = parse("""
                Text.

                <!--   cookbook:skip   -->


                ```sql
                SELECT 'skipped';
                ```
                """);

        assertThat(recipe.blocks())
                .singleElement()
                .satisfies(block -> assertThat(block.skipped()).isTrue());
        assertThat(recipe.statements()).isEmpty();
    }

    @Test
    void aSkipCommentIsFoundAfterTextWithUnicodeLineSeparatorsAndWindowsLineEndings() throws Exception {
        Recipe recipe = parse("Intro\u2028text\fmore\r\n\r\n<!-- cookbook:skip -->\r\n```sql\r\nSELECT 1;\r\n```\r\n"
                + "\r\nText\u0085here.\r\n```sql\r\nSELECT 2;\r\n```\r\n");

        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::skipped)
                .containsExactly(tuple(5, true), tuple(10, false));
        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::text)
                .containsExactly(tuple(10, "SELECT 2"));
    }

    @Test
    void aSkipCommentFurtherUpWithTextBetweenDoesNotSkipTheBlock() throws Exception {
        Recipe recipe = parse("""
                <!-- cookbook:skip -->

                Some explanation.

                ```sql
                SELECT 'runs';
                ```
                """);

        assertThat(recipe.blocks())
                .singleElement()
                .satisfies(block -> assertThat(block.skipped()).isFalse());
        assertThat(recipe.statements()).extracting(Statement::text).containsExactly("SELECT 'runs'");
    }

    @Test
    void aSkipCommentSkipsOnlyTheNextBlock() throws Exception {
        Recipe recipe = parse("""
                <!-- cookbook:skip -->
                ```sql
                SELECT 1;
                ```
                ```sql
                SELECT 2;
                ```
                """);

        assertThat(recipe.blocks()).extracting(SqlBlock::skipped).containsExactly(true, false);
        assertThat(recipe.statements())
                .extracting(Statement::text, Statement::line)
                .containsExactly(tuple("SELECT 2", 6));
    }

    @Test
    void statementsOfSkippedBlocksAreStillSplitButDoNotRun() throws Exception {
        Recipe recipe = parse("""
                ```sql
                SELECT 1;
                ```
                <!-- cookbook:skip -->
                ```sql
                SELECT 2; SELECT 3;
                ```
                ```sql
                SELECT 4;
                ```
                """);

        assertThat(recipe.blocks().get(1).statements())
                .extracting(Statement::text)
                .containsExactly("SELECT 2", "SELECT 3");
        assertThat(recipe.statements()).extracting(Statement::text).containsExactly("SELECT 1", "SELECT 4");
    }

    @Test
    void aFixtureCommentOnItsOwnLineBindsATable() throws Exception {
        Recipe recipe = parse("""
                # Title

                <!-- cookbook:fixture orders = orders/orders.csv -->

                ```sql
                SELECT 1;
                ```
                """);

        assertThat(recipe.fixtures()).containsExactly(new FixtureBinding("orders", "orders/orders.csv", 3));
    }

    @Test
    void fixtureCommentsAreFoundAnywhereInTheFileWithTheirLines() throws Exception {
        Recipe recipe = parse("""
                ```sql
                SELECT 1;
                ```

                <!--cookbook:fixture  first=a.csv-->

                Closing words.

                <!-- cookbook:fixture last = z.csv -->
                """);

        assertThat(recipe.fixtures())
                .containsExactly(new FixtureBinding("first", "a.csv", 5), new FixtureBinding("last", "z.csv", 9));
    }

    @Test
    void severalFixtureCommentsInOneHtmlBlockHaveTheirOwnLines() throws Exception {
        Recipe recipe = parse("""
                Intro.

                <!-- cookbook:fixture a = a.csv --> <!-- cookbook:fixture b = b.csv -->
                <!-- cookbook:fixture c = c.csv -->
                <div>
                <!-- cookbook:fixture d = d.csv -->
                <!-- cookbook:fixture e = e.csv -->
                </div>
                """);

        assertThat(recipe.fixtures())
                .extracting(FixtureBinding::table, FixtureBinding::line)
                .containsExactly(tuple("a", 3), tuple("b", 3), tuple("c", 4), tuple("d", 6), tuple("e", 7));
    }

    @Test
    void severalFixtureDirectivesInOneCommentEachBindATableWithTheirOwnLines() throws Exception {
        Recipe recipe = parse("""
                # Title

                <!--
                  cookbook:fixture orders = orders.csv
                  cookbook:fixture customers=customers.csv
                -->
                <!-- cookbook:fixture rates = rates.csv-->
                """);

        assertThat(recipe.fixtures())
                .containsExactly(
                        new FixtureBinding("orders", "orders.csv", 4),
                        new FixtureBinding("customers", "customers.csv", 5),
                        new FixtureBinding("rates", "rates.csv", 7));
    }

    @Test
    void aFixtureDirectiveOutsideAnHtmlCommentIsPlainText() throws Exception {
        Recipe recipe = parse("""
                Write cookbook:fixture orders = orders.csv in a comment.

                <div>cookbook:fixture customers = c.csv</div>
                """);

        assertThat(recipe.fixtures()).isEmpty();
    }

    @Test
    void aFixtureCommentInlineInAParagraphIsFound() throws Exception {
        Recipe recipe = parse("""
                The orders come from a file <!-- cookbook:fixture orders = orders.csv --> in tests.
                """);

        assertThat(recipe.fixtures()).containsExactly(new FixtureBinding("orders", "orders.csv", 1));
    }

    @Test
    void aFixtureCommentInlineOnALaterLineOfAParagraphHasThatLine() throws Exception {
        Recipe recipe = parse("""
                # Title

                The orders come from Kafka;
                in tests they come from a file <!-- cookbook:fixture orders = orders.csv -->
                and the customers *from another <!-- cookbook:fixture customers = c.csv -->*.
                """);

        assertThat(recipe.fixtures())
                .containsExactly(
                        new FixtureBinding("orders", "orders.csv", 4), new FixtureBinding("customers", "c.csv", 5));
    }

    @Test
    void aFixtureInsideACodeBlockIsDocumentationNotABinding() throws Exception {
        Recipe recipe = parse("""
                ```markdown
                <!-- cookbook:fixture orders = orders.csv -->
                ```
                """);

        assertThat(recipe.fixtures()).isEmpty();
    }

    @Test
    void fixturesAreLookedUpByTableNameWhateverItsCase() throws Exception {
        Recipe recipe = parse("<!-- cookbook:fixture Orders = orders.csv -->\n");

        assertThat(recipe.fixtureFor("ORDERS")).contains(new FixtureBinding("Orders", "orders.csv", 1));
        assertThat(recipe.fixtureFor("customers")).isEmpty();
    }

    @Test
    void anUnclosedSqlFenceIsAnErrorNamingTheFenceLine() {
        assertThatThrownBy(() -> parse("""
                # Title

                ```sql
                SELECT 1;
                ```

                Text.

                ```sql
                SELECT 2;
                """)).isInstanceOfSatisfying(RecipeException.class, e -> {
            assertThat(e.line()).isEqualTo(9);
            assertThat(e.problem())
                    .isEqualTo("the ```sql code block opened here is never closed; add a closing ``` line");
            assertThat(e.getMessage())
                    .isEqualTo(
                            "recipes/recipe.md:9: the ```sql code block opened here is never closed; add a closing ``` line");
        });
    }

    @Test
    void theAdviceForAnUnclosedFenceNamesTheFenceThatClosesIt() {
        assertThatThrownBy(() -> parse("~~~sql\nSELECT 1;\n```\n"))
                .isInstanceOfSatisfying(
                        RecipeException.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo(
                                        "recipes/recipe.md:1: the ~~~sql code block opened here is never closed; add a closing ~~~ line"));
        assertThatThrownBy(() -> parse("Text.\n\n````sql\nSELECT 1;\n```\n"))
                .isInstanceOfSatisfying(
                        RecipeException.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo(
                                        "recipes/recipe.md:3: the ````sql code block opened here is never closed; add a closing ```` line"));
    }

    @Test
    void anUnclosedFenceOfAnotherLanguageIsNotAnError() throws Exception {
        Recipe recipe = parse("```sql\nSELECT 1;\n```\n\n```java\nint x;\n");

        assertThat(recipe.statements()).extracting(Statement::text).containsExactly("SELECT 1");
    }

    @Test
    void sqlThatCannotBeSplitIsAnErrorNamingItsMarkdownLine() {
        assertThatThrownBy(() -> parse("""
                # Title

                ```sql
                SELECT 1;
                SELECT 'never closed
                FROM t;
                ```
                """)).isInstanceOfSatisfying(RecipeException.class, e -> {
            assertThat(e.line()).isEqualTo(5);
            assertThat(e.getMessage()).startsWith("recipes/recipe.md:5: ").contains("never closed");
        });
    }

    @Test
    void aFileThatIsNotUtf8IsAnErrorNamingTheLineWithTheBadByte() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("# Caf\u00e9 recipe\n\n```sql\n".getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes("SELECT 'na\u00efve';\n".getBytes(StandardCharsets.ISO_8859_1));
        bytes.writeBytes("```\n".getBytes(StandardCharsets.UTF_8));
        Path file = directory.resolve("latin1.md");
        Files.write(file, bytes.toByteArray());

        assertThatThrownBy(() -> parser.parse(file, "latin1.md")).isInstanceOfSatisfying(RecipeException.class, e -> {
            assertThat(e.line()).isEqualTo(4);
            assertThat(e.problem()).isEqualTo("is not UTF-8 text; save the file as UTF-8");
            assertThat(e.getMessage()).isEqualTo("latin1.md:4: is not UTF-8 text; save the file as UTF-8");
        });
    }

    @Test
    void aByteOrderMarkDoesNotHideAFenceOnTheFirstLine() throws Exception {
        Path file = directory.resolve("bom.md");
        Files.write(file, "\uFEFF```sql\nSELECT 1;\n```\n".getBytes(StandardCharsets.UTF_8));

        Recipe recipe = parser.parse(file, "bom.md");

        assertThat(recipe.statements())
                .extracting(Statement::line, Statement::column, Statement::text)
                .containsExactly(tuple(2, 1, "SELECT 1"));
    }

    @Test
    void aFileThatCannotBeReadIsAnErrorOnLineOne() {
        Path missing = directory.resolve("missing.md");

        assertThatThrownBy(() -> parser.parse(missing, "missing.md"))
                .isInstanceOfSatisfying(RecipeException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.getMessage()).startsWith("missing.md:1: cannot be read");
                });
    }

    @Test
    void aMarkdownFileIsARecipeOnlyWithAnSqlBlock() {
        assertThat(parser.isRecipe("# Title\n\n```sql\nSELECT 1;\n```\n")).isTrue();
        assertThat(parser.isRecipe("```SQL\n```\n")).isTrue();
        assertThat(parser.isRecipe("# Title\n\n```java\nint x;\n```\n")).isFalse();
        assertThat(parser.isRecipe("Inline `sql` code and\n\n    SELECT 1; -- an indented block\n"))
                .isFalse();
        assertThat(parser.isRecipe("")).isFalse();
    }

    @Test
    void theExpectedFileHasTheRecipesBaseNameAndLivesBesideIt() {
        assertThat(recipeAt(Path.of("/book/windows/tumble.md")).expectedFile())
                .isEqualTo(Path.of("/book/windows/tumble.expected"));
        assertThat(recipeAt(Path.of("/book/v1.2.recipe.md")).expectedFile())
                .isEqualTo(Path.of("/book/v1.2.recipe.expected"));
        assertThat(recipeAt(Path.of("/book/README")).expectedFile()).isEqualTo(Path.of("/book/README.expected"));
    }

    @Test
    void aRecipeKeepsImmutableCopiesOfItsBlocksAndFixtures() {
        List<SqlBlock> blocks = new java.util.ArrayList<>();
        Recipe recipe = new Recipe(Path.of("/r.md"), "r.md", blocks, new java.util.ArrayList<>());
        blocks.add(new SqlBlock(1, "", false, List.of()));

        assertThat(recipe.blocks()).isEmpty();
        assertThatThrownBy(() -> recipe.fixtures().add(new FixtureBinding("t", "t.csv", 1)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void whenARecipeHasScriptHeadingsOnlyTheBlocksInTheirSectionsRun() throws Exception {
        Recipe recipe = parse("""
                # Patterns

                ```sql
                PARTITION BY user_id
                ```

                ## Script

                ```sql
                CREATE TABLE t (a INT) WITH ('connector' = 'datagen');
                ```

                ### Details

                ```sql
                SELECT a FROM t;
                ```

                ## Example Output

                ```sql
                SELECT 'shown only';
                ```
                """);

        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::runs, SqlBlock::excerpt)
                .containsExactly(
                        tuple(4, false, "outside the recipe's Script sections"),
                        tuple(10, true, null),
                        tuple(16, true, null),
                        tuple(22, false, "outside the recipe's Script sections"));
        assertThat(recipe.warnings()).isEmpty();
    }

    @Test
    void eachScriptSectionIsASessionThatStartsWithTheDefinitionsItDoesNotRedefine() throws Exception {
        Recipe recipe = parse("""
                ## Script

                ```sql
                CREATE TABLE rates (c STRING) WITH ('connector' = 'kafka');
                CREATE TABLE logs (c STRING) WITH ('connector' = 'faker');
                SELECT c FROM rates;
                ```

                ### Script

                ```sql
                CREATE TABLE logs (c STRING, d INT) WITH ('connector' = 'faker');
                INSERT INTO rates SELECT c FROM logs;
                ```
                """);

        List<Recipe> sessions = recipe.sessions();

        assertThat(sessions).hasSize(2);
        assertThat(sessions.get(0).statements()).extracting(Statement::line).containsExactly(4, 5, 6);
        // the second session replays CREATE TABLE rates, not the query, and creates logs itself
        assertThat(sessions.get(1).statements()).extracting(Statement::line).containsExactly(4, 12, 13);
    }

    @Test
    void withoutAScriptHeadingAQueryShownBeforeItsTableAndAClauseAreExcerptsWithAWarning() throws Exception {
        Recipe recipe = parse("""
                # Top-N

                ```sql
                SELECT wizard FROM spells;
                ```

                ```sql
                ORDER BY times_cast DESC
                ```

                ```sql
                CREATE TABLE spells (wizard STRING) WITH ('connector' = 'faker');
                SELECT wizard FROM spells;
                ```

                ```sql
                SELECT * FROM your_topic /*+ OPTIONS('scan.startup.mode' = 'group-offsets') */;
                ```
                """);

        assertThat(recipe.blocks())
                .extracting(SqlBlock::firstLine, SqlBlock::excerpt)
                .containsExactly(
                        tuple(4, "it reads spells before line 12 creates it"),
                        tuple(8, "it starts with ORDER, a clause, not a statement"),
                        tuple(12, null),
                        tuple(17, "it reads your_topic, which the recipe never creates"));
        assertThat(recipe.statements()).extracting(Statement::line).containsExactly(12, 13);
        assertThat(recipe.warnings())
                .hasSize(3)
                .first()
                .asString()
                .startsWith(
                        "recipes/recipe.md:4: this block is shown, not run: it reads spells before line 12 creates it; ")
                .endsWith("or mark the block <!-- cookbook:skip -->");
    }

    @Test
    void aRecipeThatCreatesNothingHasNoExcerpts() throws Exception {
        Recipe recipe = parse("```sql\nSELECT a FROM somewhere_else;\n```\n");

        assertThat(recipe.statements()).hasSize(1);
        assertThat(recipe.warnings()).isEmpty();
    }

    private static Recipe recipeAt(Path file) {
        return new Recipe(file, file.toString(), List.of(), List.of());
    }

    @Test
    void flinkMarkersOnTheRecipeAndOnABlockAreReadWithTheirLines() throws Exception {
        Recipe recipe = parse("""
                # Labels
                <!-- cookbook:flink >= 2.0 -->

                ```sql
                CREATE TABLE t (s STRING) WITH ('connector' = 'datagen');
                ```

                <!--cookbook:flink>=2.1.1-->
                ```sql
                SELECT PARSE_JSON(s) FROM t;
                ```

                <!-- cookbook:fixture t = t.csv -->
                """);

        assertThat(recipe.flinkNeeds()).containsExactly(new FlinkNeed("2.0", 2), new FlinkNeed("2.1.1", 8));
        assertThat(recipe.sessions().get(0).flinkNeeds()).isEqualTo(recipe.flinkNeeds());
        assertThat(FixtureConvention.bind(recipe, directory, directory).flinkNeeds())
                .isEqualTo(recipe.flinkNeeds());
        assertThat(recipe.fixtures()).hasSize(1);
    }

    @Test
    void aFlinkMarkerWithoutAVersionIsAnErrorAtItsLine() {
        assertThatThrownBy(() -> parse("""
                        # Labels

                        <!-- cookbook:flink 2.0 -->
                        ```sql
                        SELECT 1;
                        ```
                        """)).isInstanceOfSatisfying(RecipeException.class, e -> {
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.getMessage()).contains("write it as <!-- cookbook:flink >= 2.0 -->");
        });
    }
}
