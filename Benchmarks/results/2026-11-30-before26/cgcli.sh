#!/bin/sh
# cgcli.sh NAME ARGS...: instructions of both icugreps (f48baab, main) on ARGS (the file last), output to a pipe.
name=$1; shift
for p in base26 final41; do
  valgrind --tool=callgrind --callgrind-out-file=/tmp/before26-cg/cli-$name-$p.out /tmp/before26-cg/icugrep-$p.stripped "$@" 2>/tmp/before26-cg/cli-$name-$p.err | wc -l
  echo "$name $p $(grep refs /tmp/before26-cg/cli-$name-$p.err)"
done
