package org.flinkcookbook.run;

import java.io.Serializable;

/**
 * What the build makes of a run: whether it fails, the line of counts, and the advice for a failing
 * build ({@link RunSummary}); small enough to come back from the engine JVM.
 */
public record RunVerdict(boolean failsBuild, String line, String failureAdvice) implements Serializable {}
