package org.flinkcookbook.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.flinkcookbook.guard.RecipeGuard;
import org.flinkcookbook.guard.Refusal;
import org.flinkcookbook.testing.Recipes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixtureConventionTest {

    @TempDir
    Path project;

    private static final String KAFKA_AND_FAKER = """
            # Orders
            <!-- cookbook:fixture rates = hand/rates.csv -->
            ```sql
            CREATE TABLE orders (id INT, code STRING) WITH ('connector' = 'kafka', 'topic' = 'o', 'properties.bootstrap.servers' = 'k:9092');
            CREATE TABLE rates (code STRING, rate DOUBLE) WITH ('connector' = 'faker');
            CREATE TABLE unused (x INT) WITH ('connector' = 'faker');
            SELECT o.id, r.rate FROM orders o JOIN rates r ON o.code = r.code;
            ```
            """;

    private Recipe recipe() {
        return Recipes.write(project.resolve("recipes"), "shop/orders.md", KAFKA_AND_FAKER);
    }

    private void fixture(String path) throws IOException {
        Path file = project.resolve("fixtures").resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "1,EUR\n");
    }

    @Test
    void aCsvAtTheRecipesPathNamedAfterATableBindsItAtItsCreateTableLine() throws IOException {
        fixture("shop/orders/orders.csv");

        Recipe bound = FixtureConvention.bind(recipe(), project.resolve("recipes"), project.resolve("fixtures"));

        assertThat(bound.fixtureFor("orders")).contains(new FixtureBinding("orders", "shop/orders/orders.csv", 4));
        assertThat(bound.fixtureFor("unused")).isEmpty();
    }

    @Test
    void theDirectiveWinsOverTheConvention() throws IOException {
        fixture("shop/orders/rates.csv");

        Recipe bound = FixtureConvention.bind(recipe(), project.resolve("recipes"), project.resolve("fixtures"));

        assertThat(bound.fixtureFor("rates")).contains(new FixtureBinding("rates", "hand/rates.csv", 2));
        assertThat(bound.fixtures()).hasSize(1);
    }

    @Test
    void theGuardLetsATableBoundByConventionBeReadWithoutANetworkConnection() throws IOException {
        RecipeGuard guard = new RecipeGuard(project, project.resolve("fixtures"), java.util.Set.of());
        assertThat(guard.check(recipe())).extracting(Refusal::kind).contains(Refusal.Kind.NEEDS_DATA);

        fixture("shop/orders/orders.csv");
        Recipe bound = FixtureConvention.bind(recipe(), project.resolve("recipes"), project.resolve("fixtures"));

        assertThat(guard.check(bound)).isEmpty();
    }
}
