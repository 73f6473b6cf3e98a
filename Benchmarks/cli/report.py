"""Writes the Markdown report of a compare-cli.sh run: a summary (icugrep's times against
ripgrep's, per set and over all), the times with ratios, where the tools print different lines,
peak memory, start-up time, and the machine.

Usage: report.py RAW_DIR OUTPUT.md
"""

import math
import statistics
import sys

from rawdata import DISPLAY_NAMES, SETS, load

# The ratio to ripgrep above which a search counts as slow in the summary.
SLOW_RATIO = 1.5


def code(text):
    """Inline code in a table cell: GitHub reads | as a column break even inside backticks."""
    return "`" + text.replace("|", "\\|") + "`"


def seconds(value):
    return f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def geometric_mean(values):
    return math.exp(sum(math.log(value) for value in values) / len(values))


def sets_present(results):
    """(name, benchmarks) for each set that ran, then "all" when more than one did."""
    groups = [(name, [b for b in results.benchmarks if b.set == name]) for name in SETS]
    groups = [(name, benchmarks) for name, benchmarks in groups if benchmarks]
    if len(groups) > 1:
        groups.append(("all", results.benchmarks))
    return groups


def machine_line(results):
    m = results.machine
    sizes = ", ".join(
        f"{name} {int(m['corpus_' + key]) / 1e6:.0f} MB"
        for key, name in (("en", "English"), ("ru", "Russian"), ("zh", "Chinese"))
        if "corpus_" + key in m
    )
    line = f"{m['date']}, {m['cpu']} ({m['nproc']} cores, {m['memory']}), {m['kernel']}."
    if sizes:
        line += f" Corpora: {sizes} (rebar's OpenSubtitles samples, repeated)."
    if "tree_files" in m:
        line += (
            f" Source tree: {int(m['tree_files']):,} files, {int(m['tree_bytes']) / 1e6:.0f} MB"
            f" ({m['tree_packages']} Swift packages at fixed tags)."
        )
    return line


# MARK: - Agreement


def output_groups(benchmark):
    """The tools that printed the same output, grouped: [(tools, lines, notices)], in run order.
    Two groups may have the same counts and different lines (their digests differ)."""
    groups = {}
    for tool, lines in benchmark.lines.items():
        key = (lines, benchmark.binary_notices.get(tool, 0), benchmark.digests.get(tool, str(lines)))
        groups.setdefault(key, []).append(tool)
    return [(tools, key[0], key[1]) for key, tools in groups.items()]


def disagrees(benchmark):
    return len(output_groups(benchmark)) > 1


def describe_groups(benchmark):
    groups = output_groups(benchmark)
    any_notices = any(notices for _, _, notices in groups)
    parts = []
    for tools, lines, notices in groups:
        text = " = ".join(DISPLAY_NAMES[tool] for tool in tools) + f": {lines} lines"
        if any_notices:
            text += f", {notices} binary files matched"
        parts.append(text)
    counts = [(lines, notices) for _, lines, notices in groups]
    same = " (the same counts, other lines)" if len(set(counts)) < len(counts) else ""
    return "; ".join(parts) + same


def semantic_differences(results):
    lines = []
    for benchmark in results.benchmarks:
        if disagrees(benchmark):
            lines.append(f"- **{benchmark.id}** ({code(benchmark.command)}): {describe_groups(benchmark)}")
        skipped = [DISPLAY_NAMES[tool] for tool in results.tools if tool not in benchmark.lines]
        if skipped:
            lines.append(f"- {benchmark.id}: not run by {', '.join(skipped)} (the pattern is not expressible there)")
    if not lines:
        return "None: every tool printed the same lines in every benchmark."
    return (
        "Where the tools print different lines (tools joined by = printed the same ones; a tree "
        "search's lines are compared sorted):\n\n" + "\n".join(lines)
    )


# MARK: - Summary


def ratios(benchmarks, tool, reference):
    """(benchmark, time of tool / time of reference) where both ran."""
    out = []
    for benchmark in benchmarks:
        time, base = benchmark.median_seconds.get(tool), benchmark.median_seconds.get(reference)
        if time and base:
            out.append((benchmark, time / base))
    return out


def summary_table(results):
    """Per set: the geometric mean and the largest of icugrep/rg (and baseline/rg, and
    icugrep/baseline, when a baseline ran), and the searches over SLOW_RATIO."""
    reference = results.reference
    compared = [tool for tool in ("icugrep", "baseline") if tool in results.tools and tool != reference]
    pairs = [(tool, reference) for tool in compared]
    if "icugrep" in compared and "baseline" in compared:
        pairs.append(("icugrep", "baseline"))
    if not pairs:
        return "Nothing to compare: icugrep did not run."
    rows = []
    for tool, base in pairs:
        for name, benchmarks in sets_present(results):
            row = [f"{DISPLAY_NAMES[tool]} / {DISPLAY_NAMES[base]}", name]
            found = ratios(benchmarks, tool, base)
            if not found:
                rows.append(row + ["0", "—", "—", "—"])
                continue
            worst = max(found, key=lambda pair: pair[1])
            slow = [b.id for b, r in found if r > SLOW_RATIO]
            rows.append(
                row
                + [
                    str(len(found)),
                    f"**{geometric_mean([r for _, r in found]):.2f}×**",
                    f"{worst[1]:.2f}× ({worst[0].id})",
                    f"{len(slow)}" + (f": {', '.join(slow)}" if slow else ""),
                ]
            )
    return table(["time ratio", "set", "benchmarks", "geometric mean", "largest", f"over {SLOW_RATIO}×"], rows)


