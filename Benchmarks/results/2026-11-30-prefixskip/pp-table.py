import re,sys
def load(side):
    d={}
    for r in (1,2):
        for line in open(f'raw/pp-{side}-{r}.txt'):
            m=re.match(r'(\d+) every ([\d.]+) first ([\d.]+) count (\d+) (.*)',line.strip())
            if not m: continue
            i=int(m[1]); e=float(m[2]); f=float(m[3]); c=int(m[4])
            if i in d:
                assert d[i][2]==c
                d[i]=(min(d[i][0],e),min(d[i][1],f),c,m[5])
            else: d[i]=(e,f,c,m[5])
    return d
b,m,p=load('base-new'),load('main-new'),load('prefixskip')
rows=[]
for i in sorted(p):
    assert b[i][2]==m[i][2]==p[i][2], (i,b[i],m[i],p[i])
    rows.append((i,p[i][3],p[i][2],b[i][0],m[i][0],p[i][0],b[i][1],m[i][1],p[i][1]))
print('| # | pattern | matches | every f48baab | main | prefixskip | first f48baab | main | prefixskip |')
print('|---|---|---|---|---|---|---|---|---|')
for r in rows:
    flag = ' **' if (r[5]>1.1*r[4] and r[5]>2) or (r[8]>1.1*r[7] and r[8]>1) else ''
    print(f'| {r[0]} | `{r[1]}` | {r[2]} | {r[3]:.2f} | {r[4]:.2f} | {r[5]:.2f} | {r[6]:.3f} | {r[7]:.3f} | {r[8]:.3f} |{flag}')
tb=sum(r[3] for r in rows); tm=sum(r[4] for r in rows); tp=sum(r[5] for r in rows)
fb=sum(r[6] for r in rows); fm=sum(r[7] for r in rows); fp=sum(r[8] for r in rows)
print(f'| | total | | {tb:.0f} | {tm:.0f} | {tp:.0f} | {fb:.1f} | {fm:.1f} | {fp:.1f} |')
