#!/usr/bin/env bash
# Usage: run.sh ICUGREP RUNS OUT   (in /tmp/bench, which holds en-256M.txt)
# One hyperfine run per question, its commands side by side, each command's output going through
# a pipe to `wc -l` (or counted by -c / listed by -l), never to /dev/null, where icugrep, as GNU
# grep, stops at the first match.
set -eu
icugrep=$1 runs=$2 out=$3
f=en-256M.txt
: >"$out"
run() {  # run TITLE COMMAND...
  local title=$1; shift
  hyperfine -N -i --output=pipe -w 1 -r "$runs" --style none --export-json /tmp/bench/bool.json "$@" >/dev/null 2>&1
  python3 - "$title" "$@" >>"$out" <<'PY'
import json, sys
r = json.load(open('/tmp/bench/bool.json'))['results']
title = sys.argv[1]
print(f"\n### {title}\n\n| command | median wall s | mean CPU s | wall / first |\n|---|--:|--:|--:|")
for x in r:
    cpu = x['user'] + x['system']
    print(f"| `{x['command']}` | {x['median']:.3f} | {cpu:.3f} | {x['median']/r[0]['median']:.2f}× |")
PY
}
run "lines: the AND and AND NOT she" \
  "sh -c '$icugrep --bool \"the and -she\" $f | wc -l'" \
  "sh -c '$icugrep the $f | $icugrep and | $icugrep -v she | wc -l'" \
  "sh -c 'ugrep --bool \"the and -she\" $f | wc -l'"
run "-c: the AND and AND NOT she" \
  "$icugrep -c --bool 'the and -she' $f" \
  "sh -c '$icugrep the $f | $icugrep and | $icugrep -v -c she'" \
  "ugrep -c --bool 'the and -she' $f"
run "file scope -l: the AND and AND NOT Zyzzyva over the whole file (no Zyzzyva: read to its end, listed)" \
  "$icugrep -l --query-scope=file --bool 'the and -Zyzzyva' $f" \
  "sh -c '$icugrep -l the $f && $icugrep -l and $f >/dev/null && $icugrep -L Zyzzyva $f >/dev/null'" \
  "ugrep -l --files --bool 'the and -Zyzzyva' $f"
