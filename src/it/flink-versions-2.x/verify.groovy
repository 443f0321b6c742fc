// Flink 2.0.0 has no PARSE_JSON; marked <!-- cookbook:flink >= 2.1 --> on the recipe, it needs Flink 2.1 there
def checks = evaluate(new File(pluginDirectory, 'src/it/flink-versions.groovy'))
checks(
        basedir,
        '2.0.0',
        'unmarked/events.md:11: on Flink 2.0.0: SELECT id, PARSE_JSON(payload) AS doc FROM events: '
                + 'From line 11, column 12 to line 11, column 30: No match found for function signature PARSE_JSON(',
        'marked/events.md',
        [status: 'needs-newer-flink', line: 3, message: 'needs Flink 2.1'])
return true
