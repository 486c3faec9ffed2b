import CPrefetch

/// Where `CoverageAccumulator.sweep` hands its spans: a type rather than a closure, so that the
/// sweep is compiled for each kind of sink with the span's work inlined into its loop. (With a
/// closure capturing a generic blender, every span went through two forwarding thunks that
/// unpacked the closure's context.)
protocol SpanSink {
    /// Takes the span of `row` from `column` on, with a coverage in 0…1 per pixel.
    mutating func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>)
}

/// A span sink calling a closure, for sweeps whose per-span work outweighs the call.
struct SpanClosure: SpanSink {
    let body: (_ row: Int, _ column: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void

    func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
        body(row, column, coverage)
    }
}

/// Composites each span of a solid fill with `quad`'s colour into a pixmap's pixels and
/// records it in `drawn`, prefetching the pixels below each span for the next row.
struct SolidSpans<Quad: QuadBlender>: SpanSink {
    let quad: Quad
    /// The pixmap's first pixel, and its size.
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    /// Where the swept region's first cell lies in the pixmap.
    let origin: (x: Int, y: Int)
    var drawn: DrawnRegion

    @inline(__always)
    mutating func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
        let (y, x) = (row &+ origin.y, column &+ origin.x)
        drawn.add(row: y, start: x, end: x &+ coverage.count)
        let start = pixels + (y &* width &+ x)
        // The row below: its span of a stroke usually starts near this one, and its pixels,
        // cleared at the start of the frame, have left the cache while the edges were added.
        if y &+ 1 < height { flipbook_prefetch_for_writing(start + width) }
        SourceOver.blendSpan(quad, coverage: coverage, into: start)
    }
}
