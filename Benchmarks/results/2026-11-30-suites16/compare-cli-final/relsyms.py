import subprocess, bisect, sys, collections
def relocs(b):
    out = subprocess.run(['readelf','-rW',b],capture_output=True,text=True).stdout
    return [int(l.split()[0],16) for l in out.splitlines() if 'R_X86_64_RELATIVE' in l]
def syms(b):
    out = subprocess.run(['nm','-S','--defined-only',b],capture_output=True,text=True).stdout
    r=[]
    for l in out.splitlines():
        p=l.split(None,3)
        if len(p)==4 and p[2] in 'dDrRbBvV': r.append((int(p[0],16),int(p[1],16),p[3]))
    r.sort(); return r
def bucket(b):
    S=syms(b); starts=[s[0] for s in S]; c=collections.Counter()
    for o in relocs(b):
        i=bisect.bisect_right(starts,o)-1
        name='?'
        if i>=0 and S[i][0]<=o<S[i][0]+max(S[i][1],1): name=S[i][2]
        c[name]+=1
    return c
a=bucket(sys.argv[1]); b=bucket(sys.argv[2])
print('total', sum(a.values()), sum(b.values()))
def kind(n):
    for k in ['MN','Mf','WP','Wp','MF','Mn','Tq','ML','HC','Ms','$s','?']:
        pass
    return n
import re
def cat(n):
    if n=='?': return '?'
    if n.startswith('$s'):
        m=re.search(r'(WP|Wp|MF|Mf|MN|Mn|ML|Ms|Mm|MV|Mo|N|WV|Hn|Tq|Mq|HC|Tm|Oh|MI|Ma|Wl|WL|Wt|WG)$',n)
        return 'swift:'+(m.group(1) if m else 'other')
    return 'c:'+n[:30]
ca=collections.Counter(); cb=collections.Counter()
for n,v in a.items(): ca[cat(n)]+=v
for n,v in b.items(): cb[cat(n)]+=v
for k in sorted(set(ca)|set(cb), key=lambda k:-(cb[k]-ca[k]))[:15]: print(cb[k]-ca[k], ca[k], cb[k], k)
print('--- top symbols by increase')
for n in sorted(set(a)|set(b), key=lambda n:-(b[n]-a[n]))[:15]: print(b[n]-a[n], a[n], b[n], n[:120])
