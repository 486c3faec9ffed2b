import Foundation

/// Where `Stroker` writes a stroke's outline, which holds straight lines only: a `Path`
/// (`strokedPath(_:)`), or a `FlattenedPath` in device space (`DeviceOutline`), which lets the
/// rasterizer fill a stroke without building a path and flattening it a second time.
protocol OutlineSink {
    mutating func move(to point: CGPoint)
    mutating func addLine(to point: CGPoint)
    mutating func closeSubpath()
    /// Elements written so far, for `OutlineWriter.elementBudget`.
    var elementCount: Int { get }
}

extension Path: OutlineSink {
    var elementCount: Int { elements.count }
}

/// An outline written straight into a `FlattenedPath`, each point mapped through `transform`:
/// exact, because an outline has no curves left to bend.
///
/// Points are appended a batch at a time: appending to an array checks its uniqueness and
/// capacity (a call into the runtime) on every append, and per point of a stroke's outline
/// that check and the call around it were half the work.
struct DeviceOutline: OutlineSink {
    var transform: CGAffineTransform
    private(set) var output: FlattenedPath
    /// Mapped, finite points not yet appended to `output`.
    private var batch = InlineArray<64, CGPoint>(repeating: .zero)
    private var batchCount = 0

    init(transform: CGAffineTransform, output: FlattenedPath) {
        self.transform = transform
        self.output = output
    }

    mutating func move(to point: CGPoint) {
        flush()
        let device = point.applying(transform)
        guard device.isFinite else { return }
        output.beginSubpath(at: device)
    }

    @inline(__always)
    mutating func addLine(to point: CGPoint) {
        let device = point.applying(transform)
        guard device.isFinite else { return }
        batch[batchCount] = device
        batchCount &+= 1
        if batchCount == batch.count { flush() }
    }

    mutating func closeSubpath() {
        flush()
        output.endSubpath(closed: true)
    }

    var elementCount: Int { output.points.count + batchCount }

    /// The outline, with its last subpath ended open.
    mutating func finish() -> FlattenedPath {
        flush()
        output.endSubpath(closed: false)
        return output
    }

    private mutating func flush() {
        guard batchCount > 0 else { return }
        let count = batchCount
        batch.span.withUnsafeBufferPointer {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
        }
        batchCount = 0
    }
}
