#ifndef FLIPBOOK_CPREFETCH_H
#define FLIPBOOK_CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` close, for writing, ahead of
/// its use: Swift has no prefetch of its own. A hint only; any address is allowed, even one
/// that is not mapped.
static inline void flipbook_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
