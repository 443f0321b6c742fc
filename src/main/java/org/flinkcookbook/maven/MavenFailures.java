package org.flinkcookbook.maven;

import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.flinkcookbook.io.LogLines;

/**
 * The goal's failure as Maven prints it: Maven writes the message of the exception a goal throws,
 * and the message of every cause that message does not contain, to the build output as they are,
 * outside the run's console ({@link MavenConsole}). Those messages carry recipe paths (a file name
 * may hold an escape sequence, a bell or a line break) and Flink's errors, so each is passed
 * through {@link LogLines}: one line, control characters shown as {@code ?}, no line that starts
 * a workflow command. The stack traces stay as they were (for {@code -e}).
 */
final class MavenFailures {

    private MavenFailures() {}

    static MojoFailureException safe(MojoFailureException failure) {
        MojoFailureException safe = new MojoFailureException(text(failure.getMessage()), safeCause(failure.getCause()));
        safe.setStackTrace(failure.getStackTrace());
        return safe;
    }

    static MojoExecutionException safe(MojoExecutionException error) {
        MojoExecutionException safe = new MojoExecutionException(text(error.getMessage()), safeCause(error.getCause()));
        safe.setStackTrace(error.getStackTrace());
        return safe;
    }

    /** An exception the goal did not expect, as the build error Maven would make of it, but safe. */
    static MojoExecutionException safe(RuntimeException unexpected) {
        return safe(
                new MojoExecutionException("The cookbook plugin cannot run: " + unexpected.getMessage(), unexpected));
    }

    /** The message on one line, as every console line of the plugin is. */
    static String text(String message) {
        return message == null ? null : String.join(" ", LogLines.of(message));
    }

    /** A copy of the chain of causes whose messages are safe: Maven prints each one the message lacks. */
    private static Throwable safeCause(Throwable cause) {
        return safeCause(cause, new IdentityHashMap<>());
    }

    private static Throwable safeCause(Throwable cause, Map<Throwable, Throwable> copied) {
        if (cause == null) {
            return null;
        }
        if (copied.containsKey(cause)) {
            return copied.get(cause);
        }
        Cause copy = new Cause(cause.getClass().getName(), text(cause.getMessage()));
        copied.put(cause, copy);
        copy.setStackTrace(cause.getStackTrace());
        if (cause.getCause() != null && cause.getCause() != cause) {
            copy.initCause(safeCause(cause.getCause(), copied));
        }
        return copy;
    }

    /** A cause as {@code -e} shows it: its class's name, its safe message and its stack trace. */
    static final class Cause extends Exception {
        private final String type;

        Cause(String type, String message) {
            super(message);
            this.type = type;
        }

        @Override
        public String toString() {
            return getMessage() == null ? type : type + ": " + getMessage();
        }
    }
}
