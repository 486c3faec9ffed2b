import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A hypotrochoid — the curve of a spirograph toy — as the drawing lesson's `Spirograph`
/// shape: a point at `distance` from the centre of a circle of radius `innerRadius` rolling
/// inside a circle of radius `outerRadius`.
///
/// ```
/// x(θ) = (R − r)·cos θ + d·cos((R − r)/r · θ)
/// y(θ) = (R − r)·sin θ − d·sin((R − r)/r · θ)       θ = 0, 0.01, 0.02, … ≤ amount · period
/// ```
/// The curve closes after `period = 2π·r / gcd(R, r)` (radii taken as whole numbers, as in the
/// lesson); `amount` in 0…1 draws that fraction of it. Points are scaled by `scale` and centred
/// in the rectangle.
public struct Spirograph: Shape, Hashable {
    public var outerRadius: Double
    public var innerRadius: Double
    public var distance: Double
    public var amount: Double
    /// Multiplies every coordinate (the curve's units → pixels).
    public var scale: Double

    /// Parameter step between points, as in the lesson.
    public static let step = 0.01
    /// Most points one curve can have whatever the limits (a radius pair such as 9973 and 9967
    /// asks for billions); presets are held to the lower `SceneLimits.pathPoints`.
    public static let maximumPoints = 50_000_000

    public init(
        outerRadius: Double, innerRadius: Double, distance: Double, amount: Double = 1, scale: Double = 1
    ) {
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius
        self.distance = distance
        self.amount = amount
        self.scale = scale
    }

    /// θ at which the curve returns to its start.
    public var period: Double {
        let divisor = Self.greatestCommonDivisor(Int(outerRadius), Int(innerRadius))
        return 2 * .pi * innerRadius / Double(max(divisor, 1))
    }

    public func path(in rect: CGRect) -> Path {
        var path = Path()
        guard innerRadius > 0, outerRadius.isFinite, distance.isFinite, scale.isFinite else { return path }
        let difference = outerRadius - innerRadius
        let end = period * min(max(amount, 0), 1)
        let steps = (end / Self.step).rounded(.down)
        guard steps.isFinite else { return path }
        let count = Int(min(steps + 1, Double(Self.maximumPoints)))
        for i in 0..<count {
            let theta = Double(i) * Self.step
            let x = difference * cos(theta) + distance * cos(difference / innerRadius * theta)
            let y = difference * sin(theta) - distance * sin(difference / innerRadius * theta)
            let point = CGPoint(x: rect.midX + x * scale, y: rect.midY + y * scale)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }

    static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
        var (a, b) = (abs(first), abs(second))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
