package org.flinkcookbook.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.flinkcookbook.report.GoalCommand;
import org.junit.jupiter.api.Test;

/** One settings record: it travels to the engine JVM as it is, and its fingerprint moves exactly with the settings that change a result. */
class RunSettingsTest {

    private static final Path PROJECT = Path.of("/work/cookbook");

    /** The settings a Mojo builds. */
    private static final RunSettings SETTINGS = new RunSettings(
            PROJECT,
            PROJECT.resolve("recipes"),
            PROJECT.resolve("fixtures"),
            "",
            false,
            PROJECT.resolve("target/cookbook"),
            PROJECT.resolve("target/cookbook-reports"),
            PROJECT.resolve("target"),
            1000,
            Set.of("com.example.Fn"),
            null,
            1,
            true,
            GoalCommand.PREFIX,
            new EngineChoice(
                    EngineKind.FLINK, false, PROJECT.resolve("fixtures").toString(), 300, false, null, false, false),
            new RunSettings.CacheChoice("/home/u/.m2/repository/.cache/cookbook-maven-plugin/passes", null));

    @Test
    void recipesMayNotReadTheBuildReportJUnitOrCacheDirectories() {
        assertThat(SETTINGS.writtenDirectories())
                .containsExactly(
                        PROJECT.resolve("target/cookbook"),
                        PROJECT.resolve("target/cookbook-reports"),
                        PROJECT.resolve("target"),
                        Path.of("/home/u/.m2/repository/.cache/cookbook-maven-plugin/passes"));
    }

    @Test
    void exactlyTheSettingsThatChangeAResultChangeTheFingerprint() {
        String base = SETTINGS.fingerprint();
        assertThat(SETTINGS.fingerprint()).as("stable").isEqualTo(base).hasSize(64);

        List<String> changingTheFingerprint = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (RecordComponent setting : RunSettings.class.getRecordComponents()) {
            List<RecordComponent> options = setting.getType() == EngineChoice.class
                    ? List.of(EngineChoice.class.getRecordComponents())
                    : List.of(setting);
            for (RecordComponent option : options) {
                RunSettings other = option == setting
                        ? with(SETTINGS, setting.getName(), otherValue(option, SETTINGS))
                        : with(
                                SETTINGS,
                                setting.getName(),
                                with(SETTINGS.engine(), option.getName(), otherValue(option, SETTINGS.engine())));
                String name = option == setting ? setting.getName() : setting.getName() + "." + option.getName();
                changed.add(name);
                if (!other.fingerprint().equals(base)) {
                    changingTheFingerprint.add(name);
                }
            }
        }

        assertThat(changed)
                .hasSize(RunSettings.class.getRecordComponents().length
                        - 1
                        + EngineChoice.class.getRecordComponents().length);
        // the base directory counts as the place of the fixtures in the project
        assertThat(changingTheFingerprint)
                .containsExactlyInAnyOrder(
                        "baseDirectory",
                        "fixturesDirectory",
                        "requireExpected",
                        "maxStoredRows",
                        "allowedFunctions",
                        "engine.engine",
                        "engine.explainWithSimulator",
                        "engine.timeoutSeconds",
                        "engine.flinkAddress",
                        "engine.strict");
    }

    @Test
    void aProjectMovedWithItsFixturesKeepsItsFingerprint() {
        Path moved = Path.of("/home/u/cookbook");
        RunSettings elsewhere = with(
                with(with(SETTINGS, "baseDirectory", moved), "fixturesDirectory", moved.resolve("fixtures")),
                "engine",
                with(
                        SETTINGS.engine(),
                        "fixturesDirectory",
                        moved.resolve("fixtures").toString()));

        assertThat(elsewhere.fingerprint()).isEqualTo(SETTINGS.fingerprint());
    }

    @Test
    void theSettingsTravelToTheEngineJvmAsTheyAreWithTheirFingerprint() throws Exception {
        GoalRequest request = new GoalRequest(CookbookRunner.Mode.VERIFY, SETTINGS);

        GoalRequest received = (GoalRequest) roundTrip(request);

        assertThat(received.settings()).isEqualTo(SETTINGS);
        assertThat(received.settings().fingerprint()).isEqualTo(SETTINGS.fingerprint());
    }

    /** A value of the component's type that differs from the one {@code record} has. */
    private static Object otherValue(RecordComponent component, Record record) {
        Object value = read(component, record);
        Class<?> type = component.getType();
        if (type == boolean.class) {
            return !(Boolean) value;
        } else if (type == int.class) {
            return (Integer) value + 1;
        } else if (type == Path.class) {
            return value == null ? PROJECT : ((Path) value).resolve("other");
        } else if (type == String.class) {
            return value == null ? "other" : value + "-other";
        } else if (type == Set.class) {
            return Set.of("com.example.Other");
        } else if (type == EngineKind.class) {
            return value == EngineKind.FLINK ? EngineKind.SIMULATOR : EngineKind.FLINK;
        } else if (type == GoalCommand.class) {
            return new GoalCommand("org.flinkcookbook:cookbook-maven-plugin:0.1.0", "", null);
        } else if (type == RunSettings.CacheChoice.class) {
            return value == null ? new RunSettings.CacheChoice("/tmp/passes", null) : null;
        }
        throw new IllegalArgumentException("no other value of " + type);
    }

    /** {@code record} with the component {@code name} set to {@code value}. */
    private static <R extends Record> R with(R record, String name, Object value) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = Arrays.stream(components)
                .map(component -> component.getName().equals(name) ? value : read(component, record))
                .toArray();
        try {
            @SuppressWarnings("unchecked")
            R changed = (R) record.getClass()
                    .getDeclaredConstructor(Arrays.stream(components)
                            .map(RecordComponent::getType)
                            .toArray(Class<?>[]::new))
                    .newInstance(values);
            return changed;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
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
