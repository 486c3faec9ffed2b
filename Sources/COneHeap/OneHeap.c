// Makes every thread of the `flipbook` process allocate from one heap, glibc's main arena
// (`mallopt`'s M_ARENA_MAX), before any thread starts: a constructor, because the Swift
// runtime runs the command's code on a thread of its own that takes a heap at its first
// allocation, before the command could ask.
//
// Why: glibc gives threads heaps of their own (up to 8 a core), and memory freed in one heap
// serves only the threads allocating from it; a thread's extra heap also shrinks, and is
// unmapped, as soon as its top lies free. A batch makes an encoder for every row, each on
// whichever thread the render stage runs it, and x264 `medium` at 1080p allocates some
// 450 MB: freed into one heap and asked for from another, it was faulted in from the kernel
// afresh, row after row. With one heap the next row's encoder reuses its predecessor's pages.
// Six rows of `launch.json` (2 s, `flipbook batch`): 306 000 minor page faults instead of
// 590 000–660 000 (each page of the process's peak faulted once), 0.9 s of system time instead
// of 2.5–4.9, the same user time and bytes. A single render's times are unchanged (confetti,
// celebration-goal, launch: within 1 %): small blocks come from each thread's cache without
// taking the heap's lock. The library itself, which runs inside other programs, leaves their
// heaps as they are.
#include "COneHeap.h"
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

__attribute__((constructor)) static void flipbook_use_one_heap(void) { mallopt(M_ARENA_MAX, 1); }
#endif
