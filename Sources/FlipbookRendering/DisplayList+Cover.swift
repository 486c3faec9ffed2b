import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension DisplayList {
    /// Whether drawing the list into a `width` × `height` canvas sets every pixel to a value
    /// that does not depend on what the canvas held: its first item covers the whole canvas
    /// with opaque paint, blended normally at full opacity (an opaque colour or gradient in a
    /// rectangle around the canvas, or a layer whose own first item does so and whose later
    /// items all blend normally, which keeps it opaque). A renderer drawing frame after frame
    /// into one canvas then need not clear it first: a composition's full-frame background
    /// rewrites every pixel anyway.
    ///
    /// Conservative: `false` tells nothing.
    package func overwritesEveryPixel(width: Int, height: Int) -> Bool {
        items.first?.overwritesEveryPixel(width: width, height: height) ?? false
    }
}

extension DisplayList.Item {
    /// Whether this item alone sets every pixel of the canvas, whatever was there.
    fileprivate func overwritesEveryPixel(width: Int, height: Int) -> Bool {
        switch self {
        case .fill(let fill):
            // Coverage is exactly 1 in every pixel of a rectangle around the canvas, so every
            // pixel becomes the paint's opaque colour.
            return fill.opacity >= 1 && fill.blendMode == .normal && fill.clips.isEmpty
                && fill.paint.isOpaque(placedBy: fill.transform)
                && Self.isRectangle(fill.path, placedBy: fill.transform, around: width, height)
        case .layer(let layer):
            // Source-over onto opaque pixels leaves them opaque, so the layer's pixels are all
            // opaque and replace what is under them.
            return layer.opacity >= 1 && layer.blendMode == .normal && layer.clips.isEmpty
                && layer.filters.isEmpty && layer.content.overwritesEveryPixel(width: width, height: height)
                && layer.content.items.dropFirst().allSatisfy(\.blendsNormally)
        case .glyphs, .stroke, .stamp:
            return false
        }
    }

    /// Whether the item is composited with source-over.
    private var blendsNormally: Bool {
        switch self {
        case .fill(let fill): fill.blendMode == .normal
        case .glyphs(let text): text.fill.blendMode == .normal
        case .stroke(let stroke): stroke.blendMode == .normal
        case .layer(let layer): layer.blendMode == .normal
        case .stamp(let stamp): stamp.blendMode == .normal
        }
    }

    /// Whether `path` mapped by `transform` is one rectangle with sides along the axes that
    /// contains 0…`width` × 0…`height`: a move, three or four lines and possibly a close, through
    /// the four distinct corners of its box, each side along an axis.
    private static func isRectangle(
        _ path: Path, placedBy transform: CGAffineTransform, around width: Int, _ height: Int
    ) -> Bool {
        var corners: [CGPoint] = []
        for (index, element) in path.elements.enumerated() {
            switch element {
            case .move(let point) where index == 0: corners.append(point.applying(transform))
            case .line(let point) where index > 0: corners.append(point.applying(transform))
            case .closeSubpath where index == path.elements.count - 1: break
            default: return false
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            minX <= 0, minY <= 0, maxX >= Double(width), maxY >= Double(height)
        else { return false }
        let distinct = Set(corners.map { [$0.x, $0.y] }).count == 4
        let onBox = corners.allSatisfy { ($0.x == minX || $0.x == maxX) && ($0.y == minY || $0.y == maxY) }
        let alongAxes = corners.indices.allSatisfy { index in
            let (a, b) = (corners[index], corners[(index + 1) % 4])
            return (a.x == b.x) != (a.y == b.y)
        }
        return distinct && onBox && alongAxes
    }
}
