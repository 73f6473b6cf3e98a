#!/usr/bin/env bash
# Usage: run.sh ICUGREP BASELINE RUNS OUT   (in a directory that holds en-256M.txt)
# ICUGREP is the binary measured, BASELINE the one of the first Boolean-query benchmark
# (../2026-11-28-boolean-queries/), run in the same hyperfine runs to check that the line scope
# did not get slower. One hyperfine run per question; each command's output goes through a pipe
# (to `wc -l`, or counted by -c), never to /dev/null, where icugrep, as GNU grep, stops at the
# first match.
set -eu
icugrep=$1 baseline=$2 runs=$3 out=$4
f=en-256M.txt
json=$(mktemp /tmp/bool2-hyperfine-XXXXXX.json)
: >"$out"
run() {  # run TITLE COMMAND...
  local title=$1; shift
  hyperfine -N -i --output=pipe -w 1 -r "$runs" --style none --export-json "$json" "$@" >/dev/null 2>&1
  python3 - "$title" "$json" "$@" >>"$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))['results']
title = sys.argv[1]
print(f"\n### {title}\n\n| command | median wall s | mean CPU s | wall / first |\n|---|--:|--:|--:|")
for x in r:
    cpu = x['user'] + x['system']
    print(f"| `{x['command']}` | {x['median']:.3f} | {cpu:.3f} | {x['median']/r[0]['median']:.2f}× |")
PY
}
run "lines: the AND and AND NOT she" \
  "sh -c '$icugrep --bool \"the and -she\" $f | wc -l'" \
  "sh -c '$baseline --bool \"the and -she\" $f | wc -l'" \
  "sh -c '$icugrep the $f | $icugrep and | $icugrep -v she | wc -l'" \
  "sh -c 'ugrep --bool \"the and -she\" $f | wc -l'"
run "-c: the AND and AND NOT she" \
  "$icugrep -c --bool 'the and -she' $f" \
  "$baseline -c --bool 'the and -she' $f" \
  "sh -c '$icugrep the $f | $icugrep and | $icugrep -v -c she'" \
  "ugrep -c --bool 'the and -she' $f"
run "file scope -c: the AND and AND NOT Zyzzyva (no Zyzzyva: the file is read to its end to decide it, then counted), a file vs a pipe" \
  "$icugrep -c -%% 'the and -Zyzzyva' $f" \
  "sh -c 'cat $f | $icugrep -c -%% \"the and -Zyzzyva\"'" \
  "sh -c 'cat $f | $icugrep -c -e the -e and'" \
  "sh -c 'cat $f | ugrep -c --files --bool \"the and -Zyzzyva\"'"
run "file scope -l: the same query, a file vs a pipe" \
  "$icugrep -l -%% 'the and -Zyzzyva' $f" \
  "sh -c 'cat $f | $icugrep -l -%% \"the and -Zyzzyva\"'" \
  "sh -c 'cat $f | ugrep -l --files --bool \"the and -Zyzzyva\"'"
rm -f "$json"
