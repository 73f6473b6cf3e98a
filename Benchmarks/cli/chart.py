"""Draws the median times of a compare-cli.sh run as grouped horizontal bars on a logarithmic
axis, as a self-contained SVG (no third-party packages: the SVG is written by hand).

Usage: chart.py RAW_DIR OUTPUT.svg
"""

import math
import sys
from html import escape

from rawdata import DISPLAY_NAMES, load

COLORS = {"icugrep": "#d9480f", "baseline": "#f59f00", "grep-P": "#4c6ef5", "grep-E": "#74c0fc", "rg": "#2b8a3e", "ugrep": "#ae3ec9"}
LABEL_WIDTH = 200  # benchmark names, left of the plot
PLOT_WIDTH = 560
VALUE_WIDTH = 70  # the value printed after each bar
BAR_HEIGHT = 11
BAR_GAP = 2
GROUP_GAP = 12
TOP = 64  # title and legend
AXIS_HEIGHT = 36
SET_HEADING = 24  # "Subtitles", "Everyday" above their benchmarks


def log_domain(values):
    """Whole decades that contain every value."""
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max(values)))
    return low, (high * 10 if high == low else high)


def tick_label(seconds):
    return f"{seconds * 1000:g} ms" if seconds < 1 else f"{seconds:g} s"


def value_label(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def chart(results):
    tools = results.tools
    values = [v for b in results.benchmarks for v in b.median_seconds.values() if v > 0]
    low, high = log_domain(values)

    def x(seconds):
        return LABEL_WIDTH + PLOT_WIDTH * (math.log10(seconds) - math.log10(low)) / (math.log10(high) - math.log10(low))

    group_height = len(tools) * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP
    # The top of each benchmark's group of bars, below a heading where a set starts (when the
    # run has more than one set).
    headed = len({b.set for b in results.benchmarks}) > 1
    tops, headings, y = [], [], TOP
    for index, benchmark in enumerate(results.benchmarks):
        if headed and (index == 0 or benchmark.set != results.benchmarks[index - 1].set):
            headings.append((y, benchmark.set))
            y += SET_HEADING
        tops.append(y)
        y += group_height
    plot_height = y - TOP
    width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH
    height = TOP + plot_height + AXIS_HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">'
        f"Median time per search, log scale (shorter is faster)</text>",
    ]
    # Legend.
    legend_x = LABEL_WIDTH
    for tool in tools:
        out.append(f'<rect x="{legend_x}" y="32" width="12" height="12" fill="{COLORS.get(tool, "#888")}"/>')
        out.append(f'<text x="{legend_x + 16}" y="42">{escape(DISPLAY_NAMES[tool])}</text>')
        legend_x += 24 + 7 * len(DISPLAY_NAMES[tool])
    # Decade grid lines, with 2× and 5× marks between them (labelled when there is room).
    label_minor = math.log10(high / low) <= 3.5
    decade = low
    while decade <= high * 1.0001:
        for multiple in (1, 2, 5):
            value = decade * multiple
            if value > high * 1.0001:
                break
            major = multiple == 1
            out.append(
                f'<line x1="{x(value):.1f}" y1="{TOP - 6}" x2="{x(value):.1f}" y2="{TOP + plot_height}" '
                f'stroke="{"#bbb" if major else "#e6e6e6"}"/>'
            )
            if major or label_minor:
                out.append(
                    f'<text x="{x(value):.1f}" y="{TOP + plot_height + 16}" text-anchor="middle" '
                    f'fill="{"#333" if major else "#999"}">{tick_label(value)}</text>'
                )
        decade *= 10
    for y, name in headings:
        out.append(f'<text x="8" y="{y + SET_HEADING - 7}" font-size="12" font-weight="bold">{escape(name.capitalize())}</text>')
        out.append(f'<line x1="8" y1="{y + SET_HEADING - 3}" x2="{width - 8}" y2="{y + SET_HEADING - 3}" stroke="#888"/>')
    # One group of bars per benchmark.
    for index, benchmark in enumerate(results.benchmarks):
        top = tops[index]
        middle = top + (group_height - GROUP_GAP) / 2
        out.append(f'<text x="{LABEL_WIDTH - 8}" y="{middle + 4:.1f}" text-anchor="end">{escape(benchmark.id)}</text>')
        for row, tool in enumerate(tools):
            seconds = benchmark.median_seconds.get(tool)
            if not seconds:
                continue
            y = top + row * (BAR_HEIGHT + BAR_GAP)
            out.append(
                f'<rect x="{LABEL_WIDTH}" y="{y}" width="{max(x(seconds) - LABEL_WIDTH, 1):.1f}" '
                f'height="{BAR_HEIGHT}" fill="{COLORS.get(tool, "#888")}">'
                f"<title>{escape(DISPLAY_NAMES[tool])}: {value_label(seconds)}</title></rect>"
            )
            out.append(f'<text x="{x(seconds) + 4:.1f}" y="{y + BAR_HEIGHT - 2}" font-size="9">{value_label(seconds)}</text>')
    out.append(
        f'<text x="{LABEL_WIDTH + PLOT_WIDTH / 2}" y="{height - 6}" text-anchor="middle" fill="#333">'
        f"{escape(results.machine.get('cpu', ''))}, {results.machine.get('nproc', '?')} cores, "
        f"{escape(results.machine.get('date', ''))}</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raw, output = sys.argv[1:3]
    with open(output, "w", encoding="utf-8") as file:
        file.write(chart(load(raw)))
