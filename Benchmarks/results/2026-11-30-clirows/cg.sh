#!/bin/sh
# cg.sh NAME BUILD... -- ARGS...: instructions of each icugrep build (/tmp/clirows2-cg/icugrep-BUILD.stripped) on ARGS (file last), output to a pipe.
name=$1; shift
builds=""
while [ "$1" != "--" ]; do builds="$builds $1"; shift; done; shift
for p in $builds; do
  valgrind --tool=callgrind --callgrind-out-file=/tmp/clirows2-cg/cli-$name-$p.out /tmp/clirows2-cg/icugrep-$p.stripped "$@" 2>/tmp/clirows2-cg/cli-$name-$p.err | md5sum | cut -c1-8
  echo "$name $p $(grep refs /tmp/clirows2-cg/cli-$name-$p.err)"
done
