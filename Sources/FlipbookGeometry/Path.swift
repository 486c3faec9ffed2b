import Foundation

/// The outline of a 2D shape, as SwiftUI's `Path`: a sequence of subpaths made of lines and
/// Bézier curves.
///
/// A `Path` is a value (`Hashable`, `Sendable`), so it can be recorded into a display list and
/// fingerprinted. Invariant: every subpath begins with a `.move`; a drawing element added to an
/// empty path or after `closeSubpath()` starts a new subpath at the current point, as in
/// CoreGraphics.
public struct Path: Hashable, Sendable {
    /// One element of a path.
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The elements, in drawing order.
    public private(set) var elements: [Element] = []
    /// Where the current subpath began (the point `closeSubpath` returns to).
    private var subpathStart: CGPoint?
    /// The end of the last element, or `nil` for an empty path.
    public private(set) var currentPoint: CGPoint?

    public init() {}

    /// Builds a path by running `callback` on an empty one, as `Path { path in … }` in SwiftUI.
    public init(_ callback: (inout Path) -> Void) {
        callback(&self)
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
        currentPoint = point
    }

    public mutating func addLine(to point: CGPoint) {
        ensureSubpath()
        elements.append(.line(to: point))
        currentPoint = point
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        ensureSubpath()
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        ensureSubpath()
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        guard let start = subpathStart else { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) {
        elements.forEach(body)
    }

    /// Starts an implicit subpath at the current point (or the origin) when none is open.
    private mutating func ensureSubpath() {
        if case .closeSubpath? = elements.last, let point = currentPoint {
            move(to: point)
        } else if currentPoint == nil {
            move(to: .zero)
        }
    }
}
