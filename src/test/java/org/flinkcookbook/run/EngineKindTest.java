package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** cookbook.engine's values as the engine choice's type. */
class EngineKindTest {

    @Test
    void theNamesCookbookEngineTakesAreTheEngines() throws CookbookException {
        assertThat(EngineKind.named("flink")).isEqualTo(EngineKind.FLINK);
        assertThat(EngineKind.named("simulator")).isEqualTo(EngineKind.SIMULATOR);
        assertThat(EngineKind.FLINK).hasToString("flink");
    }

    @Test
    void aTypoIsABuildErrorNamingTheValuesThereAre() {
        assertThatThrownBy(() -> EngineKind.named("simulater"))
                .isInstanceOf(CookbookException.class)
                .hasMessage("cookbook.engine is 'simulater', which names no engine: run with"
                        + " -Dcookbook.engine=flink or -Dcookbook.engine=simulator");
        assertThatThrownBy(() -> EngineKind.named("FLINK")).isInstanceOf(CookbookException.class);
    }
}
