package org.flinkcookbook.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.exception.DefaultExceptionHandler;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Maven prints of a goal's failure: its message and every cause's it lacks, as they are. */
class MavenFailuresTest {

    private static final String NAME =
            "recipes/o-\u0007bell\u009bcsi\u001b[31mred\rcr\n::error file=README.md,line=1::forged.md";

    /** A goal that fails as the given one does. */
    private static final class Failing extends AbstractRecipesMojo {
        private final Exception thrown;

        Failing(Exception thrown) {
            this.thrown = thrown;
        }

        @Override
        void executeGoal() throws MojoExecutionException, MojoFailureException {
            if (thrown instanceof MojoFailureException failure) {
                throw failure;
            }
            if (thrown instanceof MojoExecutionException error) {
                throw error;
            }
            throw (RuntimeException) thrown;
        }
    }

    /** The text Maven prints after "Failed to execute goal ...:", from Maven's own exception handler. */
    private static String printedByMaven(Exception thrown) {
        Throwable failure = catchThrowable(() -> new Failing(thrown).execute());
        return new DefaultExceptionHandler().handleException(failure).getMessage();
    }

    private static void assertSafe(String printed) {
        assertThat(printed).doesNotContainPattern("\\p{Cc}").doesNotContain("\u2028");
        assertThat(printed.lines()).noneMatch(line -> line.strip().startsWith("::"));
    }

    @Test
    void aRecipesFileNameInTheFailureMessageReachesMavenWithoutAControlCharacterOrAWorkflowCommand() {
        String printed = printedByMaven(new MojoFailureException(
                "1 broken: fix the recipe, then run mvn cookbook:verify -Dcookbook.recipe='" + NAME + "' again"));

        assertSafe(printed);
        assertThat(printed).contains("recipes/o-?bell?csi?[31mred").contains("forged.md' again");
    }

    @Test
    void everyCauseMavenPrintsIsSafeTooAndTheStackTraceIsKept() {
        IOException cause = new IOException("cannot write " + NAME);
        MojoExecutionException error = new MojoExecutionException("cannot write the reports: " + NAME, cause);

        Throwable failure = catchThrowable(() -> new Failing(error).execute());
        String printed = new DefaultExceptionHandler().handleException(failure).getMessage();

        assertSafe(printed);
        assertThat(printed).contains("cannot write the reports: recipes/o-?bell");
        assertThat(failure.getCause().getStackTrace()).isEqualTo(cause.getStackTrace());
        assertThat(failure.getCause().toString()).startsWith("java.io.IOException: cannot write recipes/o-?bell");
    }

    @Test
    void anExceptionTheGoalDidNotExpectIsABuildErrorAsSafe() {
        String printed = printedByMaven(new UncheckedIOException(new IOException(NAME)));

        assertSafe(printed);
        assertThat(printed).startsWith("The cookbook plugin cannot run: ");
    }

    @Test
    void theExpectedFilesDeletedForAGoneRecipeAreNamedWithoutTheirControlCharacters(@TempDir Path project)
            throws Exception {
        Path orphan = Files.createDirectories(project.resolve("recipes"))
                .resolve("gone\u001b[31m\u0007\u009b\r::error file=README.md::x.expected");
        Files.writeString(orphan, "== line 3: SELECT 1\ncolumns: n\n+I | 1\n");
        ExpectedMojo mojo = new ExpectedMojo();
        set(mojo, AbstractRecipesMojo.class, "baseDirectory", project.toFile());
        set(
                mojo,
                AbstractRecipesMojo.class,
                "recipes",
                project.resolve("recipes").toFile());
        set(mojo, AbstractRecipesMojo.class, "recipe", "");
        set(mojo, ExpectedMojo.class, "unreferenced", "delete");
        List<String> logged = new ArrayList<>();
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                logged.add(content.toString());
            }
        });

        mojo.beforeRun();

        assertThat(orphan).doesNotExist();
        assertThat(logged).anyMatch(line -> line.startsWith("Deleted recipes/gone?[31m??"));
        assertThat(logged)
                .noneMatch(
                        line -> line.matches("(?s).*\\p{Cc}.*") || line.strip().startsWith("::"));
    }

    private static void set(Object target, Class<?> declaring, String field, Object value) throws Exception {
        Field declared = declaring.getDeclaredField(field);
        declared.setAccessible(true);
        declared.set(target, value);
    }
}
