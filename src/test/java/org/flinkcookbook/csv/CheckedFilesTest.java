package org.flinkcookbook.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fixture is checked once per content and question, and every time while it may still be changing. */
class CheckedFilesTest {

    @TempDir
    Path directory;

    /** The contents each check read, in order. */
    private final List<String> checked = new ArrayList<>();

    private Optional<String> outcome(CheckedFiles files, Path file, Object question) throws IOException {
        return files.outcome(file, question, () -> {
            String content = Files.readString(file);
            checked.add(content);
            return content.contains("bad") ? Optional.of("bad row") : Optional.empty();
        });
    }

    /** A clock at which every file written now has long settled. */
    private static CheckedFiles later() {
        return new CheckedFiles(
                Clock.fixed(Instant.now().plus(CheckedFiles.SETTLED).plusSeconds(60), ZoneOffset.UTC));
    }

    @Test
    void aSettledFileIsCheckedOncePerQuestion() throws IOException {
        Path file = Files.writeString(directory.resolve("events.csv"), "1,bad\n");
        CheckedFiles files = later();

        assertThat(outcome(files, file, "ts")).contains("bad row");
        assertThat(outcome(files, file, "ts")).contains("bad row");
        assertThat(outcome(files, file, "other columns")).contains("bad row");

        assertThat(checked).hasSize(2);
    }

    @Test
    void aFileWrittenAgainIsCheckedAgainEvenWithItsSizeAndModificationTimeKept() throws IOException {
        Path file = Files.writeString(directory.resolve("events.csv"), "1,bad\n");
        CheckedFiles files = later();
        assertThat(outcome(files, file, "ts")).contains("bad row");
        FileTime modified = Files.getLastModifiedTime(file);
        Object changed = Files.getAttribute(file, "unix:ctime");

        // as cp -p writes it: the same size and modification time, so only its change time tells
        do {
            Files.writeString(file, "1,good");
            Files.setLastModifiedTime(file, modified);
        } while (Files.getAttribute(file, "unix:ctime").equals(changed));

        assertThat(outcome(files, file, "ts")).isEmpty();
        assertThat(outcome(files, file, "ts")).isEmpty();
        assertThat(checked).as("the new content checked once").containsExactly("1,bad\n", "1,good");
    }

    @Test
    void aFileThatChangedLatelyIsCheckedEveryTime() throws IOException {
        Path file = Files.writeString(directory.resolve("events.csv"), "1,bad\n");
        CheckedFiles files = new CheckedFiles(Clock.systemUTC());

        assertThat(outcome(files, file, "ts")).contains("bad row");
        Files.writeString(file, "1,good");
        assertThat(outcome(files, file, "ts")).isEmpty();
        assertThat(outcome(files, file, "ts")).isEmpty();

        assertThat(checked).containsExactly("1,bad\n", "1,good", "1,good");
    }
}
