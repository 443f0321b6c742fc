import java.nio.file.Files

// A directory outside the project: a canary file a recipe must never show, an empty directory a
// sink might write to, and a recipe that must never be read.
def outside = new File(basedir, '../hostile-outside')
outside.deleteDir()
new File(outside, 'sink').mkdirs()
new File(outside, 'secret.csv').text = '42,CANARY7f3a\n'
new File(outside, 'recipe.md').text = '# Outside\n\n```sql\nSELECT \'CANARY7f3a\' AS leaked;\n```\n'
def link = { String from, File to -> Files.createSymbolicLink(new File(basedir, from).toPath(), to.toPath()) }
link('fixtures/link.csv', new File(outside, 'secret.csv'))
link('fixtures/outdir', outside)
link('recipes/expected-link.expected', new File(outside, 'secret.csv'))
link('recipes/outside-link.md', new File(outside, 'recipe.md'))
// What a pull request could commit under target/ with git add -f: a pass of a failing recipe in the
// old cache layout, and its results directory linked outside; and a JUnit directory linked outside.
def elsewhere = new File(basedir, '../hostile-outside-cache')
elsewhere.deleteDir()
new File(elsewhere, 'reports').mkdirs()
new File(elsewhere, 'keep.json').text = '{"mine": true}'
def oldCache = new File(basedir, 'target/cookbook/cache')
oldCache.mkdirs()
new File(oldCache, 'passed.txt').text = '0000000000000000000000000000000000000000000000000000000000000000 recipes/forged-cache.md\n'
link('target/cookbook/cache/results', elsewhere)
link('target/linked-reports', new File(elsewhere, 'reports'))
// a file name that would be a workflow command after a line break
new File(basedir, 'recipes/name\n::error file=README.md::forged by a name.md').text = '# Named\n\n```sql\nSELEC 1;\n```\n'
// secrets inside the project: the checkout's Git configuration with a CI token, a nested repository's,
// a file the build wrote, and a FIFO (which would block its reader)
new File(basedir, '.git').mkdirs()
new File(basedir, '.git/config').text = '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic TOKEN5e1b7\n'
new File(basedir, 'fixtures/vendored/.git').mkdirs()
new File(basedir, 'fixtures/vendored/.git/config').text = 'url = https://TOKEN5e1b7@example.com/x.git\n'
new File(basedir, 'target').mkdirs()
new File(basedir, 'target/secret.txt').text = 'TOKEN5e1b7\n'
assert ['mkfifo', new File(basedir, 'fixtures/pipe.csv').path].execute().waitFor() == 0
return true
