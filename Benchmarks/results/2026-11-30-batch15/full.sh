export ICUGREP_REBAR=/tmp/rebar ICUGREP_CORPORA=/work/shared/corpora
for pair in "i48c batch15f" "batch15f i48c"; do for b in $pair; do
  n=1; [ -f full-$b-1.txt ] && n=2
  taskset -c 1 /tmp/rebar-probe-$b > full-$b-$n.txt 2> full-$b-$n.err
done; done
echo finished > full-done.txt
