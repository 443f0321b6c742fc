// Copies the upstream cookbook into this build's directory, as the upstream-cookbook IT does.
new GroovyShell(binding).evaluate(new File(pluginDirectory, 'src/it/upstream-cookbook/prebuild.groovy'))
