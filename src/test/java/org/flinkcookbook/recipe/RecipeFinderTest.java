package org.flinkcookbook.recipe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecipeFinderTest {

    private static final String RECIPE = "# Recipe\n\n```sql\nSELECT 1;\n```\n";

    @TempDir
    Path base;

    private Path recipes;
    private RecipeFinder finder;

    @BeforeEach
    void createBook() throws IOException {
        recipes = base.resolve("recipes");
        write("recipes/windows/tumble.md", RECIPE);
        write("recipes/windows/hop.md", RECIPE);
        write("recipes/joins/lookup/enrich.md", RECIPE);
        write("recipes/intro.md", "# Intro\n\n```SQL\nSELECT 1;\n```\n");
        write("recipes/README.md", "# Only prose\n\n```java\nint x;\n```\n    SELECT 'indented, not fenced';\n");
        write("recipes/windows/notes.txt", RECIPE);
        write("recipes/target/generated.md", RECIPE);
        write("recipes/windows/target/copy.md", RECIPE);
        write("recipes/.drafts/draft.md", RECIPE);
        write("recipes/site/node_modules/pkg/readme.md", RECIPE);
        write("outside.md", RECIPE);
        finder = new RecipeFinder(base);
    }

    @Test
    void findsMarkdownFilesWithSqlBlocksRecursivelyInPathOrder() {
        List<Path> found = finder.find(recipes, null);

        assertThat(found)
                .extracting(finder::displayPath)
                .containsExactly(
                        "recipes/intro.md",
                        "recipes/joins/lookup/enrich.md",
                        "recipes/windows/hop.md",
                        "recipes/windows/tumble.md");
    }

    @Test
    void returnsAbsolutePaths() {
        assertThat(finder.find(recipes, ""))
                .allSatisfy(path -> assertThat(path).isAbsolute().startsWith(recipes));
    }

    @Test
    void markdownExtensionsAreRecognisedWhateverTheirCase() throws IOException {
        write("recipes/windows/SESSION.MD", RECIPE);

        assertThat(finder.find(recipes, "windows"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/windows/SESSION.MD", "recipes/windows/hop.md", "recipes/windows/tumble.md");
    }

    @Test
    void buildOutputHiddenAndNodeModulesDirectoriesAreNotSearched() {
        assertThat(finder.find(recipes, " "))
                .extracting(finder::displayPath)
                .noneMatch(path ->
                        path.contains("target/") || path.contains(".drafts/") || path.contains("node_modules/"));
    }

    @Test
    void theRecipesDirectoryMayItselfLieInsideADirectoryThatWouldBeExcluded() throws IOException {
        write(".book/target/recipes/inner.md", RECIPE);

        assertThat(finder.find(base.resolve(".book/target/recipes"), null))
                .extracting(finder::displayPath)
                .containsExactly(".book/target/recipes/inner.md");
    }

    @Test
    void aRecipesDirectoryThatIsASymbolicLinkIsSearchedUnderTheLinksName() throws IOException {
        Path link = Files.createSymbolicLink(base.resolve("book"), recipes.resolve("windows"));

        assertThat(finder.find(link, null))
                .containsExactly(link.resolve("hop.md"), link.resolve("tumble.md"))
                .extracting(finder::displayPath)
                .containsExactly("book/hop.md", "book/tumble.md");
    }

    /**
     * A recipes directory a pull request commits as a link out of the project is not searched: its
     * Markdown would be read and run, and cookbook:expected -Dcookbook.unreferenced=delete would
     * delete the expected files there. One the build configures outside the project is searched.
     */
    @Test
    void aRecipesDirectoryLinkedOutOfTheProjectFindsNothingButOneConfiguredThereDoes(@TempDir Path elsewhere)
            throws IOException {
        Files.writeString(elsewhere.resolve("secret.md"), RECIPE);
        Files.writeString(elsewhere.resolve("orphan.expected"), "== line 4: SELECT 1\n");
        Path project = Files.createDirectories(base.resolve("project"));
        Path link = Files.createSymbolicLink(project.resolve("recipes"), elsewhere);
        RecipeFinder inProject = new RecipeFinder(project);

        assertThat(inProject.find(link, null)).isEmpty();
        assertThat(inProject.unreferencedExpected(link, null)).isEmpty();
        assertThat(inProject.find(elsewhere, null)).containsExactly(elsewhere.resolve("secret.md"));
    }

    @Test
    void aRecipesDirectoryThatDoesNotExistCannotBeSearched() {
        Path missing = base.resolve("no-such-directory");

        assertThatThrownBy(() -> finder.find(missing, null))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessage("cannot search " + missing + " for recipes");
    }

    @Test
    void aFileThatIsNotUtf8IsListedSoThatItIsReported() throws IOException {
        Path latin1 = recipes.resolve("windows/caf\u00e9.md");
        Files.write(latin1, new byte[] {'#', ' ', 'C', 'a', 'f', (byte) 0xE9, '\n'});

        assertThat(finder.find(recipes, "windows")).contains(latin1);
    }

    @Test
    void aFilterSubstringSelectsMatchingDisplayPaths() {
        assertThat(finder.find(recipes, "windows/"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/windows/hop.md", "recipes/windows/tumble.md");
        assertThat(finder.find(recipes, "tumble"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/windows/tumble.md");
    }

    @Test
    void aFilterMayListSeveralPatternsSeparatedByCommas() {
        assertThat(finder.find(recipes, " tumble.md ,lookup, ,nothing-matches"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/joins/lookup/enrich.md", "recipes/windows/tumble.md");
    }

    @Test
    void aGlobFilterMatchesTheWholeDisplayPathOrAnyTrailingPartOfIt() {
        assertThat(finder.find(recipes, "recipes/*.md"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/intro.md");
        assertThat(finder.find(recipes, "h?p.md"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/windows/hop.md");
        assertThat(finder.find(recipes, "joins/**"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/joins/lookup/enrich.md");
        assertThat(finder.find(recipes, "*.md")).hasSize(4);
    }

    @Test
    void aCommaInsideGlobBracesDoesNotSeparatePatterns() {
        assertThat(finder.find(recipes, "{intro,enrich}.md"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/intro.md", "recipes/joins/lookup/enrich.md");
        assertThat(finder.find(recipes, "windows/{hop,x}.md,intro"))
                .extracting(finder::displayPath)
                .containsExactly("recipes/intro.md", "recipes/windows/hop.md");
    }

    @Test
    void aFilterThatMatchesNothingFindsNothing() {
        assertThat(finder.find(recipes, "nothing*")).isEmpty();
        assertThat(finder.find(recipes, "TUMBLE")).isEmpty();
    }

    @Test
    void theFilterDoesNotSelectFilesThatAreNotRecipes() {
        assertThat(finder.find(recipes, "README")).isEmpty();
    }

    @Test
    void aBlankFilterSelectsEverything() {
        assertThat(RecipeFinder.selector(null).test("any/path.md")).isTrue();
        assertThat(RecipeFinder.selector("  ").test("any/path.md")).isTrue();
    }

    @Test
    void displayPathsAreRelativeToTheBaseDirectoryWithSlashes() {
        assertThat(finder.displayPath(recipes.resolve("windows/tumble.md"))).isEqualTo("recipes/windows/tumble.md");
        assertThat(finder.displayPath(recipes.resolve("windows/../intro.md"))).isEqualTo("recipes/intro.md");
        assertThat(new RecipeFinder(base.resolve("recipes/../recipes")).displayPath(recipes.resolve("intro.md")))
                .isEqualTo("intro.md");
    }

    @Test
    void aFileOutsideTheBaseDirectoryIsShownWithItsAbsolutePath() {
        Path elsewhere = base.resolve("outside.md");

        assertThat(new RecipeFinder(recipes).displayPath(elsewhere))
                .isEqualTo(elsewhere.toAbsolutePath().toString());
    }

    private void write(String relative, String text) throws IOException {
        Path file = base.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Test
    void aFilterOfOnlyCommasSelectsEveryRecipeAsABlankOneDoes() {
        assertThat(RecipeFinder.selector(" , ").test("recipes/late.md")).isTrue();
        assertThat(RecipeFinder.selector("").test("recipes/late.md")).isTrue();
    }
}
