package org.flinkcookbook.maven;

import org.apache.maven.plugin.logging.Log;
import org.flinkcookbook.io.Console;
import org.flinkcookbook.io.LogLines;

/** The run's progress lines, through Maven's log: each line of a message on its own, with Maven's prefix ({@link LogLines}). */
final class MavenConsole implements Console {

    private final Log log;

    MavenConsole(Log log) {
        this.log = log;
    }

    @Override
    public void info(String message) {
        LogLines.of(message).forEach(log::info);
    }

    @Override
    public void warn(String message) {
        LogLines.of(message).forEach(log::warn);
    }

    @Override
    public void error(String message) {
        LogLines.of(message).forEach(log::error);
    }

    /** An annotation as it is, but never a raw control character (a value's escape sequence) in the build output. */
    @Override
    @SuppressWarnings("java:S106") // the line must not carry Maven's "[INFO]" prefix
    public void raw(String line) {
        System.out.println(LogLines.inOneLine(line));
    }
}
