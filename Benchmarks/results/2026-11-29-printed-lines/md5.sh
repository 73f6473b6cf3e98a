#!/bin/bash
# usage: md5.sh BINARY -- each row's output against rg's (and against main's with MAIN=binary)
IG=$1; F=/tmp/bench/en-256M.txt; W=/tmp/bench
c(){ a=$(eval "$IG $1 $F" | md5sum); if [ -n "$MAIN" ]; then b=$(eval "$MAIN $1 $F" | md5sum); else b=$(eval "rg $2 $F" | md5sum); fi
    [ "$a" == "$b" ] && echo "same  $1" || echo "DIFF  $1 :: $a $b"; }
c "Holmes" "Holmes"
c "'--replace=[\$0]' Holmes" "-r '[\$0]' Holmes"
c "-o '--replace=[\$0]' Holmes" "-o -r '[\$0]' Holmes"
c "-o Holmes" "-o Holmes"
c "-c Holmes" "-c Holmes"
c "'Sherlock|Holmes|Watson|Irene|Adler'" "'Sherlock|Holmes|Watson|Irene|Adler'"
c "-F -f $W/words500.txt" "-F -f $W/words500.txt"
c "-F -f $W/words5000.txt" "-F -f $W/words5000.txt"
c "-o '\w+olmes'" "-o '\w+olmes'"
c "-n the" "-n the"
