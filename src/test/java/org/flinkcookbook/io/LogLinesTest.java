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

    @Test
    void inOneLineEveryControlCharacterAndLineBreakIsAQuestionMark() {
        assertThat(LogLines.inOneLine("::error file=a.md::v=\u0007\u001b[2J\u009b\u0085\u2028\u2029\r\n\tend"))
                .isEqualTo("::error file=a.md::v=??[2J??????\tend");
    }
}
