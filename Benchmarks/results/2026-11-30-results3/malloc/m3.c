#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include <string.h>
static double now(){struct timespec a;clock_gettime(CLOCK_MONOTONIC,&a);return a.tv_sec*1e3+a.tv_nsec/1e6;}
int main(int argc,char**argv){ int n=56600; int sz=atoi(argv[1]); int reps=2000;
 { void* volatile big = malloc(30<<20); free(big); }
 double bm=1e9,bf=1e9; long s=0;
 for(int r=0;r<reps;r++){ double t0=now();
  void**arr=malloc(n*8+32); for(int i=0;i<n;i++){ long*p=malloc(sz); p[0]=i; p[1]=1;p[2]=2; arr[i]=p;}
  double t1=now();
  for(int i=0;i<n;i++){ s+=((long*)arr[i])[0]; free(arr[i]);} free(arr);
  double t2=now(); if(t1-t0<bm)bm=t1-t0; if(t2-t1<bf)bf=t2-t1;}
 printf("size %d malloc %.3f free %.3f ms %ld\n",sz,bm,bf,s%7);}
