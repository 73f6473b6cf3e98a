#!/bin/sh
# Same-run A/B: the probe built against main and against the branch, alternated, $1 rounds each.
for i in $(seq 1 $1); do for v in main new; do echo "== $v (round $i)"; /tmp/onestrat-probe-$v $2; done; done
