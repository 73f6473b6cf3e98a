#!/usr/bin/env bash
# Times each search with -G or -E beside the same search in ICU's syntax (-P), one binary, same
# run: ./run.sh ICUGREP FILE [RUNS]. FILE is 256 MiB of /work/shared/corpora/en-sampled.txt
# repeated (see README.md). Output goes through a pipe: to /dev/null grep stops at the first
# match. Prints hyperfine's markdown tables to stdout.
set -euo pipefail
icugrep=$1 file=$2 runs=${3:-5}
export LC_ALL=en_US.UTF-8
pairs=(
  "literal;-G 'Sherlock Holmes';-P 'Sherlock Holmes'"
  "alternation;-G '\(Sher\|Wat\)son';-P '(Sher|Wat)son'"
  "alternation -E;-E '(Sher|Wat)son';-P '(Sher|Wat)son'"
  "bracket;-E '[A-Z][a-z]+son\b';-P '[A-Z][a-z]+son\b'"
  "dot;-E 'Sh.*ck';-P 'Sh.*ck'"
  "negated bracket;-E 'H[^ ]*s';-P 'H[^ ]*s'"
  "-o alternation;-o -E '(Sher|Wat)son';-o -P '(Sher|Wat)son'"
  "-o bracket;-o -E '[A-Z][a-z]+son';-o -P '[A-Z][a-z]+son'"
  "-i;-i -G 'sherlock holmes';-i -P 'sherlock holmes'"
  "-w;-w -E 'Holmes|Watson';-w -P 'Holmes|Watson'"
  "back-reference;-E '(Holmes|Watson).*\1';-P '(Holmes|Watson).*\1'"
  "-c class;-c -E '[[:digit:]]{3}';-c -P '[0-9]{3}'"
)
for pair in "${pairs[@]}"; do
  IFS=';' read -r name posix icu <<<"$pair"
  echo "### $name"
  table=$(mktemp)
  hyperfine -N --output=pipe -w 1 -r "$runs" --style none --export-markdown "$table" \
    "--command-name=$posix" "$icugrep $posix $file" "--command-name=$icu" "$icugrep $icu $file" >/dev/null
  cat "$table"
  rm -f "$table"
  echo
done
