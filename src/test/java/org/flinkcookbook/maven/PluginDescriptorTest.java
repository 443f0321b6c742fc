package org.flinkcookbook.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.descriptor.PluginDescriptorBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The goals as Maven sees them, read from the plugin descriptor the build generated from the Mojos:
 * their phases, parameters and defaults, which is also what cookbook:help prints.
 */
class PluginDescriptorTest {

    private static PluginDescriptor plugin;

    @BeforeAll
    static void read() throws Exception {
        try (Reader xml = new InputStreamReader(
                PluginDescriptorTest.class.getResourceAsStream("/META-INF/maven/plugin.xml"), StandardCharsets.UTF_8)) {
            plugin = new PluginDescriptorBuilder().build(xml);
        }
    }

    @Test
    void verifyBindsToTheVerifyPhase() {
        assertThat(plugin.getMojo("verify").getPhase()).isEqualTo("verify");
    }

    @Test
    void flinkParametersBelongOnlyToTheGoalsThatRunFlink() {
        assertThat(properties("simulate"))
                .doesNotContain("cookbook.flink.address", "cookbook.flinkLogs")
                .contains("cookbook.recipes", "cookbook.strict", "cookbook.timeout");
        assertThat(properties("verify")).contains("cookbook.flink.address", "cookbook.timeout", "cookbook.flinkLogs");
        assertThat(properties("expected")).contains("cookbook.flink.address", "cookbook.engine");
        assertThat(properties("watch")).contains("cookbook.flink.address", "cookbook.engine");
        assertThat(properties("verify")).doesNotContain("cookbook.engine");
        assertThat(properties("simulate")).doesNotContain("cookbook.engine", "cookbook.fork", "cookbook.daemon");
        assertThat(properties("fixtures")).doesNotContain("cookbook.timeout", "cookbook.engine", "cookbook.fork");
        assertThat(plugin.getMojo("verify").getDescription()).doesNotContain("local Flink cluster");
    }

    @Test
    void outputGoesUnderTheProjectsBuildDirectory() {
        for (String goal : new String[] {"verify", "simulate", "expected"}) {
            assertThat(parameter(goal, "reportDirectory").getDefaultValue())
                    .isEqualTo("${project.build.directory}/cookbook");
            assertThat(parameter(goal, "junitDirectory").getDefaultValue())
                    .isEqualTo("${project.build.directory}/cookbook-reports");
        }
    }

    @Test
    void failuresCanBeIgnoredAndAFilterMustMatchUnlessToldOtherwise() {
        assertThat(parameter("verify", "failureIgnore").getExpression()).isEqualTo("${cookbook.failureIgnore}");
        assertThat(parameter("verify", "failureIgnore").getDefaultValue()).isEqualTo("false");
        assertThat(parameter("simulate", "failIfNoSpecifiedRecipes").getDefaultValue())
                .isEqualTo("true");
    }

    /** Maven's own switches that skip tests, which verify and simulate honour as Failsafe does: the one exception to the prefix. */
    private static final java.util.Set<String> MAVENS_TEST_SWITCHES =
            java.util.Set.of("${skipTests}", "${skipITs}", "${maven.test.skip}");

    @Test
    void everyUserPropertyOfTheCookbookGoalsIsPrefixedAndDocumented() {
        for (MojoDescriptor mojo : plugin.getMojos().stream()
                .filter(mojo -> !mojo.getGoal().equals("help"))
                .toList()) {
            for (Parameter parameter : mojo.getParameters()) {
                if (parameter.getExpression() != null
                        && parameter.isEditable()
                        && !MAVENS_TEST_SWITCHES.contains(parameter.getExpression())) {
                    assertThat(parameter.getExpression())
                            .as(mojo.getGoal() + " " + parameter.getName())
                            .startsWith("${cookbook.");
                    assertThat(parameter.getDescription())
                            .as(mojo.getGoal() + " " + parameter.getName())
                            .isNotBlank();
                }
            }
        }
    }

    private static java.util.List<String> properties(String goal) {
        return plugin.getMojo(goal).getParameters().stream()
                .map(Parameter::getExpression)
                .filter(expression -> expression != null && expression.startsWith("${cookbook."))
                .map(expression -> expression.substring(2, expression.length() - 1))
                .toList();
    }

    private static Parameter parameter(String goal, String name) {
        return plugin.getMojo(goal).getParameters().stream()
                .filter(parameter -> parameter.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
