#!/usr/bin/env python3
"""Writes docs/upstream-compatibility.md from the report.json of a cookbook:verify run over the
Flink SQL Cookbook (see the command at the top of that file).

usage: upstream-compatibility.py REPORT_JSON FIXES_TSV [FIXTURES_REPORT_JSON FIXTURES_DIR] > upstream-compatibility.md

FIXTURES_REPORT_JSON is the report.json of a cookbook:verify run on fixtures that cookbook:fixtures
wrote into FIXTURES_DIR (see the second command in that file); with it, a second table says which
recipes pass on them, on what data, and why the others do not.

FIXES_TSV holds the smallest fix of each broken recipe, one "path<TAB>fix" per line: a fix is
knowledge, not something the run can tell. A broken recipe without a fix, or a fix for a recipe
that is no longer broken, stops the script so the table never goes stale.
"""
import json
import os
import re
import sys

# The advice that ends the plugin's messages; the table says it once, below.
ADVICE = re.compile(r"; (to verify its results, bind each|bind a fixture with|keep files there or bind|show the recipe with).*$")
EXCERPT = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): this block is shown, not run: (?P<why>[^;]*);")


def fixes(path):
    with open(path, encoding="utf-8") as lines:
        return dict(line.rstrip("\n").split("\t", 1) for line in lines if line.strip() and not line.startswith("#"))


def reason(recipe):
    problem = recipe.get("problem")
    text = ""
    if problem:
        message = ADVICE.sub("", problem["message"])
        text = f"line {problem['line']}: {message}"
    excerpts = [EXCERPT.match(warning) for warning in recipe.get("warnings", [])]
    shown = [f"line {m['line']} ({m['why']})" for m in excerpts if m]
    if shown:
        text += ("<br>" if text else "") + "Shown, not run: " + "; ".join(shown)
    return text.replace("|", "\\|")


# Why a recipe that Flink accepts does not pass on generated fixtures: knowledge, not something the run can tell.
NOT_PASSED = {
    "joins/02_interval_joins/02_interval_joins.md": "its times are computed columns of `RAND()` and `CURRENT_TIMESTAMP`, "
    "so which orders and shipments join differs from run to run: no fixture can fix that",
}


def data(fixtures_dir, path):
    """The generated fixtures of a recipe: each table with its row count."""
    directory = os.path.join(fixtures_dir, path[:-len(".md")])
    if not os.path.isdir(directory):
        return ""
    tables = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".csv"):
            with open(os.path.join(directory, name), encoding="utf-8") as csv:
                tables.append(f"{name[:-4]} ({sum(1 for line in csv if line.strip())} rows)")
    return ", ".join(tables)


def outcomes(recipe):
    """Late rows each windowed result dropped, and the rows of each result, as the run checked them."""
    parts = []
    for result in recipe.get("results", []):
        late = result.get("lateRowsDropped")
        what = f"line {result['line']}: {len(result['rows'])} rows"
        if late is not None:
            what += f", {late} late rows dropped"
        parts.append(what)
    return "<br>".join(parts)


