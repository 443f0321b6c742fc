package org.flinkcookbook.testing;

import java.util.ArrayList;
import java.util.List;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.io.LogLines;

/** A console that keeps every line it is given, prefixed with its level: what Maven's log would show. */
public final class ConsoleLines implements Console {

    public final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void info(String message) {
        LogLines.of(message).forEach(line -> lines.add("INFO " + line));
    }

    @Override
    public synchronized void warn(String message) {
        LogLines.of(message).forEach(line -> lines.add("WARN " + line));
    }

    @Override
    public synchronized void error(String message) {
        LogLines.of(message).forEach(line -> lines.add("ERROR " + line));
    }

    @Override
    public synchronized void raw(String line) {
        lines.add("RAW " + line);
    }
}
