"""Writes the Markdown report of a compare-cli.sh run: times with ratios, the lines each tool
counted where they disagree, peak memory, start-up time, and the machine.

Usage: report.py RAW_DIR OUTPUT.md
"""

import sys

from rawdata import DISPLAY_NAMES, load


def code(text):
    """Inline code in a table cell: GitHub reads | as a column break even inside backticks."""
    return "`" + text.replace("|", "\\|") + "`"


def seconds(value):
    return f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def machine_line(results):
    m = results.machine
    sizes = ", ".join(
        f"{name} {int(m['corpus_' + key]) / 1e6:.0f} MB"
        for key, name in (("en", "English"), ("ru", "Russian"))
        if "corpus_" + key in m
    )
    return (
        f"{m['date']}, {m['cpu']} ({m['nproc']} cores, {m['memory']}), {m['kernel']}. "
        f"Corpora: {sizes} (rebar's OpenSubtitles samples, repeated)."
    )


def time_table(results):
    base = results.baseline
    rows = []
    for benchmark in results.benchmarks:
        cells = []
        for tool in results.tools:
            median = benchmark.median_seconds.get(tool)
            reference = benchmark.median_seconds.get(base)
            if median is None:
                cells.append("—")
            elif reference:
                cells.append(f"{seconds(median)} ({median / reference:.2f}×)")
            else:
                cells.append(seconds(median))
        rows.append([benchmark.id, code(benchmark.command)] + cells)
    return table(["benchmark", "pattern"] + [DISPLAY_NAMES[tool] for tool in results.tools], rows)


def semantic_differences(results):
    lines = []
    for benchmark in results.benchmarks:
        if len(set(benchmark.lines.values())) > 1:
            counts = ", ".join(f"{DISPLAY_NAMES[tool]} {count}" for tool, count in benchmark.lines.items())
            lines.append(f"- {benchmark.id} ({code(benchmark.command)}): {counts}")
        skipped = [DISPLAY_NAMES[tool] for tool in results.tools if tool not in benchmark.lines]
        if skipped:
            lines.append(f"- {benchmark.id}: not run by {', '.join(skipped)} (the pattern is not expressible there)")
    if not lines:
        return "None: every tool counted the same lines in every benchmark."
    return "Matching lines counted, where the tools disagree:\n\n" + "\n".join(lines)


def memory_table(results):
    rows = []
    for benchmark in results.benchmarks:
        cells = [
            f"{benchmark.peak_kib[tool] / 1024:.0f}" if tool in benchmark.peak_kib else "—" for tool in results.tools
        ]
        rows.append([benchmark.id] + cells)
    return table(["benchmark"] + [DISPLAY_NAMES[tool] for tool in results.tools], rows)


def startup_table(results):
    rows = [
        [DISPLAY_NAMES[tool], f"{results.startup_seconds[tool] * 1000:.1f} ms"]
        for tool in results.tools
        if tool in results.startup_seconds
    ]
    return table(["tool", "median"], rows)


def report(results):
    versions = "\n".join(
        f"- {DISPLAY_NAMES[tool]}: {results.machine.get('version_' + tool, 'unknown')}" for tool in results.tools
    )
    return f"""# icugrep beside grep, ripgrep and ugrep

Written by `Benchmarks/compare-cli.sh`; do not edit by hand. {machine_line(results)}

Each command searches one file and pipes the matching lines to `wc -l` (GNU grep stops at the
first match when its output is `/dev/null`), with `LC_ALL=C.UTF-8`. Times are medians of
{results.machine['runs']} runs after one warm-up run, measured by hyperfine; the ratio is to
{DISPLAY_NAMES[results.baseline]} (lower is faster). The benchmarks are ripgrep's subtitle suite.
Chart: [cli.svg](cli.svg).

## Time

{time_table(results)}

## Semantic differences

{semantic_differences(results)}

## Peak memory (MiB resident, one run)

{memory_table(results)}

Resident memory includes the pages of a file that a tool maps into memory instead of reading
it (ripgrep does so for a single file), although those pages are the page cache's and shared.

## Start-up (a one-line file)

{startup_table(results)}

## Versions

{versions}
"""


if __name__ == "__main__":
    raw, output = sys.argv[1:3]
    with open(output, "w", encoding="utf-8") as file:
        file.write(report(load(raw)))
