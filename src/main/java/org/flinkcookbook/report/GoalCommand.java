package org.flinkcookbook.report;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How to run a goal of this plugin the way the user ran it, for the command that ends each message:
 * {@code mvn cookbook:expected} where the POM declares the plugin, the full coordinates and the
 * directories given on the command line where it was run without one.
 *
 * @param plugin what stands before the goal's name: {@code cookbook} or {@code groupId:artifactId:version}
 * @param arguments what follows it but the recipe filter, starting with a space, or empty:
 *     {@code -f recipes/pom.xml}, {@code -Dcookbook.recipes=.}
 * @param recipeFilter the value of {@code -Dcookbook.recipe}, always the last argument; null for none
 */
public record GoalCommand(String plugin, String arguments, String recipeFilter) implements Serializable {

    /** The short form, for a build whose POM declares the plugin in its own directory. */
    public static final GoalCommand PREFIX = new GoalCommand("cookbook", "", null);

    /** The command line that runs the goal, for example {@code mvn cookbook:expected}. */
    public String of(String goal) {
        return "mvn " + plugin + ":" + goal + arguments
                + (recipeFilter == null ? "" : RECIPE_FILTER + quoted(recipeFilter));
    }

    /**
     * The same command for one recipe only: {@code -Dcookbook.recipe=PATH} instead of the filter the
     * user gave, so that the command that fixes a recipe does not run, or rewrite, every other.
     *
     * @param path the recipe's display path, which the filter matches
     */
    public GoalCommand forRecipe(String path) {
        return new GoalCommand(plugin, arguments, path);
    }

    private static final String RECIPE_FILTER = " -Dcookbook.recipe=";

    /**
     * The properties that choose where the recipes are: repeated in the command, since a build without a
     * POM needs them again (as is the recipe filter, last).
     */
    private static final List<String> REPEATED = List.of("cookbook.recipes", "cookbook.fixtures");

    /**
     * How the user ran this plugin.
     *
     * @param typedGoals the goals on the command line, for example {@code cookbook:verify} or
     *     {@code org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:verify}
     * @param groupAndArtifact {@code groupId:artifactId} of this plugin
     * @param pom the POM's path relative to the current directory when the user named one with
     *     {@code -f} elsewhere, or null
     * @param userProperties the {@code -D} properties
     */
    public static GoalCommand invoked(
            List<String> typedGoals, String groupAndArtifact, String pom, Map<String, String> userProperties) {
        String plugin = typedGoals.stream()
                .filter(goal -> goal.startsWith(groupAndArtifact + ":"))
                .map(goal -> goal.substring(0, goal.lastIndexOf(':')))
                .findFirst()
                .orElse(PREFIX.plugin());
        String arguments = (pom == null ? "" : " -f " + quoted(pom))
                + REPEATED.stream()
                        .filter(userProperties::containsKey)
                        .map(name -> " -D" + name + "=" + quoted(userProperties.get(name)))
                        .collect(Collectors.joining());
        return new GoalCommand(plugin, arguments, userProperties.get("cookbook.recipe"));
    }

    private static String quoted(String value) {
        return value.matches("[A-Za-z0-9_./,:=@+-]*") ? value : "'" + value.replace("'", "'\\''") + "'";
    }
}
