import java.nio.file.Files
import java.nio.file.StandardCopyOption

// Copies the upstream cookbook (CI keeps it in ../shared beside the clone) into this build's directory.
def target = basedir.toPath()
def upstream = target.resolve('../../../../shared/upstream-cookbook').normalize()
if (!Files.isDirectory(upstream)) {
    throw new IllegalStateException("the upstream cookbook is not at ${upstream}: put a copy in ../shared/upstream-cookbook beside this project")
}
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
