import FlipbookJSON
import Foundation

/// One of a composition's `overrides`: what changes in the file for a canvas of some shapes —
/// portrait, landscape, square, or a range of aspect ratios (`condition`) — as JSON merged onto
/// the file before it is decoded: keys of layers found by name, and the composition's own keys
/// (`safeArea`, `variables`). So one file lays out for 16:9, 9:16 and 1:1, and a mistake in an
/// override is told at its line in the override, as any other.
package struct ShapeOverride: Sendable {
    var condition = AspectCondition()
    /// Layer names, each with the object merged onto the layer of that name.
    var layers: [(name: String, changes: JSONField)] = []
    /// The composition's own keys it changes, as written.
    var members: [JSONValue.Member] = []
}

/// The shapes of canvas an override is for, by the canvas's aspect ratio (width ÷ height).
package struct AspectCondition: Hashable, Sendable {
    /// A shape, or a range of aspect ratios.
    enum Aspect: Hashable, Sendable {
        /// Taller than wide, wider than tall, or exactly square.
        case portrait, landscape, square
        /// From `minimum` to `maximum` (both included; `nil`: no bound).
        case range(minimum: Double?, maximum: Double?)
    }

    /// An aspect range's bounds, as read.
    struct Bounds: Hashable, Sendable {
        var minimum: Double?
        var maximum: Double?
    }

    var aspect = Aspect.range(minimum: nil, maximum: nil)

    /// The words `aspect` may be.
    static let shapes: [(String, Aspect)] = [
        ("portrait", .portrait), ("landscape", .landscape), ("square", .square),
    ]

    /// Whether a canvas of `size` is of this shape.
    func admits(_ size: CGSize) -> Bool {
        switch aspect {
        case .portrait: return size.width < size.height
        case .landscape: return size.width > size.height
        case .square: return size.width == size.height
        case .range(let minimum, let maximum):
            guard size.height > 0 else { return false }
            let ratio = size.width / size.height
            return ratio >= minimum ?? 0 && ratio <= maximum ?? .infinity
        }
    }
}
