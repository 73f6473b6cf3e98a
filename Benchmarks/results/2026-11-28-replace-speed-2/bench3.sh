#!/bin/bash
# usage: bench3.sh MAIN NEW OUT.json [RUNS]   -- each row: main, new, rg, in one hyperfine run
M=$1; N=$2; OUT=$3; R=${4:-5}
F=/tmp/bench/en-256M.txt
args=()
row(){ args+=("$M $1 $F" "$N $1 $F" "rg $2 $F"); }
row "-o '--replace=\$2,\$1' '(\w+)\s+(Holmes)'" "-o -r '\$2,\$1' '(\w+)\s+(Holmes)'"
row "'--replace=[\$1]' '(\w+)\s+(Holmes)'" "-r '[\$1]' '(\w+)\s+(Holmes)'"
row "'--replace=[\$0]' Holmes" "-r '[\$0]' Holmes"
row "-o '--replace=[\$0]' Holmes" "-o -r '[\$0]' Holmes"
row "--passthru Holmes" "--passthru Holmes"
row "-o '(\w+)olmes' --replace '\$1'" "-o '(\w+)olmes' -r '\$1'"
row "--replace '\$1' -i '(sherlock) holmes'" "-r '\$1' -i '(sherlock) holmes'"
row "--passthru --replace=X Holmes" "--passthru -r X Holmes"
nice hyperfine -N -w1 -r$R --output=pipe --export-json $OUT "${args[@]}"
