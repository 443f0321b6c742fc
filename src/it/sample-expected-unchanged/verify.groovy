// cookbook:expected wrote every recipe's values, and each file reads byte for byte as committed:
// nondeterministic columns are placeholders already, and everything else (LAG included) is deterministic
def original = new File(pluginDirectory, 'recipes')
def written = basedir
def log = new File(basedir, 'build.log').text
assert log.contains('wrote the expected values of')
def changed = []
original.eachFileRecurse { file ->
    if ((file.name.endsWith('.expected') || file.name.endsWith('.md')) && !file.path.contains('/target/')) {
        def copy = new File(written, original.toPath().relativize(file.toPath()).toString())
        if (copy.text != file.text) {
            changed << original.toPath().relativize(file.toPath()).toString()
        }
    }
}
assert changed.isEmpty(): "cookbook:expected changed ${changed}"
return true
