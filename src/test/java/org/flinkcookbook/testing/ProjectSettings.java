package org.flinkcookbook.testing;

import java.nio.file.Path;
import java.util.Set;
import org.flinkcookbook.report.GoalCommand;
import org.flinkcookbook.run.EngineChoice;
import org.flinkcookbook.run.RunSettings;

/** The settings of a run over a test project laid out as a cookbook: recipes/, fixtures/, reports in target/. */
public final class ProjectSettings {

    private ProjectSettings() {}

    /**
     * @param recipes the recipes directory, relative to the project
     * @param annotationRoot where GitHub annotations are relative to, or null for none
     */
    public static RunSettings of(Path project, String recipes, Path annotationRoot) {
        return selecting(project, recipes, "", annotationRoot);
    }

    /** @param recipeFilter which recipes run, as cookbook.recipe selects them */
    public static RunSettings selecting(Path project, String recipes, String recipeFilter, Path annotationRoot) {
        return of(project, recipes, recipeFilter, annotationRoot, null, null);
    }

    /** With an engine choice and a cache, as a goal request carries them. */
    public static RunSettings of(
            Path project, String recipes, Path annotationRoot, EngineChoice engine, RunSettings.CacheChoice cache) {
        return of(project, recipes, "", annotationRoot, engine, cache);
    }

    private static RunSettings of(
            Path project,
            String recipes,
            String recipeFilter,
            Path annotationRoot,
            EngineChoice engine,
            RunSettings.CacheChoice cache) {
        return new RunSettings(
                project,
                project.resolve(recipes),
                project.resolve("fixtures"),
                recipeFilter,
                false,
                project.resolve("target/cookbook"),
                project.resolve("target/cookbook-reports"),
                project.resolve("target"),
                1000,
                Set.of(),
                annotationRoot,
                1,
                true,
                GoalCommand.PREFIX,
                engine,
                cache);
    }
}
