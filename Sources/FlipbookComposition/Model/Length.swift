import Foundation

/// A distance in a composition: points, or relative to the parent layer's box (`"50%"`) or to
/// the canvas (`"10vw"`, `"10vh"`, `"5vmin"`, `"5vmax"`), so one file lays out for 1920×1080
/// and 1080×1920 alike (`--size`).
public struct Length: Hashable, Sendable {
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case points = ""
        case percent = "%"
        case vw, vh, vmin, vmax
    }

    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit = .points) {
        (self.value, self.unit) = (value, unit)
    }

    /// In points, given the parent box's extent along this length's axis and the canvas size.
    public func points(extent: Double, canvas: CGSize) -> Double {
        switch unit {
        case .points: value
        case .percent: value / 100 * extent
        case .vw: value / 100 * canvas.width
        case .vh: value / 100 * canvas.height
        case .vmin: value / 100 * min(canvas.width, canvas.height)
        case .vmax: value / 100 * max(canvas.width, canvas.height)
        }
    }

    /// Parses `"12"`, `"24px"` (points, as CSS's pixels are: 24), `"50%"`, `"10vw"`; `nil` for
    /// anything else.
    public init?(parsing text: String) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("px") { trimmed.removeLast(2) }
        for unit in Unit.allCases.reversed() where unit != .points && trimmed.hasSuffix(unit.rawValue) {
            guard let number = Double(trimmed.dropLast(unit.rawValue.count)), number.isFinite else {
                return nil
            }
            self.init(number, unit)
            return
        }
        guard let number = Double(trimmed), number.isFinite else { return nil }
        self.init(number)
    }
}

/// Two lengths: a point (x, y) or a size (width, height), each resolved along its own axis.
public struct LengthPair: Hashable, Sendable {
    public var x: Length
    public var y: Length

    public init(_ x: Length, _ y: Length) {
        (self.x, self.y) = (x, y)
    }

    /// In points, relative to `box`'s size and the canvas.
    public func points(in box: CGSize, canvas: CGSize) -> CGPoint {
        CGPoint(
            x: x.points(extent: box.width, canvas: canvas), y: y.points(extent: box.height, canvas: canvas))
    }
}
