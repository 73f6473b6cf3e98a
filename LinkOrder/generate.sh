#!/usr/bin/env bash
# Writes LinkOrder/icugrep.sections, the order in which install.sh's link places the code that
# icugrep runs in everyday searches: that code then lies in a few hundred contiguous KiB of the
# executable instead of being spread over its 5.5 MiB of code.
#
# Why: the kernel maps an executable's pages from the page cache around each page a process
# first touches (64 KiB or more at a time, a whole page-cache folio on recent kernels), and
# every page mapped counts in the process's resident memory. The functions a search runs are
# a small part of the static Swift runtime and of icugrep; spread over the whole executable,
# they put most of its code in memory (3.6 MiB for a literal search) and cost a page fault per
# region at every start.
#
# How: a release build whose every function is in a section of its own (the same flags
# install.sh uses, without the order), run under Callgrind on the searches below over the
# test corpora; the sections of every function that ran are written hottest-first by how many
# of the searches ran them, then by instructions. Functions that the static Swift runtime
# keeps in one section with others cannot be moved; they stay where they are.
#
# The order only places code: a function missing from it (new, or renamed since) is linked
# after the others as usual, so a stale order costs memory, never correctness. Run this again
# after changes that alter which functions a search runs, and commit the result.
#
# Usage: LinkOrder/generate.sh        needs valgrind (apt-get install valgrind) and python3
# Environment: SCRATCH=dir (default /tmp/icugrep-link-order) for the build and the profiles.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
scratch=${SCRATCH:-/tmp/icugrep-link-order}
corpora=$root/Tests/Fixtures/corpora
say() { printf 'generate.sh: %s\n' "$*" >&2; }

for tool in valgrind callgrind_annotate python3 strip nm; do
    command -v "$tool" >/dev/null || { say "needs $tool (apt-get install valgrind python3 binutils)"; exit 1; }
done
mkdir -p "$scratch/profiles"
rm -f "$scratch"/profiles/*

binary=$(ICUGREP_LINK_ORDER=none ICUGREP_SCRATCH_PATH="$scratch/build" "$root/install.sh" --build-only)
# Valgrind cannot read the Swift toolchain's DWARF 5; it needs only the symbol table.
profiled=$scratch/icugrep
cp "$binary" "$profiled"
strip --strip-debug "$profiled"

# A small source tree for the recursive searches: the package's own sources.
tree=$root/Sources
# The searches: each kind of pattern and output that the engine and the printer treat apart.
# Each is its arguments separated by tabs, the input last.
en=$corpora/en-sampled.txt ru=$corpora/ru-sampled.txt zh=$corpora/zh-sampled.txt sherlock=$corpora/sherlock.txt
searches=(
    "Sherlock Holmes	$en"
    "-n	Sherlock	$sherlock"
    "-i	Sherlock Holmes	$en"
    "-i	Шерлок Холмс	$ru"
    "-w	you	$en"
    "-x	No\\.	$en"
    "-v	e	$en"
    "-c	the	$en"
    "-c	的	$zh"
    "Sherlock Holmes|John Watson|Irene Adler	$en"
    "-F	-f	$corpora/words-300.txt	$sherlock"
    "Holmes\$	$en"
    "^Шерлок	$ru"
    "\\bthe\\b	$en"
    "[0-9]{3}-[0-9]{4}	$en"
    "\\d+:\\d+	$ru"
    "[A-Z][a-z]+ [A-Z][a-z]+	$en"
    "\\w+\\s+Holmes\\s+\\w+	$en"
    "\\p{Han}{4}[,，]\\p{Han}{4}	$zh"
    "\\p{Lu}\\p{Ll}+\\s+\\p{Lu}\\p{Ll}+	$ru"
    "(\\w+) \\1	$sherlock"
    "-o	\\w+olmes	$en"
    "--color=always	-n	Holmes	$sherlock"
    "-C	2	-m	50	Watson	$sherlock"
    "--json	Watson	$sherlock"
    "-E	colou?r	$sherlock"
    "-G	\\(Mr\\|Mrs\\)\\. [A-Z]	$sherlock"
    "-r	-n	TODO	$tree"
    "-r	-l	-i	import	$tree"
    "-r	-c	\\bfunc\\s+\\w+\\(	$tree"
)
index=0
for search in "${searches[@]}"; do
    IFS=$'\t' read -r -a words <<<"$search"
    index=$((index + 1))
    say "profiling ${words[*]}"
    status=0
    valgrind --tool=callgrind --callgrind-out-file="$scratch/profiles/$index.out" \
        "$profiled" "${words[@]}" >/dev/null 2>"$scratch/profiles/$index.log" || status=$?
    [ "$status" -le 1 ] || { tail -n 5 "$scratch/profiles/$index.log" >&2; say "icugrep exited $status"; exit 1; }
done

python3 - "$profiled" "$scratch"/profiles/*.out >"$here/icugrep.sections" <<'EOF'
import re, subprocess, sys

binary, profiles = sys.argv[1], sys.argv[2:]

def symbols(demangle):
    """Address of each function symbol of the binary, by name (C++ names demangled or not)."""
    flags = ["nm", "--defined-only"] + (["-C"] if demangle else []) + [binary]
    table = {}
    for line in subprocess.run(flags, capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            table.setdefault(parts[2], int(parts[0], 16))
    return table

mangled_at = {}
for name, address in symbols(demangle=False).items():
    mangled_at.setdefault(address, []).append(name)
address_of = symbols(demangle=True)
address_of.update(symbols(demangle=False))

runs, cost = {}, {}
line_format = re.compile(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(.*) \[(.*)\]$")
for profile in profiles:
    report = subprocess.run(["callgrind_annotate", "--threshold=100", profile],
                            capture_output=True, text=True, check=True).stdout
    seen = set()
    for line in report.splitlines():
        match = line_format.match(line)
        if not match or match.group(3) != binary:
            continue
        # Callgrind marks recursion depths with 'N.
        address = address_of.get(re.sub(r"'\d+$", "", match.group(2)))
        if address is None:
            continue
        for name in mangled_at.get(address, []):
            cost[name] = cost.get(name, 0) + int(match.group(1).replace(",", ""))
            seen.add(name)
    for name in seen:
        runs[name] = runs.get(name, 0) + 1

for name in sorted(cost, key=lambda name: (-runs[name], -cost[name], name)):
    print(".text." + name)
    if not name.startswith("$s"):
        # C and C++: GCC and Clang put startup, cold and hot functions in sections of these names.
        for prefix in ("startup", "unlikely", "hot"):
            print(f".text.{prefix}.{name}")
print(f"generate.sh: {len(cost)} functions ran", file=sys.stderr)
EOF
say "wrote $here/icugrep.sections"
