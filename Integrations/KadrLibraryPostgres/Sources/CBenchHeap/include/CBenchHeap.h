// What kadr-library-bench reads of the C allocator: the heap in use, which the resident size
// (the allocator's high water) does not show.
#ifndef CBENCH_HEAP_H
#define CBENCH_HEAP_H

/// The bytes the allocator has handed out and not had back (glibc's mallinfo2: small blocks
/// and mapped ones); 0 where the C library cannot say.
long long kadr_bench_heap_in_use(void);

#endif
