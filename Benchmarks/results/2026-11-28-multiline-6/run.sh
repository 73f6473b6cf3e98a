#!/usr/bin/env bash
# Usage: run.sh ICUGREP RUNS OUT.md  (in a directory holding en-256M.txt)
# en-256M.txt: Tests/Fixtures/corpora/en-sampled.txt (the English subtitle sample) repeated and cut
# to 256 MiB:  for i in $(seq 300); do cat en-sampled.txt; done | head -c 268435456 > en-256M.txt
# Every command's output goes to a pipe (hyperfine's --output=pipe): icugrep, like GNU grep,
# stops at the first match when its output is /dev/null. Peak memory: /usr/bin/time -v.
set -eu
I=$1 runs=$2 out=$3
f=en-256M.txt
cases=(
  "-c 'Sherlock\s+Holmes'"
  "-o 'Sherlock\s+Holmes'"
  "-n 'Sherlock\s+Holmes'"
  "-c 'Holmes\n[A-Z]'"
  "-n 'Holmes[.,!?]?\n\w+'"
  "-c '\?\n[A-Z][a-z]+\?'"
  "-o '\?\n[A-Z][a-z]+\?'"
)
args=()
for c in "${cases[@]}"; do
  args+=("$I --multiline $c $f" "rg -U $c $f")
done
hyperfine -w1 -r "$runs" --output=pipe --export-markdown "$out" "${args[@]}"
echo >>"$out"
echo '| command | peak RSS (KiB) |' >>"$out"
echo '|---|--:|' >>"$out"
for c in "${cases[@]}"; do
  for p in "$I --multiline" "rg -U"; do
    eval "/usr/bin/time -f %M -o rss.tmp $p $c $f" | cat >/dev/null
    rss=$(tail -n 1 rss.tmp)
    name=$(basename "${p%% *}")
    echo "| \`$name ${p#* } $c\` | $rss |" >>"$out"
  done
done
rm -f rss.tmp
