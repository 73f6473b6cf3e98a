// bench.c: times each implementation of bytescan_u16_find_literal over a UTF-16LE file, every
// occurrence of a literal (a UTF-16LE file) from the last one, best of 30 passes.
// Usage: bench TEXT.u16 LITERAL.u16 OFFSET1 OFFSET2 (see README.md).
#include "bytescan.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"rb");fseek(f,0,SEEK_END);long n=ftell(f);fseek(f,0,SEEK_SET);
  uint16_t*t=malloc(n);fread(t,1,n,f);size_t count=n/2;
  // literal from argv[2] as utf-16 file bytes
  FILE*g=fopen(argv[2],"rb");uint16_t lit[64];size_t len=fread(lit,2,64,g);
  size_t o1=atoi(argv[3]),o2=atoi(argv[4]);
  for(int k=1;k<=4;k++){ if(!bytescan_u16_kernel_available(k))continue;
    double best=1e9;size_t hits=0;
    for(int r=0;r<30;r++){double s=now();size_t p=0;hits=0;
      for(;;){p=bytescan_u16_find_literal_using(k,t,p,count,lit,len,o1,o2);if(p>=count)break;hits++;p++;}
      double e=now()-s;if(e<best)best=e;}
    printf("kernel %d: %.3f ms, %zu hits\n",k,best,hits);}
}
