#!/usr/bin/env bash
# Times icugrep beside grep -P, grep -E, ripgrep and ugrep on ripgrep's subtitle benchmarks
# (English and Russian, at least 256 MB each), checks that all of them count the same lines,
# and writes a Markdown table and an SVG chart to Benchmarks/results/.
#
# Usage: Benchmarks/compare-cli.sh
# Environment (all optional):
#   ICUGREP=path      the icugrep to time (default: build it in release under $BUILD_DIR)
#   BASELINE=path     another icugrep, timed beside it as "baseline" (a build of an earlier
#                     commit: before and after in the same run)
#   BUILD_DIR=dir     scratch path of that build (default: $CACHE/build)
#   CACHE=dir         corpora and raw results (default: /tmp/icugrep-bench)
#   CORPORA=dir       the sources en-sampled.txt and ru-sampled.txt (default: ../shared/corpora)
#   CORPUS_MB=n       size of each corpus in MiB (default: 256)
#   RUNS=n            timed runs per command (default: 3); STARTUP_RUNS=n (default: 20)
#   TOOLS="..."       which tools (default: "icugrep grep-P grep-E rg ugrep")
#   ONLY=regex        only the benchmarks whose id matches (e.g. '^en_'), for a quick look
#   RESULTS=dir       where cli.md and cli.svg go (default: Benchmarks/results)
# It installs nothing: a tool that is not installed, or does not search correctly, is skipped.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
cache=${CACHE:-/tmp/icugrep-bench}
build_dir=${BUILD_DIR:-$cache/build}
corpora=${CORPORA:-$root/../shared/corpora}
corpus_mb=${CORPUS_MB:-256}
runs=${RUNS:-3}
startup_runs=${STARTUP_RUNS:-20}
tools_wanted=${TOOLS:-icugrep${BASELINE:+ baseline} grep-P grep-E rg ugrep}
only=${ONLY:-.}
results=${RESULTS:-$here/results}
raw=$cache/raw

# Every tool reads UTF-8 and classifies letters by Unicode (GNU grep takes both from the locale).
export LC_ALL=C.UTF-8

say() { printf 'compare-cli: %s\n' "$*" >&2; }

command -v hyperfine >/dev/null || { say "needs hyperfine (apt-get install hyperfine)"; exit 1; }
command -v python3 >/dev/null || { say "needs python3 for the report"; exit 1; }

# MARK: - The benchmarks: ripgrep's subtitle suite (benchsuite/ in ripgrep's repository).

ids=() corpus_of=() flags_of=() pattern_of=()
benchmark() { # id corpus flags pattern
    [[ $1 =~ $only ]] || return 0
    ids+=("$1") corpus_of+=("$2") flags_of+=("$3") pattern_of+=("$4")
}
# Seven five-letter words in a row: no literal at all for the engine to look for first.
no_literal='\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}'
benchmark en_literal            en ""  'Sherlock Holmes'
benchmark en_literal_casei      en -i  'Sherlock Holmes'
benchmark en_literal_word       en -w  'Sherlock Holmes'
benchmark en_alternate          en ""  'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
benchmark en_alternate_casei    en -i  'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
benchmark en_surrounding_words  en ""  '\w+\s+Holmes\s+\w+'
benchmark en_no_literal         en ""  "$no_literal"
benchmark ru_literal            ru ""  'Шерлок Холмс'
benchmark ru_literal_casei      ru -i  'Шерлок Холмс'
benchmark ru_literal_word       ru -w  'Шерлок Холмс'
benchmark ru_alternate          ru ""  'Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти'
benchmark ru_alternate_casei    ru -i  'Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти'
benchmark ru_surrounding_words  ru ""  '\w+\s+Холмс\s+\w+'
benchmark ru_no_literal         ru ""  "$no_literal"
[ ${#ids[@]} -gt 0 ] || { say "ONLY='$only' matches no benchmark"; exit 1; }

# MARK: - The tools.

# Sets `argv` to the command line of tool $1 searching file $4 for pattern $3 with flags $2.
tool_argv() {
    local tool=$1 flags=$2 pattern=$3 file=$4
    case $tool in
        icugrep) argv=("$icugrep") ;;
        baseline) argv=("$BASELINE") ;;
        grep-P) argv=(grep -P) ;;
        grep-E) argv=(grep -E) ;;
        rg) argv=(rg) ;;
        ugrep) argv=(ugrep) ;;
    esac
    [ -z "$flags" ] || argv+=("$flags")
    argv+=("$pattern" "$file")  # no pattern here starts with "-"
}

