#ifndef FLIPBOOK_CONEHEAP_H
#define FLIPBOOK_CONEHEAP_H

// COneHeap has no interface: linking it into an executable makes every thread of that process
// allocate from one heap (see OneHeap.c). Only the `flipbook` command links it.

#endif
