#!/usr/bin/env bash
# Usage: run.sh RUNS OUT  (in /tmp/bench: icugrep-base = main's release build, icugrep-new = the branch's)
# Every command's output goes to a pipe (hyperfine's --output=pipe): icugrep, like GNU grep, stops at
# the first match when its output is /dev/null.
set -eu
runs=$1 out=$2
f=en-256M.txt
five='-e Sherlock -e Holmes -e Watson -e Irene -e Adler'
alt="'Sherlock|Holmes|Watson|Irene|Adler'"
cases=(
  "-c $five $f"
  "$alt $f"
  "-c -i $five $f"
  "-i $alt $f"
  "-c -F -f words500.txt $f"
  "-F -f words500.txt $f"
  "-c -F -f words5000.txt $f"
  "-F -f words5000.txt $f"
)
: >"$out"
for c in "${cases[@]}"; do
  hyperfine -N --output=pipe -w 1 -r "$runs" --style none --export-json /tmp/bench/one.json \
    "./icugrep-base $c" "./icugrep-new $c" "rg $c" >/dev/null 2>&1
  python3 - "$c" >>"$out" <<'PY'
import json, sys
r = json.load(open('/tmp/bench/one.json'))['results']
med = [x['median'] for x in r]; cpu = [x['user'] + x['system'] for x in r]
print(f"| `{sys.argv[1]}` | {med[0]:.3f} | {med[1]:.3f} | {med[2]:.3f} | {med[1]/med[2]:.2f}× | {cpu[0]:.3f} | {cpu[1]:.3f} | {cpu[2]:.3f} | {cpu[1]/cpu[2]:.2f}× |")
PY
done
