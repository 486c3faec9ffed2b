import FlipbookGeometry
import FlipbookJSON
import Foundation

/// A Lottie outline (`{"c": closed, "v": vertices, "i": in tangents, "o": out tangents}`) with
/// its control points made absolute: vertex k's curve leaves towards `outControls[k]` and comes
/// into vertex k + 1 from `inControls[k + 1]`. Invariant: the three arrays have one count.
struct LottieBezier: LottieInterpolable, Hashable {
    var closed: Bool
    var vertices: [CGPoint]
    var inControls: [CGPoint]
    var outControls: [CGPoint]

    /// An outline object, or (as keyframes write it) an array holding one.
    static func read(_ field: JSONField) throws(PresetError) -> LottieBezier {
        if case .array = field.value.kind {
            let items = try field.array()
            guard let first = items.first else { throw field.error("must hold an outline (got [])") }
            return try read(first)
        }
        _ = try field.object()
        let closed = try field.member("c")?.bool() ?? false
        guard let verticesField = field.member("v") else { throw field.error("missing required key \"v\"") }
        let vertices = try points(verticesField)
        func tangents(_ key: String) throws(PresetError) -> [CGPoint] {
            guard let tangentField = field.member(key) else {
                return Array(repeating: CGPoint(x: 0, y: 0), count: vertices.count)
            }
            let tangents = try points(tangentField)
            guard tangents.count == vertices.count else {
                throw tangentField.error(
                    "must have one tangent per vertex (\(vertices.count) vertices, got \(tangents.count))")
            }
            return tangents
        }
        let (inTangents, outTangents) = (try tangents("i"), try tangents("o"))
        return LottieBezier(
            closed: closed, vertices: vertices,
            inControls: zip(vertices, inTangents).map { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) },
            outControls: zip(vertices, outTangents).map { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) })
    }

    private static func points(_ field: JSONField) throws(PresetError) -> [CGPoint] {
        var points: [CGPoint] = []
        for item in try field.array() {
            let pair = try [Double].read(item)
            guard pair.count >= 2 else {
                throw item.error("must be a point [x, y] (got \(item.value.summary))")
            }
            points.append(CGPoint(x: pair[0], y: pair[1]))
        }
        return points
    }

    /// Point by point; outlines of different vertex counts jump at the end, as players do.
    func interpolated(to end: LottieBezier, fraction: Double, outTangent: [Double]?, inTangent: [Double]?)
        -> LottieBezier
    {
        guard vertices.count == end.vertices.count else { return fraction < 1 ? self : end }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * fraction, y: $0.y + ($1.y - $0.y) * fraction) }
        }
        return LottieBezier(
            closed: closed, vertices: mix(vertices, end.vertices),
            inControls: mix(inControls, end.inControls),
            outControls: mix(outControls, end.outControls))
    }

    var pointCount: Int { vertices.count * 3 }

    /// The outline as a path: one subpath, closed when `closed`.
    var path: Path {
        var path = Path()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let last = closed ? vertices.count : vertices.count - 1
        for index in stride(from: 0, to: last, by: 1) {
            let next = (index + 1) % vertices.count
            // A segment whose controls lie on its ends is straight: a line, which set
            // operations, trims and the rasterizer take without flattening a curve.
            if outControls[index] == vertices[index], inControls[next] == vertices[next] {
                path.addLine(to: vertices[next])
            } else {
                path.addCurve(to: vertices[next], control1: outControls[index], control2: inControls[next])
            }
        }
        if closed { path.closeSubpath() }
        return path
    }

    /// The outline run backwards (a shape's direction `d: 3`), which decides where a trim starts.
    var reversed: LottieBezier {
        guard !vertices.isEmpty else { return self }
        // Reversed, a closed outline still starts at its first vertex.
        let order =
            closed ? [0] + vertices.indices.dropFirst().reversed() : Array(vertices.indices.reversed())
        return LottieBezier(
            closed: closed, vertices: order.map { vertices[$0] }, inControls: order.map { outControls[$0] },
            outControls: order.map { inControls[$0] })
    }

    func applying(_ transform: CGAffineTransform) -> LottieBezier {
        LottieBezier(
            closed: closed, vertices: vertices.map { $0.applying(transform) },
            inControls: inControls.map { $0.applying(transform) },
            outControls: outControls.map { $0.applying(transform) })
    }
}
