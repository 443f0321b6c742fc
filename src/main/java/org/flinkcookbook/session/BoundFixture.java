package org.flinkcookbook.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.flinkcookbook.engine.Problem;
import org.flinkcookbook.recipe.FixtureBinding;
import org.flinkcookbook.recipe.Recipe;

/**
 * The CSV fixture a {@code cookbook:fixture} directive, or the fixture convention
 * ({@link org.flinkcookbook.recipe.FixtureConvention}, applied when the recipe is read), binds to a
 * table the recipe creates.
 *
 * @param binding the directive, with its Markdown line (a conventional fixture's is its CREATE TABLE's)
 * @param csv the fixture file, absolute
 */
public record BoundFixture(FixtureBinding binding, Path csv) {

    /** The fixture of a table just created ({@link Recipe#fixtureFor(List)}); the file must exist, else the recipe stops at the directive. */
    static Optional<BoundFixture> of(Recipe recipe, Path fixturesDirectory, List<String> tableName)
            throws StatementFailure {
        Optional<FixtureBinding> binding = recipe.fixtureFor(tableName);
        if (binding.isEmpty()) {
            return Optional.empty();
        }
        Path csv = fixturesDirectory
                .resolve(binding.get().csvPath())
                .toAbsolutePath()
                .normalize();
        if (!Files.isRegularFile(csv)) {
            String shownAs =
                    fixturesDirectory.getFileName() + "/" + binding.get().csvPath();
            throw new StatementFailure(Problem.inFixture(
                    binding.get().line(),
                    "the fixture " + shownAs + " for table " + binding.get().table()
                            + " does not exist; add the CSV file or fix the path",
                    new Problem.FixtureFault(shownAs, Problem.Fix.ADD)));
        }
        return Optional.of(new BoundFixture(binding.get(), csv));
    }
}
