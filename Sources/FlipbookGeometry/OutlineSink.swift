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
struct DeviceOutline: OutlineSink {
    var transform: CGAffineTransform
    var output: FlattenedPath

    mutating func move(to point: CGPoint) {
        let device = point.applying(transform)
        guard device.isFinite else { return }
        output.beginSubpath(at: device)
    }

    mutating func addLine(to point: CGPoint) {
        output.append(point.applying(transform))
    }

    mutating func closeSubpath() {
        output.endSubpath(closed: true)
    }

    var elementCount: Int { output.points.count }
}
