#!/usr/bin/env bash
# The processor time (user + system, all threads) of -o with -E against the same pattern in
# ICU's syntax (and one line selection as a control), each pair's two
# commands alternating RUNS times, so that a burst of load on a shared machine falls on both:
# ./cpu.sh ICUGREP FILE [RUNS]. Prints one line per pair: the means and their ratio.
set -euo pipefail
icugrep=$1 file=$2 runs=${3:-7}
export LC_ALL=en_US.UTF-8
pairs=(
  "-o bracket;-o -E '[A-Z][a-z]+son';-o -P '[A-Z][a-z]+son'"
  "-o alternation;-o -E '(Sher|Wat)son';-o -P '(Sher|Wat)son'"
  "-o dot;-o -E 'Sh.*ck';-o -P 'Sh.*ck'"
  "-o word;-o -E '\<[A-Z][a-z]+\>';-o -P '\b[A-Z][a-z]+\b'"
  "-o -G word;-o -G '\<the\>';-o -P '\bthe\b'"
  "bracket;-E '[A-Z][a-z]+son';-P '[A-Z][a-z]+son'"
)
cpu() {  # the processor seconds of one run of icugrep with the arguments in $1
  { eval "/usr/bin/time -f '%U %S' $icugrep $1 $file" | cat >/dev/null; } 2>&1 | awk '{print $1 + $2}'
}
printf '| %s | %s | %s | %s |\n|:---|:---|---:|---:|\n' "case" "POSIX syntax, ICU syntax" "CPU s (POSIX / ICU)" "ratio"
for pair in "${pairs[@]}"; do
  IFS=';' read -r name posix icu <<<"$pair"
  a=0 b=0
  for _ in $(seq "$runs"); do
    a=$(echo "$a + $(cpu "$posix")" | bc -l)
    b=$(echo "$b + $(cpu "$icu")" | bc -l)
  done
  printf '| %s | `%s`, `%s` | %.3f / %.3f | %.2f |\n' "$name" "${posix//|/\\|}" "${icu//|/\\|}" \
    "$(echo "$a / $runs" | bc -l)" "$(echo "$b / $runs" | bc -l)" "$(echo "$a / $b" | bc -l)"
done
