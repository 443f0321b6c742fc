package org.flinkcookbook.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.flinkcookbook.run.RunVerdict;
import org.junit.jupiter.api.Test;

/** The engine process's protocol lines, written and read by the one codec. */
class WireLineTest {

    @Test
    void everyKindIsReadBackAsWritten() {
        for (WireLine.Kind kind : WireLine.Kind.values()) {
            WireLine line = new WireLine(kind, "recipes/a b.md:3: text");

            assertThat(WireLine.read(line.line())).contains(line);
        }
    }

    @Test
    void aLineALibraryPrintedIsNoProtocolLine() {
        assertThat(WireLine.read("SLF4J: No providers were found.")).isEmpty();
        assertThat(WireLine.read("@cookbook:")).isEmpty();
        assertThat(WireLine.read("@cookbook:Ix")).isEmpty();
        assertThat(WireLine.read("@cookbook:? unknown kind")).isEmpty();
    }

    @Test
    void aVerdictGoesOverOneLineAndComesBackEqual() throws IOException {
        RunVerdict verdict = new RunVerdict(true, "1 failed", "run mvn cookbook:expected");

        String text = WireLine.encode(verdict);

        assertThat(text).doesNotContain("\n");
        assertThat(WireLine.decode(text)).isEqualTo(verdict);
        assertThatThrownBy(() -> WireLine.decode("not base64 !")).isInstanceOf(IOException.class);
    }
}
