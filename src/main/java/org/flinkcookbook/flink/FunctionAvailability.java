package org.flinkcookbook.flink;

import java.util.Locale;
import java.util.Optional;
import org.apache.flink.sql.parser.ddl.SqlCreateFunction;

/** Whether a CREATE FUNCTION can work in this build: Java classes on the plugin's classpath only. */
final class FunctionAvailability {

    private FunctionAvailability() {}

    /** Why the function cannot be created here, if it cannot. */
    static Optional<String> whyNotRunnable(SqlCreateFunction function) {
        String className = function.getFunctionClassName().getValueAs(String.class);
        String language = function.getFunctionLanguage() == null ? "JAVA" : function.getFunctionLanguage().toUpperCase(Locale.ROOT);
        if (language.equals("PYTHON")) {
            return Optional.of("the Python function " + className + " needs PyFlink and its Python module, which a Maven build does not have");
        }
        if (!function.getResourceInfos().isEmpty()) {
            return Optional.of("the function " + className + " comes from a JAR (USING JAR), which recipes may not load");
        }
        try {
            Class.forName(className, false, FunctionAvailability.class.getClassLoader());
            return Optional.empty();
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("the function class " + className + " is not on the plugin's classpath; it comes from a JAR");
        }
    }
}
