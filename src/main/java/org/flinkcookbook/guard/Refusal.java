package org.flinkcookbook.guard;

/**
 * Something a recipe may not do, found before it runs.
 *
 * @param line the Markdown line of the statement or directive
 * @param message what is refused and what to do instead
 */
public record Refusal(int line, String message) {}
