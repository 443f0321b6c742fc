import org.apache.commons.io.FileUtils

// Copies the upstream cookbook named by -Dcookbook.upstream (selector.groovy checked it exists) into this build's directory.
def location = new File(upstreamCookbook.trim())
FileUtils.copyDirectory(location.absolute ? location : new File(pluginDirectory, location.path), basedir)
return true
