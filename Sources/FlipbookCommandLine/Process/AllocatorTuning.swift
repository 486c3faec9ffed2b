import CAllocator
import FlipbookFFmpeg

// A process-wide setting, so it belongs to the executables (`flipbook`, `flipbook-bench`), not
// to the library a caller embeds in a process of its own.

/// How a rendering process asks the C allocator to keep the memory it frees.
///
/// Why: every frame records a display list and lets it go (confetti 2000: 2 000 items, about
/// 350 KB). By default glibc hands the top of its heap back to the kernel as soon as more than
/// 128 KB lie free there, so each frame shrank the heap and grew it again: page faults for the
/// same memory every frame, and on two render threads one thread's shrinking (which takes the
/// process's memory-map lock for writing) stalled the other's page faults. Measured on confetti
/// 2000, two threads, 720 frames: 5 000 instead of 60 000 minor page faults, 1 428 `brk` calls
/// down to 6, and about a tenth less wall time. The memory is kept for the next frame instead;
/// the process's peak is the same.
package enum AllocatorTuning {
    /// Keeps up to 256 MiB of freed memory at the top of each heap, grows heaps 16 MiB at a
    /// time, and serves blocks up to 32 MiB (glibc's most) from the heaps. Process-wide and
    /// harmless to call more than once: the `flipbook` command calls it before rendering, and
    /// the benchmark, which times rendering as the command runs it.
    ///
    /// The last matters because setting the first two turns off glibc's adjustment of its
    /// mmap threshold: without it every block over 128 KB — a layer's 8 MB pixmap, a blur's
    /// buffers — was mapped fresh and unmapped again every frame, and paid a page fault for each
    /// of its pages every time (a third of the time of the launch benchmark's blurred glow).
    package static func keepFreedMemory() {
        flipbook_keep_freed_memory(256 << 20, 16 << 20, 32 << 20)
    }

    /// Turns transparent huge pages off for the rest of the process when `formats` (the videos
    /// it is about to encode) include H.264; does nothing otherwise.
    ///
    /// Why: x264 advises its large buffers for 2 MiB pages. A huge page is zeroed whole at its
    /// first touch, and x264 touches most of its buffers only in part; with Linux's default
    /// `defrag=madvise` the fault also compacts memory before it returns. A 3 s 1080p confetti
    /// export spent 0.6–0.96 s of system time in those faults against 0.25–0.34 s without them,
    /// took about 6 % less wall time (medians of five interleaved rounds) and 3–6 MB less
    /// memory, and wrote the same bytes. The rasterizer's own huge pages (`HugePages`, 4–7 % on
    /// stroke-heavy scenes) go too: so formats without x264 keep them, and the library, which
    /// runs inside other programs, never does this itself.
    static func avoidHugePages(encoding formats: [OutputFormat]) {
        if formats.contains(.h264) { _ = flipbook_disable_transparent_huge_pages() }
    }
}
