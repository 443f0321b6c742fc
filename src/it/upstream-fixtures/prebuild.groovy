import java.nio.file.Files
import java.nio.file.StandardCopyOption

// Copies the upstream cookbook named by -Dcookbook.upstream (selector.groovy checked it exists) into this build's directory.
def location = new File(upstreamCookbook.trim())
def upstream = (location.absolute ? location : new File(pluginDirectory, location.path)).toPath().normalize()
def target = basedir.toPath()
Files.walk(upstream).withCloseable { paths ->
    paths.forEach { source ->
        def copy = target.resolve(upstream.relativize(source).toString())
        if (Files.isDirectory(source)) {
            Files.createDirectories(copy)
        } else {
            Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING)
        }
    }
}
return true
