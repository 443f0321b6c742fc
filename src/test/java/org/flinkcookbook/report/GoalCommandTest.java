package org.flinkcookbook.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command at the end of a message works the way the user ran the plugin. */
class GoalCommandTest {

    private static final String PLUGIN = "org.flinkcookbook:cookbook-maven-plugin";

    @Test
    void byItsPrefixWhereThePomDeclaresIt() {
        assertThat(GoalCommand.invoked(List.of("clean", "cookbook:verify"), PLUGIN, null, Map.of("skipTests", "true"))
                        .of("expected"))
                .isEqualTo("mvn cookbook:expected");
    }

    @Test
    void byItsCoordinatesWithTheDirectoriesWithoutAPom() {
        GoalCommand command = GoalCommand.invoked(
                List.of(PLUGIN + ":0.1.0-SNAPSHOT:verify"),
                PLUGIN,
                null,
                Map.of("cookbook.fixtures", "my fixtures", "cookbook.recipes", ".", "cookbook.threads", "2"));

        assertThat(command.of("expected"))
                .isEqualTo("mvn " + PLUGIN
                        + ":0.1.0-SNAPSHOT:expected -Dcookbook.recipes=. -Dcookbook.fixtures='my fixtures'");
    }

    @Test
    void withThePomAndTheFilterTheUserGave() {
        GoalCommand command = GoalCommand.invoked(
                List.of("cookbook:simulate"), PLUGIN, "recipes/pom.xml", Map.of("cookbook.recipe", "**/0*_lag.md"));

        assertThat(command.of("verify"))
                .isEqualTo("mvn cookbook:verify -f recipes/pom.xml -Dcookbook.recipe='**/0*_lag.md'");
    }

    @Test
    void forOneRecipeInsteadOfTheFilterTheUserGave() {
        GoalCommand command = GoalCommand.invoked(
                List.of("cookbook:verify"),
                PLUGIN,
                null,
                Map.of("cookbook.recipe", "lab", "cookbook.recipes", "my recipes"));

        assertThat(command.forRecipe("lab/late data.md").of("expected"))
                .isEqualTo(
                        "mvn cookbook:expected -Dcookbook.recipes='my recipes' -Dcookbook.recipe='lab/late data.md'");
        assertThat(command.forRecipe("a.md").forRecipe("b.md").of("verify"))
                .isEqualTo("mvn cookbook:verify -Dcookbook.recipes='my recipes' -Dcookbook.recipe=b.md");
    }
}
