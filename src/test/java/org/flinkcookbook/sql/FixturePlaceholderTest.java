package org.flinkcookbook.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FixturePlaceholderTest {

    @Test
    void thePlaceholderIsReplacedEverywhere() {
        assertThat(FixturePlaceholder.expand("'${fixtures}/a.csv', '${fixtures}/b.csv', '$fixtures'", "file:///f"))
                .isEqualTo("'file:///f/a.csv', 'file:///f/b.csv', '$fixtures'");
    }

    @Test
    void aQuoteInTheFixturesDirectoryIsEscapedInsideTheStringLiteral() throws Exception {
        String sql = FixturePlaceholder.expand(
                "SELECT '${fixtures}/a.csv'", FixturePlaceholder.uriOf(Path.of("/home/o'brien/fixtures")));

        assertThat(sql).isEqualTo("SELECT 'file:///home/o''brien/fixtures/a.csv'");
        assertThat(StatementSplitter.split(sql, 1))
                .singleElement()
                .satisfies(statement -> assertThat(statement.text()).isEqualTo(sql));
    }

    @Test
    void theFixturesUriIsAbsoluteNormalisedAndHasNoTrailingSlash() {
        assertThat(FixturePlaceholder.uriOf(Path.of("/data/book/../fixtures/"))).isEqualTo("file:///data/fixtures");
    }

    @Test
    void aRelativeFixturesDirectoryIsMadeAbsolute() {
        String expected = "file://" + Path.of("").toAbsolutePath().resolve("fixtures");

        assertThat(FixturePlaceholder.uriOf(Path.of("fixtures"))).isEqualTo(expected);
    }

    @Test
    void aFixturesDirectoryWithSpacesAndAccentsNamesTheSameDirectoryToFlink() {
        String uri = FixturePlaceholder.uriOf(Path.of("/home/my book/café/fixtures"));

        assertThat(uri).isEqualTo("file:///home/my book/café/fixtures");
        assertThat(new org.apache.flink.core.fs.Path(uri + "/orders.csv")
                        .toUri()
                        .getPath())
                .isEqualTo("/home/my book/café/fixtures/orders.csv");
    }
}
