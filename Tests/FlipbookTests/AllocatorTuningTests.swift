import CAllocator
import Dispatch
import FlipbookCommandLine
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc

    /// `AllocatorTuning.keepFreedMemory()` must stop glibc from handing freed memory at the top
    /// of a heap back to the kernel, which by default it does once more than 128 KB lie free
    /// there (see `AllocatorTuning` for why a renderer cares).
    @Suite struct AllocatorTuningTests {
        /// Frees 4 MB of 64 KB blocks, top first, so that each free joins the heap's free top,
        /// and reads the allocator's count of the memory it holds from the kernel before and
        /// after the frees. Without the tuning the count drops by megabytes (3 MB when tried).
        ///
        /// The blocks are allocated on a thread of their own, so that glibc gives them a heap no
        /// test running at the same time allocates from; the count is summed over all heaps, but
        /// other tests move it by far less than the margin in the millisecond this takes.
        @Test func freedMemoryStaysWithTheProcess() {
            AllocatorTuning.keepFreedMemory()
            let (blockSize, blocks, margin) = (64 << 10, 64, 1 << 20)
            let counts = Mutex((held: 0, kept: 0))
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let allocated = (0..<blocks).map { _ in malloc(blockSize)! }
                let held = mallinfo2().arena
                for block in allocated.reversed() { free(block) }
                counts.withLock { $0 = (held, mallinfo2().arena) }
                done.signal()
            }
            thread.start()
            done.wait()
            let (held, kept) = counts.withLock { $0 }
            #expect(kept + margin >= held, "held \(held) bytes before the frees and \(kept) after")
        }
    }
#endif
