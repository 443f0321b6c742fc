package org.flinkcookbook.maven;

import org.apache.maven.plugin.logging.Log;
import org.flinkcookbook.run.Console;

/** The run's progress lines, through Maven's log. */
final class MavenConsole implements Console {

    private final Log log;

    MavenConsole(Log log) {
        this.log = log;
    }

    @Override
    public void info(String message) {
        log.info(message);
    }

    @Override
    public void warn(String message) {
        log.warn(message);
    }

    @Override
    public void error(String message) {
        log.error(message);
    }

    @Override
    @SuppressWarnings("java:S106") // the line must not carry Maven's "[INFO]" prefix
    public void raw(String line) {
        System.out.println(line);
    }
}
