import java.nio.file.Files

// A directory outside the project, with a secret and an empty directory a sink might write to.
def outside = new File(basedir, '../hostile-outside')
outside.deleteDir()
new File(outside, 'sink').mkdirs()
new File(outside, 'secret.csv').text = '42,secret\n'
Files.createSymbolicLink(new File(basedir, 'fixtures/link.csv').toPath(), new File(outside, 'secret.csv').toPath())
return true
