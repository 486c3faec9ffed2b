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
