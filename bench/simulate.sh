#!/usr/bin/env bash
# simulate cold against verify cold (the sample cookbook and the late-data lab alone, each in a JVM of its own with
# recipes/.mvn/jvm.config's flags), the simulator's warm throughput and its watch: issue 28's speed targets
# (docs/benchmarks.md). Prints the median of ROUNDS runs in turns and the load average.
#
#   bench/simulate.sh [ROUNDS [ROWS [BASE_CLASSES]]]
#
# Defaults: 3 rounds, 1,000,000 rows. BASE_CLASSES: the build before's target/classes (for instance of a
# `git archive` of the base commit, compiled with mvn -o compile), whose simulate runs and throughput are measured
# in the same turns. Set MVN_ARGS=-o to build offline. About 20 minutes on 2 cores with a build before. With
# BENCH_JFR=1, each throughput run records its timed runs with JFR (settings "profile") into
# target/bench/simulate/throughput-simulator-ROUND.jfr (read with `jfr print --events jdk.ExecutionSample`).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
rows=${2:-1000000}
base=${3:+-Dbench.baseClasses=$(realpath "$3")}
work=target/bench/simulate
mkdir -p "$work"

mvn -B -q ${MVN_ARGS:-} compile dependency:build-classpath -DincludeScope=test -Dmdep.outputFile="$work/classpath"
classpath="target/classes:$(cat "$work/classpath")"
rm -rf "$work/classes"
javac -d "$work/classes" -cp "$classpath" $(find bench/src -name '*.java')
java ${base:-} ${BENCH_JFR:+-Dbench.jfr=on} -cp "$work/classes:$classpath:src/test/resources" org.flinkcookbook.bench.Benchmarks simulate \
  "$(realpath recipes)" "$(realpath fixtures)" "$(realpath "$work")" "$rounds" "$rows"
