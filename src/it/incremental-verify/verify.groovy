import java.security.MessageDigest

def log = new File(basedir, 'build.log').text
// runs 1 and 3 run the recipe, run 2 reports it from the cache
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (2 results, ') == 2
assert log.count('PASSED       recipes/windows/tumble-and-hop.md (cached: unchanged since it passed)') == 1
assert log.count('PASSED       recipes/windows/watermarks.md (cached: unchanged since it passed)') == 1
assert log.count('2 recipes on flink: 2 passed, 0 failed, 0 errors') == 3

// the passes are kept outside the project, one signed file per recipe, in a directory of this user's only
assert !new File(basedir, 'target/cookbook/cache').exists()
def project = basedir.toPath().toRealPath().toString()
def hash = MessageDigest.getInstance('SHA-256').digest(project.getBytes('UTF-8')).encodeHex().toString().substring(0, 32)
def passes = new File(localRepositoryPath, ".cache/cookbook-maven-plugin/passes/${hash}")
def stored = passes.listFiles().findAll { it.name.endsWith('.json') }*.text
assert stored.size() == 2
assert stored.every { it =~ /^[0-9a-f]{64}\n\{/ }
assert stored.any { it.contains('"recipe":"recipes/windows/tumble-and-hop.md"') }
assert stored.any { it.contains('"recipe":"recipes/windows/watermarks.md"') }
assert java.nio.file.Files.getPosixFilePermissions(passes.toPath()) == java.nio.file.attribute.PosixFilePermissions.fromString('rwx------')
return true
