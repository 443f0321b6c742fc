package org.flinkcookbook.sql;

import java.nio.file.Path;

/** {@code ${fixtures}} in recipe SQL: the absolute {@code file://} URI of the fixtures directory. */
public final class FixturePlaceholder {

    public static final String PLACEHOLDER = "${fixtures}";

    private FixturePlaceholder() {}

    /**
     * The SQL with the placeholder replaced. The placeholder stands inside SQL string literals, so a
     * quote in the directory's name is doubled, as SQL escapes it.
     */
    public static String expand(String sql, String fixturesUri) {
        return sql.replace(PLACEHOLDER, fixturesUri.replace("'", "''"));
    }

    /**
     * The URI that replaces the placeholder, without a trailing slash: {@code file:///abs/fixtures}.
     * It is not percent-encoded: Flink's {@code Path} encodes what it is given, so an encoded space
     * ({@code %20}) would name a directory called {@code %20}.
     */
    public static String uriOf(Path fixturesDirectory) {
        String path = fixturesDirectory.toAbsolutePath().normalize().toString().replace('\\', '/');
        String uri = "file://" + (path.startsWith("/") ? "" : "/") + path;
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
