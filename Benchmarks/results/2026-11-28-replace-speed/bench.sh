#!/bin/bash
# usage: bench.sh ICUGREP OUT.json [RUNS]
IG=$1; OUT=$2; R=${3:-5}
F=/tmp/bench/en-256M.txt
nice hyperfine -N -w1 -r$R --output=pipe --export-json $OUT --export-markdown ${OUT%.json}.md \
 "$IG -o '--replace=\$2,\$1' '(\w+)\s+(Holmes)' $F" "rg -o -r '\$2,\$1' '(\w+)\s+(Holmes)' $F" \
 "$IG '--replace=[\$1]' '(\w+)\s+(Holmes)' $F" "rg -r '[\$1]' '(\w+)\s+(Holmes)' $F" \
 "$IG '--replace=[\$0]' Holmes $F" "rg -r '[\$0]' Holmes $F" \
 "$IG -o '--replace=[\$0]' Holmes $F" "rg -o -r '[\$0]' Holmes $F" \
 "$IG --passthru Holmes $F" "rg --passthru Holmes $F" \
 "$IG -o '(\w+)olmes' --replace '\$1' $F" "rg -o '(\w+)olmes' -r '\$1' $F" \
 "$IG --replace '\$1' -i '(sherlock) holmes' $F" "rg -r '\$1' -i '(sherlock) holmes' $F" \
 "$IG --passthru --replace=X Holmes $F" "rg --passthru -r X Holmes $F"
