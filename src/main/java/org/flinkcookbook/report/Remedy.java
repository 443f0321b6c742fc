package org.flinkcookbook.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What puts a recipe right, ending every message about it: text and the commands that carry it out,
 * each a goal of this plugin written as the user ran it, for the recipes it is about (one, or
 * several alike in the summary). Two recipes whose remedies are equal are put right by one command
 * naming both.
 *
 * @param parts the text and the goals, in order
 */
public record Remedy(List<Part> parts) {

    /**
     * A piece of a remedy.
     *
     * @param text plain text, or a goal with its arguments ({@code fixtures -Dcookbook.generate=all})
     * @param goal true when {@code text} is a goal, written as a command for the recipes
     */
    public record Part(String text, boolean goal) {}

    /** Nothing to do. */
    public static final Remedy NONE = new Remedy(List.of());

    public Remedy {
        parts = List.copyOf(parts);
    }

    /** A remedy that starts with this text. */
    public static Remedy say(String text) {
        return NONE.then(text);
    }

    /** This remedy, then this text. */
    public Remedy then(String text) {
        return with(new Part(text, false));
    }

    /** This remedy, then the command that runs {@code goal} (with any arguments) for the recipes. */
    public Remedy run(String goal) {
        return with(new Part(goal, true));
    }

    /** Whether one of its commands runs this goal, with these arguments and no others. */
    public boolean runs(String goal) {
        return parts.contains(new Part(goal, true));
    }

    public boolean isEmpty() {
        return parts.isEmpty();
    }

    /** The remedy as the user reads it, its commands for the recipes {@code mvn} selects. */
    public String render(GoalCommand mvn) {
        return parts.stream()
                .map(part -> part.goal() ? mvn.of(part.text()) : part.text())
                .collect(Collectors.joining());
    }

    private Remedy with(Part part) {
        List<Part> more = new ArrayList<>(parts);
        more.add(part);
        return new Remedy(more);
    }
}
