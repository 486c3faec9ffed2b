import CPrefetch

/// Composites each span of a solid fill with `blender`'s colour into a pixmap's pixels and
/// records it in `drawn`, prefetching the pixels below each span for the next row.
struct SolidSpans<Blender: LaneBlender>: SpanSink {
    let blender: Blender
    /// The pixmap's first pixel, and its size.
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    /// Where the swept region's first cell lies in the pixmap.
    let origin: (x: Int, y: Int)
    /// Where the spans are recorded: the fill's region, which outlives the sweep.
    let drawn: UnsafeMutablePointer<DrawnRegion>

    @inline(__always)
    mutating func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
        let (y, x) = (row &+ origin.y, column &+ origin.x)
        drawn.pointee.add(row: y, start: x, end: x &+ coverage.count)
        let start = pixels + (y &* width &+ x)
        // The row below: its span of a stroke usually starts near this one, and its pixels,
        // cleared at the start of the frame, have left the cache while the edges were added.
        if y &+ 1 < height { flipbook_prefetch_for_writing(start + width) }
        SourceOver.blendSpan(blender, coverage: coverage, into: start)
    }
}
