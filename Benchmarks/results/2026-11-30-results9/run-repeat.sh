#!/bin/sh
# The rows that read more than 15% slower in the full alternation, again: two alternations
# (main, branch, branch, main).
export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
rows='workload literal,five names,olmes,sherlock-casei-ru,lexer-veryl,words/all-english,letters-en,unstructured,dictionary/single,quadratic,log date,log line,Russian (,Холмс'
/tmp/rebar-probe-final41 "$rows" > repeat-final41-1.txt 2>&1
/tmp/rebar-probe-results9 "$rows" > repeat-results9-1.txt 2>&1
/tmp/rebar-probe-results9 "$rows" > repeat-results9-2.txt 2>&1
/tmp/rebar-probe-final41 "$rows" > repeat-final41-2.txt 2>&1
