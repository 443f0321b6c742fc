package org.flinkcookbook.report;

/** How a recipe came out, as written to {@code report.json}. */
public enum RecipeStatus {
    PASSED("passed"),
    FAILED("failed"),
    ERROR("error"),
    NO_EXPECTED("no-expected"),
    SKIPPED("skipped"),
    /** The simulator does not model a construct the recipe uses. */
    UNSUPPORTED("unsupported"),
    /** {@code cookbook:expected} wrote the recipe's expected values. */
    WRITTEN("written");

    private final String word;

    RecipeStatus(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** True when the recipe makes the build fail. */
    public boolean failsBuild() {
        return this == FAILED || this == ERROR;
    }
}
