package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.flinkcookbook.report.GoalCommand;
import org.junit.jupiter.api.Test;

/** One settings record: it travels to the engine JVM as it is, and its fingerprint moves exactly with the settings that change a result. */
class RunSettingsTest {

    private static final Path PROJECT = Path.of("/work/cookbook");

    /** The settings a Mojo builds, with one value changed by {@code change}. */
    private static RunSettings settings(UnaryOperator<Values> change) {
        Values v = change.apply(new Values(
                "fixtures",
                false,
                1000,
                Set.of("com.example.Fn"),
                1,
                "target/cookbook",
                "",
                EngineKind.FLINK,
                300,
                false,
                null));
        return new RunSettings(
                PROJECT,
                PROJECT.resolve("recipes"),
                PROJECT.resolve(v.fixtures()),
                v.filter(),
                v.requireExpected(),
                PROJECT.resolve(v.reports()),
                PROJECT.resolve("target/cookbook-reports"),
                v.maxStoredRows(),
                v.functions(),
                null,
                v.threads(),
                true,
                GoalCommand.PREFIX,
                new EngineChoice(
                        v.engine(),
                        false,
                        PROJECT.resolve(v.fixtures()).toString(),
                        v.timeout(),
                        false,
                        v.address(),
                        v.strict(),
                        false),
                new RunSettings.CacheChoice("/home/u/.m2/repository/.cache/cookbook-maven-plugin/passes", null));
    }

    private record Values(
            String fixtures,
            boolean requireExpected,
            int maxStoredRows,
            Set<String> functions,
            int threads,
            String reports,
            String filter,
            EngineKind engine,
            int timeout,
            boolean strict,
            String address) {}

    @Test
    void everySettingThatChangesAResultChangesTheFingerprintAndNoOtherDoes() {
        String base = settings(v -> v).fingerprint();
        assertThat(settings(v -> v).fingerprint()).as("stable").isEqualTo(base).hasSize(64);

        List<UnaryOperator<Values>> changingResults = List.of(
                v -> new Values(
                        "data",
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        true,
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        10,
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        Set.of(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        EngineKind.SIMULATOR,
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        5,
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        true,
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        "jm:8081"));
        for (UnaryOperator<Values> change : changingResults) {
            assertThat(settings(change).fingerprint()).isNotEqualTo(base);
        }

        List<UnaryOperator<Values>> changingNoResult = List.of(
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        4,
                        v.reports(),
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        "out",
                        v.filter(),
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()),
                v -> new Values(
                        v.fixtures(),
                        v.requireExpected(),
                        v.maxStoredRows(),
                        v.functions(),
                        v.threads(),
                        v.reports(),
                        "lab",
                        v.engine(),
                        v.timeout(),
                        v.strict(),
                        v.address()));
        for (UnaryOperator<Values> change : changingNoResult) {
            assertThat(settings(change).fingerprint()).isEqualTo(base);
        }
    }

    @Test
    void theSettingsTravelToTheEngineJvmAsTheyAreWithTheirFingerprint() throws Exception {
        RunSettings sent = settings(v -> v);
        GoalRequest request = new GoalRequest(CookbookRunner.Mode.VERIFY, sent);

        GoalRequest received = (GoalRequest) roundTrip(request);

        RunSettings arrived = received.settings();
        assertThat(arrived.fingerprint()).isEqualTo(sent.fingerprint());
        assertThat(arrived.baseDirectory()).isEqualTo(sent.baseDirectory());
        assertThat(arrived.allowedFunctions()).isEqualTo(sent.allowedFunctions());
        assertThat(arrived.engine()).isEqualTo(sent.engine());
        assertThat(arrived.cache()).isEqualTo(sent.cache());
        assertThat(arrived.command()).isEqualTo(sent.command());
    }

    private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