# Whether tool $1's pattern language can express pattern $2. GNU grep -E has \w and \s (GNU
# extensions) but no \d, \p{...} or (?...) groups; the others take all of those.
can_express() {
    case $1 in
        grep-E) [[ $2 != *'\d'* && $2 != *'\p{'* && $2 != *'(?'* ]] ;;
        *) true ;;
    esac
}

# Builds icugrep in release unless ICUGREP names one.
if [[ " $tools_wanted " == *" icugrep "* ]]; then
    if [ -n "${ICUGREP:-}" ]; then
        icugrep=$ICUGREP
        icugrep_source="ICUGREP=$ICUGREP"
    else
        say "building icugrep (release, static Swift runtime) in $build_dir"
        # A statically linked Swift runtime starts in about two thirds of the time (fewer
        # shared libraries to find and map), which the one-line start-up figure measures.
        if swift build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$build_dir" --product icugrep >&2; then
            icugrep=$build_dir/release/icugrep
            # What was built: the commit, and whether the working tree differed from it.
            icugrep_source="built from $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'an unknown commit')"
            [ -z "$(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null)" ] ||
                icugrep_source+=" with uncommitted changes"
        else
            say "the icugrep build failed: icugrep is skipped"
            icugrep=""
        fi
    fi
fi

# A tool takes part if it is installed and finds the one matching line of a two-line file
# (this leaves out, for example, an icugrep whose search is not written yet).
mkdir -p "$cache" "$raw"
printf 'nothing here\nSherlock Holmes\n' >"$cache/smoke.txt"
tools=()
for tool in $tools_wanted; do
    if [ "$tool" = icugrep ]; then
        [ -n "${icugrep:-}" ] && [ -x "$icugrep" ] || { say "icugrep is not available: skipped"; continue; }
    elif [ "$tool" = baseline ]; then
        [ -x "${BASELINE:-}" ] || { say "BASELINE is not an executable: skipped"; continue; }
    else
        command -v "${tool%-*}" >/dev/null || { say "$tool is not installed: skipped"; continue; }
    fi
    tool_argv "$tool" "" 'Holmes' "$cache/smoke.txt"
    if [ "$("${argv[@]}" 2>/dev/null)" = "Sherlock Holmes" ]; then
        tools+=("$tool")
    else
        say "$tool does not find 'Holmes' in a two-line file: skipped"
    fi
done
[ ${#tools[@]} -gt 0 ] || { say "no tool to time"; exit 1; }
say "tools: ${tools[*]}"

# MARK: - The corpora: the subtitle samples repeated to at least $corpus_mb MiB, cached.

corpus_file() { printf '%s/%s-%sMiB.txt' "$cache" "$1" "$corpus_mb"; }
for language in en ru; do
    source=$corpora/$language-sampled.txt
    target=$(corpus_file "$language")
    [ -r "$source" ] || { say "no $source: set CORPORA to the directory of the rebar samples"; exit 1; }
    if [ ! -s "$target" ] || [ "$(stat -c %s "$target")" -lt $((corpus_mb << 20)) ]; then
        say "building $target"
        : >"$target.partial"
        while [ "$(stat -c %s "$target.partial")" -lt $((corpus_mb << 20)) ]; do
            cat "$source" >>"$target.partial"
        done
        mv "$target.partial" "$target"
    fi
done
printf 'Sherlock Holmes\n' >"$cache/one-line.txt"

# MARK: - Measurements.

# Quotes $1 for the shell that hyperfine runs the commands in.
shell_quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
quoted_argv() {
    local word out=""
    for word in "${argv[@]}"; do out+="$(shell_quote "$word") "; done
    printf '%s' "$out"
}

# Runs `argv` once with its output piped to wc -l; prints the line count and the peak
# resident memory in KiB, tab-separated.
count_and_peak_memory() {
    local memory=$raw/peak-kib count
    if [ -x /usr/bin/time ]; then
        count=$(/usr/bin/time -f %M -o "$memory" "${argv[@]}" | wc -l)
    else
        # The same figure (the child's ru_maxrss) from Python where GNU time is missing.
        count=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:])
open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))' \
            "$memory" "${argv[@]}" | wc -l)
    fi
    printf '%s\t%s\n' "$count" "$(tail -n 1 "$memory")"
}

