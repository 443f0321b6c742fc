import java.nio.file.Files
import java.nio.file.StandardCopyOption

// Copies the sample cookbook as a fresh clone has it: its recipes (without their POM) here, as
// recipes/pom.xml has them, so that expected files name them alike, and the fixtures beside them.
['recipes': '.', 'fixtures': 'fixtures'].each { name, into ->
    def from = new File(pluginDirectory, name).toPath()
    def to = basedir.toPath().resolve(into)
    Files.walk(from).withCloseable { paths ->
        paths.filter { !from.relativize(it).toString().startsWith('target') && it.fileName.toString() != 'pom.xml' }.forEach { source ->
            def copy = to.resolve(from.relativize(source).toString())
            if (Files.isDirectory(source)) {
                Files.createDirectories(copy)
            } else {
                Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING)
            }
        }
    }
}
return true
