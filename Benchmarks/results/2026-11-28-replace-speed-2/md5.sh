#!/bin/bash
IG=$1; F=/tmp/bench/en-256M.txt
c(){ a=$(eval "$IG $1 $F" | md5sum); b=$(eval "rg $2 $F" | md5sum); [ "$a" == "$b" ] && echo "same  $1" || echo "DIFF  $1 :: $a $b"; }
c "-o '--replace=\$2,\$1' '(\w+)\s+(Holmes)'" "-o -r '\$2,\$1' '(\w+)\s+(Holmes)'"
c "'--replace=[\$1]' '(\w+)\s+(Holmes)'" "-r '[\$1]' '(\w+)\s+(Holmes)'"
c "'--replace=[\$0]' Holmes" "-r '[\$0]' Holmes"
c "-o '--replace=[\$0]' Holmes" "-o -r '[\$0]' Holmes"
c "--passthru Holmes" "--passthru Holmes"
c "-o '(\w+)olmes' --replace '\$1'" "-o '(\w+)olmes' -r '\$1'"
c "--replace '\$1' -i '(sherlock) holmes'" "-r '\$1' -i '(sherlock) holmes'"
c "--passthru --replace=X Holmes" "--passthru -r X Holmes"
