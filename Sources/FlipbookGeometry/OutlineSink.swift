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
/// exact, because an outline has no curves left to bend. Points go through a `PointBatch`.
struct DeviceOutline: OutlineSink {
    var transform: CGAffineTransform
    private(set) var output: FlattenedPath
    private var batch: PointBatch

    /// An outline appending to `output` through a batch in `storage` (`PointBatch.withStorage`),
    /// which it must not outlive.
    init(
        transform: CGAffineTransform, output: FlattenedPath,
        batchStorage storage: UnsafeMutablePointer<CGPoint>
    ) {
        self.transform = transform
        self.output = output
        batch = PointBatch(storage: storage)
    }

    mutating func move(to point: CGPoint) {
        batch.flush(into: &output)
        let device = point.applying(transform)
        guard device.isFinite else { return }
        output.beginSubpath(at: device)
    }

    @inline(__always)
    mutating func addLine(to point: CGPoint) {
        let device = point.applying(transform)
        guard device.isFinite else { return }
        batch.add(device, flushingInto: &output)
    }

    mutating func closeSubpath() {
        batch.flush(into: &output)
        output.endSubpath(closed: true)
    }

    var elementCount: Int { output.points.count + batch.pending }

    /// The outline, with its last subpath ended open.
    mutating func finish() -> FlattenedPath {
        batch.flush(into: &output)
        output.endSubpath(closed: false)
        return output
    }
}
