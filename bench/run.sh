#!/usr/bin/env bash
# Runs the benchmarks of docs/benchmarks.md and prints them side by side with their ratios.
#
#   bench/run.sh [RECIPES_DIR [FIXTURES_DIR [ROWS [BIG_ROWS]]]]
#
# Defaults: the sample cookbook (recipes/ and fixtures/), 1,000,000 and 10,000,000 rows. Seeded
# fixtures are generated into target/bench/fixtures (about 0.5 GB for 10,000,000 rows), never
# committed. Set MVN_ARGS=-o to build offline. Takes about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
recipes=$(realpath "${1:-recipes}")
fixtures=$(realpath "${2:-fixtures}")
rows=${3:-1000000}
big_rows=${4:-10000000}
work=target/bench

mvn -B -q ${MVN_ARGS:-} compile dependency:build-classpath -DincludeScope=test -Dmdep.outputFile="$work/classpath"
classpath="target/classes:$(cat "$work/classpath")"
rm -rf "$work/classes"
javac -d "$work/classes" -cp "$classpath" $(find bench/src -name '*.java')
java -cp "$work/classes:$classpath:src/test/resources" org.flinkcookbook.bench.Benchmarks all "$recipes" "$fixtures" "$work" "$rows" "$big_rows"
