import org.apache.commons.io.FileUtils

// Copies the sample cookbook as a fresh clone has it: its recipes (without their POM and build
// output) here, as recipes/pom.xml has them, so that expected files name them alike, and the
// fixtures beside them.
FileUtils.copyDirectory(new File(pluginDirectory, 'recipes'), basedir, { !(it.name in ['pom.xml', 'target']) } as FileFilter)
FileUtils.copyDirectory(new File(pluginDirectory, 'fixtures'), new File(basedir, 'fixtures'))
return true
