#ifndef FLIPBOOK_CALLOCATOR_H
#define FLIPBOOK_CALLOCATOR_H

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Sets how much freed memory glibc's allocator keeps at the top of a heap, and how much more
/// it asks for each time a heap grows (`mallopt`'s M_TRIM_THRESHOLD and M_TOP_PAD; Swift's
/// Glibc module does not import <malloc.h>). Does nothing with another C library.
static inline void flipbook_keep_freed_memory(int trim_threshold, int top_pad, int mmap_threshold) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
    mallopt(M_TOP_PAD, top_pad);
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
#else
    (void)trim_threshold;
    (void)top_pad;
    (void)mmap_threshold;
#endif
}

/// Turns transparent huge pages off for the calling process (`prctl(PR_SET_THP_DISABLE)`;
/// Swift cannot call the variadic `prctl`). Returns 0, or -1 where that is not possible.
static inline int flipbook_disable_transparent_huge_pages(void) {
#if defined(__linux__) && defined(PR_SET_THP_DISABLE)
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
#else
    return -1;
#endif
}

#endif
