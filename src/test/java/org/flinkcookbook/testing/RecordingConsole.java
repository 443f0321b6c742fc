package org.flinkcookbook.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.flinkcookbook.io.Console;

/** A console that keeps every line, at whatever level, for tests to read while the run goes on. */
public final class RecordingConsole implements Console {

    private final List<String> lines = new CopyOnWriteArrayList<>();

    /** The lines printed so far, live. */
    public List<String> lines() {
        return lines;
    }

    @Override
    public void info(String message) {
        lines.add(message);
    }

    @Override
    public void warn(String message) {
        lines.add(message);
    }

    @Override
    public void error(String message) {
        lines.add(message);
    }

    @Override
    public void raw(String line) {
        lines.add(line);
    }
}
