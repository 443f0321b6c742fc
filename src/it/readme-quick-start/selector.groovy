// A sweep of the README's long commands (a build of the plugin, the sample cookbook verified on Flink, planned on
// six Flink versions, watched on Flink): run with the Flink version ITs, -Dcookbook.flinkVersionsITs=all, only
if (System.getProperty('cookbook.flinkVersionsITs') != 'all') {
    org.slf4j.LoggerFactory.getLogger('readme-quick-start').info(
            'readme-quick-start skipped: it runs with -Dcookbook.flinkVersionsITs=all')
    return false
}
return true
