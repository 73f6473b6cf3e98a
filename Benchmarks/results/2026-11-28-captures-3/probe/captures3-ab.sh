#!/bin/sh
# Same-run A/B: the probe built against main and against a branch ($1: the binary's suffix), alternated, three times each.
for i in 1 2 3; do for v in main $1; do echo "== $v (round $i)"; /tmp/captures3-probe-$v; done; done
