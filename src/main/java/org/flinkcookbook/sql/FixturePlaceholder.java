package org.flinkcookbook.sql;

import java.nio.file.Path;

/** {@code ${fixtures}} in recipe SQL: the absolute {@code file://} URI of the fixtures directory. */
public final class FixturePlaceholder {

    public static final String PLACEHOLDER = "${fixtures}";

    private FixturePlaceholder() {}

    public static String expand(String sql, String fixturesUri) {
        return sql.replace(PLACEHOLDER, fixturesUri);
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
