import FlipbookJSON
import Foundation

/// A value a Lottie property holds and animates between keyframes: numbers and points (`[Double]`),
/// Bézier outlines (`LottieBezier`), gradient stops (`[Double]` as the file packs them).
protocol LottieInterpolable: Sendable {
    /// The value as a keyframe's `s` or a static property's `k` writes it.
    static func read(_ field: JSONField) throws(PresetError) -> Self

    /// The value `fraction` of the way (0…1, eased) to `end`. `outTangent` and `inTangent`
    /// are a position keyframe's spatial tangents (`to`, `ti`), relative to the ends.
    func interpolated(to end: Self, fraction: Double, outTangent: [Double]?, inTangent: [Double]?) -> Self

    /// How many points the value holds, counted against `LottieLimits.points`.
    var pointCount: Int { get }
}

extension Array: LottieInterpolable where Element == Double {
    /// A number (`5`) or an array of numbers (`[1, 0.5, 0, 1]`).
    static func read(_ field: JSONField) throws(PresetError) -> [Double] {
        if case .number(let number) = field.value.kind { return [number] }
        var numbers: [Double] = []
        for item in try field.array() {
            numbers.append(try item.number(in: -1e9...1e9))
        }
        return numbers
    }

    /// Component-wise; a position with spatial tangents follows its cubic Bézier curve,
    /// `fraction` measured along the curve's length as After Effects does.
    func interpolated(to end: [Double], fraction: Double, outTangent: [Double]?, inTangent: [Double]?)
        -> [Double]
    {
        if let outTangent, let inTangent, count >= 2, end.count >= 2, outTangent.count >= 2,
            inTangent.count >= 2,
            outTangent[0] != 0 || outTangent[1] != 0 || inTangent[0] != 0 || inTangent[1] != 0
        {
            let curve = LottieSpatialCurve(
                start: CGPoint(x: self[0], y: self[1]),
                control1: CGPoint(x: self[0] + outTangent[0], y: self[1] + outTangent[1]),
                control2: CGPoint(x: end[0] + inTangent[0], y: end[1] + inTangent[1]),
                end: CGPoint(x: end[0], y: end[1]))
            let point = curve.point(atLengthFraction: fraction)
            var result = interpolatedComponents(to: end, fraction: fraction)
            (result[0], result[1]) = (point.x, point.y)
            return result
        }
        return interpolatedComponents(to: end, fraction: fraction)
    }

    private func interpolatedComponents(to end: [Double], fraction: Double) -> [Double] {
        guard count == end.count else { return fraction < 1 ? self : end }
        return indices.map { self[$0] + (end[$0] - self[$0]) * fraction }
    }

    var pointCount: Int { (count + 1) / 2 }
}
