import groovy.json.JsonSlurper

// The checks the flink-versions ITs share (flink-versions-1.20, flink-versions-2.x), each on its own
// Flink version and recipes: without the marker, the recipe the version cannot plan fails the build,
// named with the version, its line and Flink's sentence; with it, the version does not plan it and the
// build passes, while marked/orders.md plans there. Returns the build log for the IT's own checks.
return { File basedir, String version, String failure, String marked, Map needsNewer ->
    def log = new File(basedir, 'build.log').text
    assert log.contains("Planned on Flink ${version} (cookbook.flinkVersions): 1 plans, 1 fails")
    assert log.contains(failure)
    assert log.contains('BUILD FAILURE')

    assert log.contains("Planned on Flink ${version} (cookbook.flinkVersions): 1 plans, 0 fails, 1 needs-newer-flink")
    assert log.contains('BUILD SUCCESS')
    def report = new JsonSlurper().parse(new File(basedir, 'target/cookbook/report.json'))
    def recipe = report.recipes.find { it.path == marked }
    assert recipe.flinkVersions[version] == needsNewer
    def orders = report.recipes.find { it.path == 'marked/orders.md' }
    assert orders.flinkVersions[version] == [status: 'plans']
    assert orders.worksSince == version
    return recipe
}