def fixtures_table(report_path, fixtures_dir):
    with open(report_path, encoding="utf-8") as report_file:
        report = json.load(report_file)
    counts = {}
    for recipe in report["recipes"]:
        counts[recipe["status"]] = counts.get(recipe["status"], 0) + 1
    print()
    print("## On generated fixtures")
    print()
    print("The same recipes, unchanged, on fixtures that `cookbook:fixtures -Dcookbook.generate=all` wrote (see the")
    print("README, *Generated fixtures*): " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + ". Regenerate with:")
    print()
    print("```bash")
    print("rm -rf /tmp/cookbook-fixtures && cp -r ../shared/upstream-cookbook /tmp/cookbook-fixtures && cd /tmp/cookbook-fixtures")
    print("P=org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT; O='-Dcookbook.recipes=. -Dcookbook.fixtures=fixtures'")
    print("mvn -B $P:fixtures $O -Dcookbook.generate=all && mvn -B $P:expected $O; mvn -B $P:verify $O; cd -")
    print("python3 docs/upstream-compatibility.py /tmp/flink-sql-cookbook/target/cookbook/report.json docs/upstream-fixes.tsv \\")
    print("    /tmp/cookbook-fixtures/target/cookbook/report.json /tmp/cookbook-fixtures/fixtures > docs/upstream-compatibility.md")
    print("```")
    print()
    print("Row counts of results above 1000 rows are checked as a count and a hash. A late row is one a window (or an")
    print("OVER aggregation) dropped because the watermark had passed it; `CURRENT_WATERMARK` filters are checked by")
    print("the rows of the INSERT they feed.")
    print()
    print("**Which rows are late.** A faker row's time is its arrival minus a random delay between the")
    print("expression's minimum and maximum (`date.past '15','5','SECONDS'`: 5 to 15 s). The watermark trails the")
    print("latest time seen by the table's `WATERMARK` delay, so a row can only be behind it when the maximum delay")
    print("exceeds the minimum plus the watermark delay. Of the ten recipes with windows or `CURRENT_WATERMARK`, three")
    print("make such rows: `03_current_watermark` (10 to 45 s against 15 s: about half the rows are filtered into the")
    print("late sink), `11_window_top_n` (up to 30 s against 5 s: the rows that arrive after the 10-minute window closed")
    print("are dropped) and `10_hopping_time_windows` (up to 30 s against 5 s, but a 1-minute HOP window sliding by")
    print("30 s stays open 30 s longer than any row is late, so none is dropped). The other seven set a watermark")
    print("delay at least as large as their delays, and `01_group_by_window` counts processing-time windows, which a")
    print("bounded fixture never fires, so they drop nothing, on fixtures as live.")
    print()
    print("| recipe | status | data (generated fixtures) | results checked | why not passed |")
    print("|---|---|---|---|---|")
    for recipe in sorted(report["recipes"], key=lambda r: r["path"]):
        why = NOT_PASSED.get(recipe["path"], "") if recipe["status"] != "passed" else ""
        if recipe["status"] != "passed" and not why:
            why = reason(recipe)
        print(f"| {recipe['path']} | {recipe['status']} | {data(fixtures_dir, recipe['path'])} | {outcomes(recipe)} | {why} |")


def main(report_path, fixes_path):
    with open(report_path, encoding="utf-8") as report_file:
        report = json.load(report_file)
    known = fixes(fixes_path)
    broken = {recipe["path"] for recipe in report["recipes"] if recipe["status"] == "broken"}
    missing = sorted(broken - known.keys())
    stale = sorted(known.keys() - broken)
    if missing or stale:
        sys.exit(f"{fixes_path}: add the smallest fix of {missing}, remove the fixes of {stale}")
    counts = {}
    for recipe in report["recipes"]:
        counts[recipe["status"]] = counts.get(recipe["status"], 0) + 1
    print("# The Flink SQL Cookbook on Flink " + report["flinkVersion"])
    print()
    print("Generated by `docs/upstream-compatibility.py` from a `cookbook:verify` run over the upstream cookbook")
    print("(../shared/upstream-cookbook, " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + "). Regenerate it with:")
    print()
    print("```bash")
    print("mvn -B install -DskipTests -Dinvoker.skip=true")
    print("rm -rf /tmp/flink-sql-cookbook && cp -r ../shared/upstream-cookbook /tmp/flink-sql-cookbook")
    print("(cd /tmp/flink-sql-cookbook && mvn -B org.flinkcookbook:cookbook-maven-plugin:0.1.0-SNAPSHOT:verify \\")
    print("    -Dcookbook.recipes=. -Dcookbook.fixtures=fixtures)  # fails the build while recipes are broken")
    print("python3 docs/upstream-compatibility.py /tmp/flink-sql-cookbook/target/cookbook/report.json \\")
    print("    docs/upstream-fixes.tsv > docs/upstream-compatibility.md")
    print("```")
    print()
    print("Statuses: **planned** recipes were parsed, validated and planned by Flink with stand-ins for the")
    print("tables that have no data here (bind them to CSV fixtures with `<!-- cookbook:fixture TABLE = file.csv -->`")
    print("to verify their results); **broken** ones are rejected by Flink; **not-runnable** ones need what a Maven")
    print("build does not have. See the README for every status.")
    print()
    print("| recipe | status | reason | smallest fix |")
    print("|---|---|---|---|")
    for recipe in sorted(report["recipes"], key=lambda r: r["path"]):
        fix = known.get(recipe["path"], "").replace("|", "\\|")
        print(f"| [{recipe['path']}](https://github.com/ververica/flink-sql-cookbook/blob/main/{recipe['path']}) "
              f"| {recipe['status']} | {reason(recipe)} | {fix} |")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
    if len(sys.argv) == 5:
        fixtures_table(sys.argv[3], sys.argv[4])
