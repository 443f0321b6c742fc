package org.flinkcookbook.sql;

import java.nio.file.Path;

/** {@code ${fixtures}} in recipe SQL: the absolute {@code file://} URI of the fixtures directory. */
public final class FixturePlaceholder {

    public static final String PLACEHOLDER = "${fixtures}";

    private FixturePlaceholder() {}

    public static String expand(String sql, String fixturesUri) {
        return sql.replace(PLACEHOLDER, fixturesUri);
    }

    /** The URI that replaces the placeholder, without a trailing slash: {@code file:///abs/fixtures}. */
    public static String uriOf(Path fixturesDirectory) {
        String uri = fixturesDirectory.toAbsolutePath().normalize().toUri().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
