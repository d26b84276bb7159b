#include "CBenchHeap.h"

#include <stdlib.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define KADR_HAS_MALLINFO2 1
#endif

long long kadr_bench_heap_in_use(void) {
#ifdef KADR_HAS_MALLINFO2
  struct mallinfo2 info = mallinfo2();
  return (long long)(info.uordblks + info.hblkhd);
#else
  return 0;
#endif
}
