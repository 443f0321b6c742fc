package org.flinkcookbook.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogLinesTest {

    @Test
    void everyKindOfLineBreakStartsALineAndNoLineStartsAWorkflowCommand() {
        assertThat(LogLines.of("recipes/x\n::error file=a.md::forged\r::add-mask::x\u2028  ::warning::y\r\n##[error]z"))
                .containsExactly(
                        "recipes/x", ": :error file=a.md::forged", ": :add-mask::x", "  : :warning::y", "# #[error]z");
    }

    @Test
    void otherControlCharactersAreShownAsQuestionMarksAndOrdinaryTextIsKept() {
        assertThat(LogLines.of("a\u0000b\u001b[31mc\td :: e")).containsExactly("a?b?[31mc\td :: e");
    }
}
