"""Reads the raw results that compare-cli.sh leaves in its cache directory ($CACHE/raw)."""

import csv
import json
import os
from dataclasses import dataclass, field

# How each tool is named in the reports.
DISPLAY_NAMES = {"icugrep": "icugrep", "baseline": "icugrep (baseline)", "grep-P": "grep -P", "grep-E": "grep -E", "rg": "rg", "ugrep": "ugrep"}


# The sets of benchmarks, in the order the reports give them.
SETS = ("subtitles", "everyday")


@dataclass
class Benchmark:
    id: str
    corpus: str  # en, ru, zh, or tree (a recursive search of the source tree)
    flags: str
    pattern: str
    set: str = "subtitles"  # raw data written before the everyday set has no set column
    median_seconds: dict = field(default_factory=dict)  # tool -> median wall time
    lines: dict = field(default_factory=dict)  # tool -> matching lines printed
    peak_kib: dict = field(default_factory=dict)  # tool -> peak resident memory
    binary_notices: dict = field(default_factory=dict)  # tool -> "binary file matches" notices
    digests: dict = field(default_factory=dict)  # tool -> MD5 of the lines printed (sorted for a tree)

    @property
    def command(self):
        """The pattern as a grep user types it: flags first."""
        return f"{self.flags} {self.pattern}".strip()


@dataclass
class Results:
    machine: dict  # key -> value, from machine.tsv
    tools: list  # in the order they were run
    benchmarks: list
    startup_seconds: dict  # tool -> median wall time on a one-line file

    @property
    def reference(self):
        """The tool the ratios are relative to: ripgrep, or the first tool when it is absent
        (not the "baseline" tool, an earlier icugrep)."""
        return "rg" if "rg" in self.tools else self.tools[0]


def _rows(path):
    with open(path, newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE))


def _medians(path):
    """Tool name -> median seconds, from one hyperfine --export-json file."""
    with open(path, encoding="utf-8") as file:
        return {result["command"]: result["median"] for result in json.load(file)["results"]}


def load(raw):
    machine = {}
    with open(os.path.join(raw, "machine.tsv"), encoding="utf-8") as file:
        for line in file:
            key, _, value = line.rstrip("\n").partition("\t")
            machine[key] = value
    benchmarks = {row["id"]: Benchmark(**row) for row in _rows(os.path.join(raw, "benchmarks.tsv"))}
    tools = []
    for row in _rows(os.path.join(raw, "counts.tsv")):
        benchmark = benchmarks[row["id"]]
        benchmark.lines[row["tool"]] = int(row["lines"])
        benchmark.peak_kib[row["tool"]] = int(row["peak_kib"])
        if row.get("binary_notices") is not None:
            benchmark.binary_notices[row["tool"]] = int(row["binary_notices"])
        if row.get("digest") is not None:
            benchmark.digests[row["tool"]] = row["digest"]
        if row["tool"] not in tools:
            tools.append(row["tool"])
    for benchmark in benchmarks.values():
        path = os.path.join(raw, f"time-{benchmark.id}.json")
        if os.path.exists(path):
            benchmark.median_seconds = _medians(path)
    startup = _medians(os.path.join(raw, "startup.json"))
    return Results(machine, tools, list(benchmarks.values()), startup)