{
    printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
    printf 'cpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
    printf 'nproc\t%s\n' "$(nproc)"
    printf 'memory\t%s\n' "$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    printf 'kernel\t%s\n' "$(uname -sr)"
    printf 'runs\t%s\n' "$runs"
    for language in en ru; do
        printf 'corpus_%s\t%s\n' "$language" "$(stat -c %s "$(corpus_file "$language")")"
    done
    for tool in "${tools[@]}"; do
        case $tool in
            icugrep) version="$("$icugrep" --version 2>/dev/null | head -n 1 || true), $icugrep_source" ;;
            baseline) version="$("$BASELINE" --version 2>/dev/null | head -n 1 || true), BASELINE=$BASELINE" ;;
            *) version=$("${tool%-*}" --version 2>/dev/null | head -n 1) ;;
        esac
        printf 'version_%s\t%s\n' "$tool" "${version:-unknown}"
    done
} >"$raw/machine.tsv"

printf 'id\tcorpus\tflags\tpattern\n' >"$raw/benchmarks.tsv"
printf 'id\ttool\tlines\tpeak_kib\n' >"$raw/counts.tsv"
rm -f "$raw"/time-*.json
for index in "${!ids[@]}"; do
    id=${ids[index]} flags=${flags_of[index]} pattern=${pattern_of[index]}
    file=$(corpus_file "${corpus_of[index]}")
    printf '%s\t%s\t%s\t%s\n' "$id" "${corpus_of[index]}" "$flags" "$pattern" >>"$raw/benchmarks.tsv"
    commands=()
    for tool in "${tools[@]}"; do
        can_express "$tool" "$pattern" || { say "$id: $tool cannot express the pattern: skipped"; continue; }
        tool_argv "$tool" "$flags" "$pattern" "$file"
        printf '%s\t%s\t%s\n' "$id" "$tool" "$(count_and_peak_memory)" >>"$raw/counts.tsv"
        # Output goes through a pipe, as when it is read: GNU grep stops at the first match
        # when its output is /dev/null.
        commands+=(-n "$tool" "$(quoted_argv) | wc -l")
    done
    say "$id: timing ${#tools[@]} tools, $runs runs each"
    hyperfine --shell=bash --warmup 1 --runs "$runs" --style basic \
        --export-json "$raw/time-$id.json" "${commands[@]}" >&2
done

# Start-up runs without a shell (hyperfine cannot subtract a shell's start-up to better than
# milliseconds), with the output through hyperfine's own pipe.
say "start-up: one line, $startup_runs runs each"
commands=()
for tool in "${tools[@]}"; do
    tool_argv "$tool" "" 'Sherlock Holmes' "$cache/one-line.txt"
    commands+=(-n "$tool" "$(quoted_argv)")
done
hyperfine --shell=none --output=pipe --warmup 3 --runs "$startup_runs" --style basic \
    --export-json "$raw/startup.json" "${commands[@]}" >&2

mkdir -p "$results"
python3 "$here/cli/report.py" "$raw" "$results/cli.md"
python3 "$here/cli/chart.py" "$raw" "$results/cli.svg"
say "wrote $results/cli.md and $results/cli.svg (raw data in $raw)"
