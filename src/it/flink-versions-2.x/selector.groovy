// Runs with -Dcookbook.flinkVersionsITs=all, which also installs Flink 2.0.0's jars for it; the default
// run keeps to flink-versions-1.20 (one engine JVM of another Flink per build is what costs).
if (binding.variables.get('flinkVersionsITs')?.trim() != 'all') {
    // Maven's own logger: the script's standard output goes only to build.log
    org.slf4j.LoggerFactory.getLogger('flink-versions-2.x').warn(
            'flink-versions-2.x skipped: give -Dcookbook.flinkVersionsITs=all to plan on Flink 2.0.0 too')
    return false
}
return true
