#ifndef DATAMAPPER_ALLOCATION_COUNTER_H
#define DATAMAPPER_ALLOCATION_COUNTER_H

#include <stdint.h>

/// How many blocks the process has asked the C allocator for since it started:
/// calls of malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign.
///
/// The library is meant to be loaded with LD_PRELOAD: its functions then stand in for
/// the C library's in every module of the process, count, and hand on to glibc's own.
uint64_t datamapper_allocation_count(void);

#endif
