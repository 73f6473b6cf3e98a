#!/bin/sh
# fmcalls.sh CG: calls of RegexMatcher.firstMatch(inUTF16:from:) recorded in CG, and the collected Ir per call
f=$1
id=$(grep -o "^c\?fn=([0-9]*) [^ ]*RegexMatcherC10firstMatch7inUTF16" $f | head -1 | grep -o "([0-9]*)")
calls=$(grep -A1 "^cfn=$id" $f | grep "^calls=" | sed 's/calls=\([0-9]*\).*/\1/' | awk '{s+=$1} END {print s}')
ir=$(grep "^summary:" $f | awk '{print $2}')
echo "$f: $ir Ir, $calls firstMatch calls, $(echo "$ir / $calls" | bc -l | cut -c1-7) a call"
