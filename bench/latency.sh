#!/usr/bin/env bash
# Runs the benchmarks of issue 17 (watch mode, incremental verify, cold start; docs/benchmarks.md)
# and prints them side by side with their ratios.
#
#   bench/latency.sh REPOSITORY [BASE_REPOSITORY]
#
# REPOSITORY is a private local Maven repository holding this build of the plugin (see the brief:
# mvn -o -Dmaven.repo.local=REPOSITORY install -DskipTests -Dinvoker.skip=true); BASE_REPOSITORY,
# optional, one holding the build to compare with. Works on copies of recipes/ and fixtures/ in
# target/bench/latency. Set MVN_ARGS=-o to build offline. Takes about 10 minutes on 2 cores.
# ONLY=incremental runs the incremental verify alone, without and with the warm engine (-Dcookbook.incrementalRounds=N).
# ONLY=watches runs the four watch-mode benchmarks alone (Flink and simulator, results remembered or not).
# ONLY=cold runs the cold one-recipe verify alone (-Dcookbook.coldRounds=N in JAVA_OPTS: runs of each, 3 by default).
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(realpath "$1")
base=${2:+$(realpath "$2")}
work=target/bench/latency
mkdir -p "$work"

mvn -B -q ${MVN_ARGS:-} compile dependency:build-classpath -DincludeScope=test -Dmdep.outputFile="$work/classpath"
classpath="target/classes:$(cat "$work/classpath")"
rm -rf "$work/classes" "$work/watch-"* "$work/cookbook"
javac -d "$work/classes" -cp "$classpath" $(find bench/src -name '*.java')
java ${JAVA_OPTS:-} -cp "$work/classes:$classpath" org.flinkcookbook.bench.Benchmarks ${ONLY:-latency} "$(realpath recipes)" "$(realpath fixtures)" "$(realpath "$work")" "$repository" "${base:--}"
