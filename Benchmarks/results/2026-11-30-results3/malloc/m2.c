#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <string.h>
static void* scratch[60000];
int main(int argc,char**argv){ int n=56600; int sz=atoi(argv[1]); int mode=atoi(argv[2]); int reps=2000;
 { void* volatile big = malloc(30<<20); free(big); }
 struct timespec a,b; double best=1e9; long s=0;
 for(int r=0;r<reps;r++){ clock_gettime(CLOCK_MONOTONIC,&a);
  void**arr;
  if(mode==0){ arr=malloc(n*8+32); for(int i=0;i<n;i++){ long*p=malloc(sz); p[0]=i; p[1]=1;p[2]=2; arr[i]=p;} }
  else { for(int i=0;i<n;i++){ long*p=malloc(sz); p[0]=i; p[1]=1;p[2]=2; scratch[i]=p;} arr=malloc(n*8+32); memcpy(arr,scratch,n*8);}
  for(int i=0;i<n;i++){ s+=((long*)arr[i])[0]; free(arr[i]);} free(arr);
  clock_gettime(CLOCK_MONOTONIC,&b); double t=(b.tv_sec-a.tv_sec)*1e3+(b.tv_nsec-a.tv_nsec)/1e6; if(t<best)best=t;}
 printf("size %d mode %d best %.3f ms %ld\n",sz,mode,best,s%7);}
