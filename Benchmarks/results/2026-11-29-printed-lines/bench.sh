#!/bin/bash
# usage: bench.sh MAIN NEW OUT.json [RUNS]
# Each row: main's binary, this branch's, rg, in one hyperfine run (interleaved per row).
M=$1; N=$2; OUT=$3; R=${4:-10}
F=/tmp/bench/en-256M.txt; W=/tmp/bench
args=()
row(){ args+=("$M $1 $F" "$N $1 $F" "rg $2 $F"); }
row "Holmes" "Holmes"
row "'--replace=[\$0]' Holmes" "-r '[\$0]' Holmes"
row "-o '--replace=[\$0]' Holmes" "-o -r '[\$0]' Holmes"
row "-o Holmes" "-o Holmes"
row "-c Holmes" "-c Holmes"
row "'Sherlock|Holmes|Watson|Irene|Adler'" "'Sherlock|Holmes|Watson|Irene|Adler'"
row "-F -f $W/words500.txt" "-F -f $W/words500.txt"
row "-F -f $W/words5000.txt" "-F -f $W/words5000.txt"
row "-o '\w+olmes'" "-o '\w+olmes'"
row "-n the" "-n the"
nice hyperfine -N -w1 -r$R --output=pipe --export-json $OUT "${args[@]}"
