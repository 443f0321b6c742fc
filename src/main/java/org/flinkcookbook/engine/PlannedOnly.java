package org.flinkcookbook.engine;

/**
 * Not a failure: a recipe that was planned but not run, because it reads tables that have no data
 * here.
 *
 * @param line Markdown line of the first such table or read
 * @param how how it was planned: {@code planned}, or {@code planned with stand-ins}
 * @param reason which tables it reads and why they cannot be read here, and what to do
 */
public record PlannedOnly(int line, String how, String reason) {

    /** The message a planned recipe is reported with. */
    public String message() {
        return how + ", not run: " + reason;
    }
}
