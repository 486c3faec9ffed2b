import Foundation

/// Whole-path operations: transforming, offsetting, appending and measuring.
extension Path {
    /// This path with every point mapped through `transform` (affine maps keep Béziers Béziers).
    public func applying(_ transform: CGAffineTransform) -> Path {
        var result = Path()
        result.addPath(self, transform: transform)
        return result
    }

    public func offsetBy(dx: Double, dy: Double) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    /// Appends the elements of `path`, mapped through `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .move(let p):
                move(to: p.applying(transform))
            case .line(let p):
                addLine(to: p.applying(transform))
            case .quadCurve(let p, let c):
                addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                addCurve(
                    to: p.applying(transform), control1: c1.applying(transform),
                    control2: c2.applying(transform))
            case .closeSubpath:
                closeSubpath()
            }
        }
    }

    /// Runs `add` on this path when `transform` is the identity, else on an empty path that is
    /// then appended mapped through `transform`: how the shape builders (`addRect`,
    /// `addEllipse`, `addRoundedRect`) take a transform, each drawing untransformed only.
    @inline(__always)
    mutating func addMapped(through transform: CGAffineTransform, _ add: (inout Path) -> Void) {
        guard transform != .identity else { return add(&self) }
        var untransformed = Path()
        add(&untransformed)
        addPath(untransformed, transform: transform)
    }

    /// The smallest rectangle holding every point of the path, control points included (so it may
    /// be slightly larger than the curve itself); `.null` for an empty path.
    public var controlPointBounds: CGRect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func include(_ p: CGPoint) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c):
                include(p)
                include(c)
            case .curve(let p, let c1, let c2):
                include(p)
                include(c1)
                include(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
