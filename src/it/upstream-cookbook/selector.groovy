// Runs only when -Dcookbook.upstream names a copy of the Apache Flink SQL Cookbook (.ci/run passes
// ../shared/upstream-cookbook); a fresh clone has none, so the IT is skipped with one line.
def location = binding.variables.get('upstreamCookbook')?.trim()
if (!location || location.startsWith('${')) {
    // Maven's own logger: the script's standard output goes only to build.log
    org.slf4j.LoggerFactory.getLogger('upstream-cookbook').warn(
            'upstream-cookbook skipped: give -Dcookbook.upstream=DIR, a copy of the Flink SQL Cookbook (.ci/run passes ../shared/upstream-cookbook)')
    return false
}
def upstream = new File(location).absolute ? new File(location) : new File(pluginDirectory, location)
if (!upstream.directory) {
    throw new IllegalStateException("-Dcookbook.upstream=${location}: ${upstream.canonicalPath} is no directory; point it at a copy of the Flink SQL Cookbook")
}
return true