def summary(results):
    parts = [summary_table(results)]
    differing = [b.id for b in results.benchmarks if disagrees(b)]
    if differing:
        parts.append(
            f"**The tools print different lines in {len(differing)} of {len(results.benchmarks)} benchmarks** "
            f"({', '.join(differing)}): see [Semantic differences](#semantic-differences)."
        )
    else:
        parts.append("Every tool printed the same lines in every benchmark it ran.")
    largest = []
    for tool in results.tools:
        values = [b.peak_kib[tool] for b in results.benchmarks if tool in b.peak_kib]
        if values:
            largest.append(f"{DISPLAY_NAMES[tool]} {max(values) / 1024:.0f} MiB")
    if largest:
        parts.append(f"Largest peak memory: {', '.join(largest)}.{memory_comparison(results)}")
    startup = results.startup_seconds
    if startup:
        cells = ", ".join(f"{DISPLAY_NAMES[tool]} {startup[tool] * 1000:.1f} ms" for tool in results.tools if tool in startup)
        parts.append(f"Start-up (one-line file): {cells}.")
    return "\n\n".join(parts)


# MARK: - Tables


def time_table(results, benchmarks):
    reference = results.reference
    rows = []
    for benchmark in benchmarks:
        cells = []
        for tool in results.tools:
            median = benchmark.median_seconds.get(tool)
            base = benchmark.median_seconds.get(reference)
            if median is None:
                cells.append("—")
            elif base:
                cells.append(f"{seconds(median)} ({median / base:.2f}×)")
            else:
                cells.append(seconds(median))
        name = benchmark.id + (" ⚠" if disagrees(benchmark) else "")
        rows.append([name, benchmark.corpus, code(benchmark.command)] + cells)
    header = ["benchmark", "corpus", "flags and pattern"] + [DISPLAY_NAMES[tool] for tool in results.tools]
    return table(header, rows)


def time_sections(results):
    sections = []
    for name, benchmarks in sets_present(results):
        if name != "all":
            sections.append(f"### {name.capitalize()}\n\n{time_table(results, benchmarks)}")
    return "\n\n".join(sections)


def memory_table(results):
    def mib(kib):
        return f"{kib / 1024:.0f}"

    rows = []
    for benchmark in results.benchmarks:
        cells = [mib(benchmark.peak_kib[tool]) if tool in benchmark.peak_kib else "—" for tool in results.tools]
        rows.append([benchmark.id] + cells)
    for name, benchmarks in sets_present(results):
        for label, reduce in (("median", statistics.median), ("largest", max)):
            cells = []
            for tool in results.tools:
                values = [b.peak_kib[tool] for b in benchmarks if tool in b.peak_kib]
                cells.append(f"**{mib(reduce(values))}**" if values else "—")
            rows.append([f"**{label}, {name}**"] + cells)
    return table(["benchmark"] + [DISPLAY_NAMES[tool] for tool in results.tools], rows)


def memory_comparison(results):
    """With a baseline, the largest change of icugrep's peak memory from the baseline's."""
    if "icugrep" not in results.tools or "baseline" not in results.tools:
        return ""
    changes = [
        (b.peak_kib["icugrep"] / b.peak_kib["baseline"], b.id)
        for b in results.benchmarks
        if b.peak_kib.get("icugrep") and b.peak_kib.get("baseline")
    ]
    if not changes:
        return ""
    low, high = min(changes), max(changes)
    return f" icugrep's over the baseline's: from {low[0]:.2f}× ({low[1]}) to {high[0]:.2f}× ({high[1]})."


def startup_table(results):
    startup = results.startup_seconds
    references = [tool for tool in ("rg", "ugrep") if tool in startup]
    rows = []
    for tool in results.tools:
        if tool not in startup:
            continue
        rows.append(
            [DISPLAY_NAMES[tool], f"{startup[tool] * 1000:.1f} ms"]
            + [f"{startup[tool] / startup[reference]:.2f}×" for reference in references]
        )
    return table(["tool", "median"] + [f"over {DISPLAY_NAMES[r]}'s" for r in references], rows)


def report(results):
    versions = "\n".join(
        f"- {DISPLAY_NAMES[tool]}: {results.machine.get('version_' + tool, 'unknown')}" for tool in results.tools
    )
    reference = DISPLAY_NAMES[results.reference]
    return f"""# icugrep beside grep, ripgrep and ugrep

Written by `Benchmarks/compare-cli.sh`; do not edit by hand. {machine_line(results)}

Each command searches one file, or the source tree recursively, and pipes the lines it prints
to `wc -l` (GNU grep stops at the first match when its output is `/dev/null`), with
`LC_ALL=C.UTF-8`. Times are medians of {results.machine['runs']} runs after one warm-up run,
measured by hyperfine; the ratio is to {reference} (lower is faster). Two sets: **subtitles**,
ripgrep's subtitle suite, and **everyday**, the searches people run every day (`-v` on a common
letter, a single common byte as the only literal, classes above U+0800, anchors, classes without
a literal, `-c`, `-i -w`, in English, Russian and Chinese), and recursive searches of a source
tree. The tree is searched with `-r` by icugrep and grep, `-uuu` by rg and `-r -.` by ugrep:
every file, hidden and binary ones included, no ignore file; rg and ugrep say "binary file
matches" on standard output where icugrep and grep say it on standard error, so those notices
are counted apart from the lines. `-c` is given with `--include-zero` to rg, which otherwise
leaves out the files without a match that grep counts. Chart: [cli.svg](cli.svg).

## Summary

{summary(results)}

## Time

{time_sections(results)}

⚠: the tools print different lines (see below).

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
