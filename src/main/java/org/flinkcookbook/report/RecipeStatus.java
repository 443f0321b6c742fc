package org.flinkcookbook.report;

/** How a recipe came out, as written to {@code report.json}. */
public enum RecipeStatus {
    /** Verified: its results match the expected values. */
    PASSED("passed"),
    FAILED("failed"),
    ERROR("error"),
    NO_EXPECTED("no-expected"),
    SKIPPED("skipped"),
    /** Flink rejects its SQL while parsing, validating or planning it. */
    BROKEN("broken"),
    /** It reads tables without data here: Flink planned it with stand-ins, nothing ran. */
    PLANNED("planned"),
    /** It needs what the build cannot give it: Python, a JAR. */
    NOT_RUNNABLE("not-runnable"),
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
        return this == FAILED || this == ERROR || this == BROKEN;
    }
}
