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
    WRITTEN("written"),
    /** An expected file with no recipe beside it: its recipe was renamed or deleted (a failure under requireExpected). */
    ORPHANED("orphaned");

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

    /** The command or step that puts a recipe with this status right; empty when nothing needs doing. */
    public Remedy remedy() {
        return switch (this) {
            case FAILED -> Remedy.say("run ").run("expected").then(" to accept the new values");
            case ERROR, BROKEN ->
                Remedy.say("fix the recipe, then run ").run("verify").then(" again");
            case NOT_RUNNABLE ->
                Remedy.say(
                        "check it where its dependencies are; mark its blocks <!-- cookbook:skip --> to leave it out");
            case UNSUPPORTED -> Remedy.say("run ").run("verify").then(" to check this recipe on Flink");
            case NO_EXPECTED -> Remedy.say("run ").run("expected").then(" to record its values");
            case PLANNED ->
                Remedy.say("run ").run("fixtures").then(" to give its tables data (generated CSV fixtures)");
            case ORPHANED ->
                Remedy.say("rename it with its recipe, or delete it with ")
                        .run("expected -Dcookbook.unreferenced=delete");
            default -> Remedy.NONE;
        };
    }
}
