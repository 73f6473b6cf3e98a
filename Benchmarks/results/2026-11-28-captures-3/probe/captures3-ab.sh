#!/bin/sh
# Same-run A/B: the probe built against main, captures2 and captures3, alternated, $1 rounds each.
for i in $(seq 1 $1); do for v in main captures2 captures3; do echo "== $v (round $i)"; /tmp/captures3-probe-$v; done; done
